import { afterEach, describe, expect, test } from "bun:test";
import { login } from "../../../tests/helpers/factories";
import { ADMIN, type TestApp } from "../../../tests/helpers/test-app";
import { createChannelTestApp, createTestChannel } from "../../../tests/helpers/test-channel";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { REDACTED } from "./record";

/**
 * Every audited write route: exactly one entry, written with the change, naming the entity and holding the changed
 * fields before and after; secrets never stored.
 */
let t: TestApp;
let w: Inbox | undefined;
afterEach(async () => {
  await (w?.t ?? t).close();
  w = undefined;
});

type Entry = { companyId: number; userId: number | null; entity: string; entityId: string; action: string; before: any; after: any; raw: string };
/** Calls the route and answers the one entry it wrote (fails on none or more than one). */
async function oneEntry(method: string, path: string, token: string, body?: unknown, expected = 200): Promise<Entry> {
  const app = w?.t ?? t;
  const before = (await app.ctx.db.selectFrom("audit_log").select("id").orderBy("id", "desc").executeTakeFirst())?.id ?? 0;
  const r = await app.json(method, path, { token, body });
  expect({ path, status: r.status, body: r.status === expected ? undefined : r.body }).toEqual({ path, status: expected, body: undefined });
  const rows = await app.ctx.db.selectFrom("audit_log").selectAll().where("id", ">", before).execute();
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  return { ...row, before: row.before && JSON.parse(row.before), after: row.after && JSON.parse(row.after), raw: `${row.before}${row.after}` };
}

describe("administration", () => {
  test("users: create, edit (password redacted), delete", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const queue = await t.json("POST", "/api/queue", { token: admin, body: { name: "Vendas", color: "#00aa00" } });

    const created = await oneEntry(
      "POST",
      "/api/users",
      admin,
      { name: "Carla", email: "carla@test.local", password: "FirstPass1", queueIds: [queue.body.id] },
      201,
    );
    expect(created).toMatchObject({ companyId: 1, userId: 1, entity: "user", action: "create", before: null });
    expect(created.after).toMatchObject({ name: "Carla", email: "carla@test.local", passwordHash: REDACTED, queueIds: [queue.body.id], profile: "user" });
    const id = Number(created.entityId);

    const edited = await oneEntry("PUT", `/api/users/${id}`, admin, { name: "Carla S", password: "SecondPass2", queueIds: [] });
    expect(edited.before).toEqual({ name: "Carla", passwordHash: REDACTED, tokenVersion: REDACTED, queueIds: [queue.body.id] });
    expect(edited.after).toEqual({ name: "Carla S", passwordHash: REDACTED, tokenVersion: REDACTED, queueIds: [] });

    const deleted = await oneEntry("DELETE", `/api/users/${id}`, admin);
    expect(deleted).toMatchObject({ action: "delete", entityId: String(id), after: null, before: { name: "Carla S", queueIds: [] } });

    const hashes = [created, edited, deleted].map((e) => e.raw).join("");
    for (const secret of ["FirstPass1", "SecondPass2", "$argon2", "$2b$"]) expect(hashes).not.toContain(secret);
  });

  test("queues and settings: company settings under the company, platform settings under the super user's company", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const admin = await login(t, ADMIN.email, ADMIN.password);

    const created = await oneEntry("POST", "/api/queue", admin, { name: "Vendas", color: "#00aa00" }, 201);
    expect(created).toMatchObject({ entity: "queue", action: "create", after: { name: "Vendas", color: "#00aa00" } });
    const edited = await oneEntry("PUT", `/api/queue/${created.entityId}`, admin, { name: "Suporte" });
    expect(edited).toMatchObject({ action: "update", before: { name: "Vendas" }, after: { name: "Suporte" } });
    expect(await oneEntry("DELETE", `/api/queue/${created.entityId}`, admin)).toMatchObject({ action: "delete", before: { name: "Suporte" }, after: null });

    expect(await oneEntry("PUT", "/api/settings/userRating", admin, { value: "enabled" })).toMatchObject({
      entity: "companySetting",
      entityId: "userRating",
      before: { userRating: "disabled" },
      after: { userRating: "enabled" },
    });
    expect(await oneEntry("PUT", "/api/companySettings", admin, { column: "userRating", data: "disabled" })).toMatchObject({
      entity: "companySetting",
      before: { userRating: "enabled" },
      after: { userRating: "disabled" },
    });
    expect(await oneEntry("PUT", "/api/settings/appName", admin, { value: "Central" })).toMatchObject({
      companyId: 1,
      entity: "setting",
      entityId: "appName",
      before: { appName: "Multi100" },
      after: { appName: "Central" },
    });
  });

  test("connections: create, edit, delete; the token and the plugin's secret fields never stored", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const created = await oneEntry(
      "POST",
      "/api/whatsapp",
      admin,
      { name: "Loja", channel: "testchan", config: { apiKey: "first-api-secret", number: "5511" } },
      201,
    );
    expect(created).toMatchObject({
      entity: "connection",
      action: "create",
      after: { name: "Loja", token: REDACTED, config: { apiKey: REDACTED, number: "5511" } },
    });
    const id = Number(created.entityId);
    const firstToken = (await t.ctx.db.selectFrom("connections").select("token").where("id", "=", id).executeTakeFirstOrThrow()).token;

    const edited = await oneEntry("PUT", `/api/whatsapp/${id}`, admin, {
      name: "Loja 2",
      regenerateToken: true,
      config: { apiKey: "second-api-secret", number: "5522" },
    });
    expect(edited.before).toEqual({ name: "Loja", token: REDACTED, config: { apiKey: REDACTED, number: "5511", mode: "connect" } });
    expect(edited.after).toEqual({ name: "Loja 2", token: REDACTED, config: { apiKey: REDACTED, number: "5522", mode: "connect" } });
    const secondToken = (await t.ctx.db.selectFrom("connections").select("token").where("id", "=", id).executeTakeFirstOrThrow()).token;

    const deleted = await oneEntry("DELETE", `/api/whatsapp/${id}`, admin);
    expect(deleted).toMatchObject({ action: "delete", before: { name: "Loja 2", token: REDACTED }, after: null });

    const stored = (await t.ctx.db.selectFrom("audit_log").select(["before", "after"]).execute()).map((r) => `${r.before}${r.after}`).join("");
    for (const secret of ["first-api-secret", "second-api-secret", firstToken, secondToken]) expect(stored).not.toContain(secret);
  });
});

