import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A contact with two tickets: one of `a`'s, one of `b`'s. */
async function setup() {
  t = await createTestApp();
  const admin = await login(t, ADMIN.email, ADMIN.password);
  const a: TestUser = await createUser(t, { companyId: 1, name: "Agente A" });
  const b: TestUser = await createUser(t, { companyId: 1, name: "Agente B" });
  const db = t.ctx.db;
  const contact = (await db.insertInto("contacts").values({ companyId: 1, name: "Maria", number: "5511900000001" }).returning("id").executeTakeFirstOrThrow())
    .id;
  const other = (await db.insertInto("contacts").values({ companyId: 1, name: "João", number: "5511900000002" }).returning("id").executeTakeFirstOrThrow()).id;
  const ticket = async (userId: number, status: "open" | "closed") =>
    (
      await db
        .insertInto("tickets")
        .values({ companyId: 1, uuid: crypto.randomUUID(), contactId: contact, userId, status })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  return { t, admin, a, b, contact, other, ofA: await ticket(a.id, "open"), ofB: await ticket(b.id, "closed") };
}

describe("POST /api/ticket-notes", () => {
  test("a note on a visible ticket, by its author, with the ticket's contact", async () => {
    const { t, a, contact, ofA } = await setup();
    t.clock.set(new Date("2024-05-01T12:00:00Z"));
    const r = await t.json("POST", "/api/ticket-notes", { token: a.token, body: { note: "  Cliente prefere e-mail  ", ticketId: ofA, contactId: contact } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      note: "Cliente prefere e-mail",
      ticketId: ofA,
      contactId: contact,
      userId: a.id,
      user: { id: a.id, name: "Agente A" },
      createdAt: "2024-05-01T12:00:00.000Z",
    });
    // contactId may be left out: the ticket's contact is used.
    expect((await t.json("POST", "/api/ticket-notes", { token: a.token, body: { note: "Outra", ticketId: ofA } })).body.contactId).toBe(contact);
  });

  test("validation, visibility and tenancy", async () => {
    const { t, a, other, ofA, ofB } = await setup();
    const post = (token: string, body: unknown) => t.json("POST", "/api/ticket-notes", { token, body });
    const short = await post(a.token, { note: "x", ticketId: ofA });
    expect(short.status).toBe(400);
    expect(short.body.fields.note).toBe("Too Short!");
    expect((await post(a.token, { note: "   ", ticketId: ofA })).body.fields.note).toBe("Required");
    expect((await post(a.token, { note: "ok ok" })).body.fields.ticketId).toBe("Invalid id");
    expect((await post(a.token, { note: "ok ok", ticketId: ofA, contactId: other })).body.fields.contactId).toBe("Not the ticket's contact");
    const hidden = await post(a.token, { note: "ok ok", ticketId: ofB });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe("ERR_NO_PERMISSION");
    const foreign = await createCompany(t, { name: "Other" });
    const notTheirs = await post(foreign.admin.token, { note: "ok ok", ticketId: ofA });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await t.ctx.db.selectFrom("ticket_notes").selectAll().execute()).toEqual([]);
  });
});

describe("GET /api/ticket-notes/list", () => {
  test("a ticket's notes newest first; a contact's notes only over the tickets the actor may see", async () => {
    const { t, admin, a, b, contact, ofA, ofB } = await setup();
    const note = async (token: string, ticketId: number, text: string) =>
      (await t.json("POST", "/api/ticket-notes", { token, body: { note: text, ticketId } })).body.id;
    const n1 = await note(a.token, ofA, "primeira");
    const n2 = await note(admin, ofA, "segunda");
    const n3 = await note(b.token, ofB, "do B");
    const ids = async (token: string, query: string) => {
      const r = await t.json("GET", `/api/ticket-notes/list?${query}`, { token });
      return r.status === 200 ? r.body.map((n: { id: number }) => n.id) : r.status;
    };
    expect(await ids(a.token, `ticketId=${ofA}`)).toEqual([n2, n1]);
    expect(await ids(a.token, `ticketId=${ofA}&contactId=${contact}`)).toEqual([n2, n1]);
    expect(await ids(a.token, `ticketId=${ofB}`)).toBe(403);
    expect(await ids(a.token, `contactId=${contact}`)).toEqual([n2, n1]);
    expect(await ids(b.token, `contactId=${contact}`)).toEqual([n3]);
    expect(await ids(admin, `contactId=${contact}`)).toEqual([n3, n2, n1]);
    expect(await ids(a.token, "")).toBe(400);
    expect(await ids(a.token, "ticketId=abc")).toBe(400);
    const foreign = await createCompany(t, { name: "Other" });
    expect(await ids(foreign.admin.token, `ticketId=${ofA}`)).toBe(404);
    expect(await ids(foreign.admin.token, `contactId=${contact}`)).toBe(404);
  });
});

describe("DELETE /api/ticket-notes/:id", () => {
  test("the author or an admin; others 403; another company 404", async () => {
    const { t, admin, a, ofA } = await setup();
    const extra = await createUser(t, { companyId: 1, name: "Colega", allUserChat: "enabled" });
    const mine = (await t.json("POST", "/api/ticket-notes", { token: a.token, body: { note: "minha", ticketId: ofA } })).body.id;
    const second = (await t.json("POST", "/api/ticket-notes", { token: a.token, body: { note: "outra", ticketId: ofA } })).body.id;
    const foreign = await createCompany(t, { name: "Other" });
    expect((await t.json("DELETE", `/api/ticket-notes/${mine}`, { token: foreign.admin.token })).status).toBe(404);
    expect((await t.json("DELETE", `/api/ticket-notes/${mine}`, { token: extra.token })).status).toBe(403);
    expect((await t.json("DELETE", `/api/ticket-notes/${mine}`, { token: a.token })).status).toBe(200);
    expect((await t.json("DELETE", `/api/ticket-notes/${second}`, { token: admin })).status).toBe(200);
    expect((await t.json("DELETE", `/api/ticket-notes/${second}`, { token: admin })).status).toBe(404);
    expect(await t.ctx.db.selectFrom("ticket_notes").selectAll().execute()).toEqual([]);
  });
});
