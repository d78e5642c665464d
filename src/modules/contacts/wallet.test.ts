import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const lastEntry = async (app: TestApp) => {
  const row = await app.ctx.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  return { action: row.action, entity: row.entity, before: row.before && JSON.parse(row.before), after: row.after && JSON.parse(row.after) };
};

describe("a contact's wallet owner (walletUserId)", () => {
  test("admins set and clear it to a user of their company, audited in the write; another company's user is not found", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const owner = await createUser(t, { companyId: 1, name: "Dona da carteira" });
    const other = await createCompany(t, { name: "Outra" });

    const created = await t.json("POST", "/api/contacts", { token: admin, body: { name: "Ana", number: "5511911110000", walletUserId: owner.id } });
    expect(created.status).toBe(201);
    expect(created.body.walletUserId).toBe(owner.id);
    expect(await lastEntry(t)).toMatchObject({ entity: "contact", action: "create", after: { walletUserId: owner.id } });
    const id = created.body.id;
    expect((await t.json("GET", `/api/contacts/${id}`, { token: admin })).body.walletUserId).toBe(owner.id);
    expect((await t.json("GET", "/api/contacts", { token: admin })).body.contacts[0].walletUserId).toBe(owner.id);

    const foreign = await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { walletUserId: other.admin.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: "ERR_VALIDATION", fields: { walletUserId: "Not found" } });
    const onCreate = await t.json("POST", "/api/contacts", { token: admin, body: { name: "Bia", number: "5511911110001", walletUserId: other.admin.id } });
    expect(onCreate.body.fields).toEqual({ walletUserId: "Not found" });
    expect((await t.json("GET", "/api/contacts?searchParam=Bia", { token: admin })).body.count).toBe(0);
    expect((await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { walletUserId: "x" } })).body.fields).toHaveProperty("walletUserId");

    const cleared = await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { walletUserId: null } });
    expect(cleared.body.walletUserId).toBeNull();
    expect(await lastEntry(t)).toMatchObject({ action: "update", before: { walletUserId: owner.id }, after: { walletUserId: null } });

    // The other company's admin cannot give their contact one of company 1's users either.
    const theirs = await t.json("POST", "/api/contacts", { token: other.admin.token, body: { name: "Caio", number: "5511911110002", walletUserId: owner.id } });
    expect(theirs.body.fields).toEqual({ walletUserId: "Not found" });
  });

  test("from a plain user the field is ignored: their edits never change the owner", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const owner = await createUser(t, { companyId: 1, name: "Dono" });
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const id = (await t.json("POST", "/api/contacts", { token: admin, body: { name: "Ana", number: "5511911110000", walletUserId: owner.id } })).body.id;

    const r = await t.json("PUT", `/api/contacts/${id}`, { token: plain.token, body: { name: "Ana Souza", walletUserId: plain.id } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Ana Souza", walletUserId: owner.id });
    const mine = await t.json("POST", "/api/contacts", { token: plain.token, body: { name: "Bia", number: "5511911110001", walletUserId: plain.id } });
    expect(mine.status).toBe(201);
    expect(mine.body.walletUserId).toBeNull();
  });

  test("deleting the owner leaves the contact without one", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const owner = await createUser(t, { companyId: 1, name: "Dono" });
    const id = (await t.json("POST", "/api/contacts", { token: admin, body: { name: "Ana", number: "5511911110000", walletUserId: owner.id } })).body.id;
    expect((await t.json("DELETE", `/api/users/${owner.id}`, { token: admin })).status).toBe(200);
    expect((await t.json("GET", `/api/contacts/${id}`, { token: admin })).body.walletUserId).toBeNull();
  });
});