describe("the inbox's data", () => {
  test("contacts and quick messages: create, edit, delete", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const admin = await login(t, ADMIN.email, ADMIN.password);

    const contact = await oneEntry("POST", "/api/contacts", admin, { name: "Maria", number: "5511987654321", extraInfo: [{ name: "CPF", value: "1" }] }, 201);
    expect(contact).toMatchObject({
      entity: "contact",
      action: "create",
      after: { name: "Maria", number: "5511987654321", extraInfo: [{ name: "CPF", value: "1" }] },
    });
    const edited = await oneEntry("PUT", `/api/contacts/${contact.entityId}`, admin, { name: "Maria S", extraInfo: [] });
    expect(edited).toMatchObject({ before: { name: "Maria", extraInfo: [{ name: "CPF", value: "1" }] }, after: { name: "Maria S", extraInfo: [] } });
    expect(await oneEntry("PUT", `/api/contacts/block/${contact.entityId}`, admin, { active: false })).toMatchObject({
      before: { active: 1 },
      after: { active: 0 },
    });
    expect(await oneEntry("DELETE", `/api/contacts/${contact.entityId}`, admin)).toMatchObject({ action: "delete", before: { name: "Maria S" }, after: null });

    const quick = await oneEntry("POST", "/api/quick-messages", admin, { shortcode: "oi", message: "Olá!" }, 201);
    expect(quick).toMatchObject({ entity: "quickMessage", action: "create", after: { shortcode: "oi", message: "Olá!" } });
    expect(await oneEntry("PUT", `/api/quick-messages/${quick.entityId}`, admin, { message: "Oi!" })).toMatchObject({
      before: { message: "Olá!" },
      after: { message: "Oi!" },
    });
    expect(await oneEntry("DELETE", `/api/quick-messages/${quick.entityId}`, admin)).toMatchObject({ action: "delete", before: { shortcode: "oi" } });
  });

  test("tickets: a transfer records the queue and user before and after; a delete records what the ticket was", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000001");
    await w.setTicket(id, { queueId: w.q1 });
    const accepted = await oneEntry("PUT", `/api/tickets/${id}`, w.agent.token, { status: "open" });
    expect(accepted).toMatchObject({
      entity: "ticket",
      action: "accept",
      before: { status: "pending", userId: null },
      after: { status: "open", userId: w.agent.id },
    });

    const moved = await oneEntry("PUT", `/api/tickets/${id}`, w.admin.token, { queueId: w.q2, userId: w.agent2.id, isTransfered: true });
    expect(moved).toMatchObject({ entityId: String(id), action: "transfer", userId: w.admin.id });
    expect(moved.before).toEqual({ userId: w.agent.id, queueId: w.q1 });
    expect(moved.after).toEqual({ userId: w.agent2.id, queueId: w.q2 });

    const deleted = await oneEntry("DELETE", `/api/tickets/${id}`, w.admin.token);
    expect(deleted).toMatchObject({ action: "delete", before: { status: "open", userId: w.agent2.id, queueId: w.q2 }, after: null });
  });

  test("a transfer that closes the ticket for a new one (closeTicketOnTransfer) is one entry naming the new ticket", async () => {
    w = await createInbox();
    await w.setting("closeTicketOnTransfer", "enabled");
    const id = await w.inbound("5511000000002");
    await w.setTicket(id, { queueId: w.q1, status: "open", userId: w.agent.id });
    const moved = await oneEntry("PUT", `/api/tickets/${id}`, w.agent.token, { queueId: w.q2, isTransfered: true, status: "pending" });
    const newId = (await w.t.ctx.db.selectFrom("tickets").select("id").where("id", "!=", id).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    expect(moved).toMatchObject({ action: "transfer", before: { status: "open", userId: w.agent.id, queueId: w.q1 } });
    expect(moved.after).toEqual({ status: "closed", userId: null, queueId: w.q2, ticketId: newId });
  });
});
