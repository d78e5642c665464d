/**
 * POST /api/messages/send: tokens, number rules, ids resolved within the token's company, plan gate, contact and
 * ticket creation, closeTicket, signature, media. A test channel with phone numbers (and checkNumber) stands in for
 * WhatsApp; web chat is covered in plugins/channels/webchat/webchat.test.ts.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createConnection, deleteConnection } from "../../channels/connections";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestChannel } from "../../../tests/helpers/test-channel";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  const chan: TestChannel = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const conn = await createConnection(t.ctx, 1, { name: "Phone line", channel: "testchan" });
  const send = (body: unknown, token: string | null = conn.token) => t!.json("POST", "/api/messages/send", { token: token ?? undefined, body });
  return { t, chan, conn, send, session: () => chan.session(conn.id)! };
}

describe("who may call it", () => {
  test("only a live connection's secret token: no token, junk, a user JWT, a widgetKey or a deleted connection's token -> 401", async () => {
    const { t, send } = await setup();
    const web = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat" });
    const gone = await createConnection(t.ctx, 1, { name: "Gone", channel: "testchan" });
    await deleteConnection(t.ctx, 1, gone.id);
    const jwt = await login(t, ADMIN.email, ADMIN.password);
    const body = { number: "5511987654321", body: "hi" };
    for (const token of [null, "junk", "x".repeat(30), jwt, web.widgetKey!, gone.token, `${web.token}x`]) {
      const r = await send(body, token);
      expect({ token: token?.slice(0, 12), status: r.status, error: r.body.error }).toEqual({
        token: token?.slice(0, 12),
        status: 401,
        error: "ERR_UNAUTHORIZED",
      });
    }
    // Without a token the body is not even read: a malformed one still answers 401.
    const raw = await t.request("POST", "/api/messages/send", { body: "not json", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(401);
    expect(await t.ctx.db.selectFrom("messages").select("id").execute()).toEqual([]);
  });

  test("the plan must include the external API (and the connection's channel)", async () => {
    const { t, send } = await setup();
    await t.ctx.db.updateTable("plans").set({ useExternalApi: 0 }).execute();
    expect(await send({ number: "5511987654321", body: "hi" })).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await t.ctx.db.selectFrom("messages").select("id").execute()).toEqual([]);
  });

  test("a deactivated or expired company is refused like its users' logins", async () => {
    const { t } = await setup();
    const other = await createCompany(t, { name: "Other" });
    const conn = await createConnection(t.ctx, other.companyId, { name: "B line", channel: "testchan" });
    const body = { number: "5511987654321", body: "hi" };
    await t.ctx.db.updateTable("companies").set({ dueDate: "2000-01-01" }).where("id", "=", other.companyId).execute();
    expect((await t.json("POST", "/api/messages/send", { token: conn.token, body })).body.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    await t.ctx.db.updateTable("companies").set({ status: 0 }).where("id", "=", other.companyId).execute();
    expect(await t.json("POST", "/api/messages/send", { token: conn.token, body })).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
  });
});

describe("numbers", () => {
  test("10 to 15 digits, nothing else", async () => {
    const { send } = await setup();
    const bad = [
      "+5511987654321",
      "55 11 98765-4321",
      "(11) 98765-4321",
      "55-11-987654321",
      "123456789",
      "1234567890123456",
      "abc",
      "",
      " 5511987654321",
      "5511987654321\n",
      12.5,
      -5511987654321,
      null,
      true,
    ];
    for (const number of bad) {
      const r = await send({ number, body: "hi" });
      expect({ number, status: r.status, error: r.body.error, fields: Object.keys(r.body.fields ?? {}) }).toEqual({
        number,
        status: 400,
        error: "ERR_VALIDATION",
        fields: ["number"],
      });
    }
    expect((await send({ body: "hi" })).body.fields).toHaveProperty("number");
    for (const number of ["1198765432", "551198765432109", 5511987654321]) expect((await send({ number, body: "ok" })).status).toBe(200);
  });

  test("a new number creates the contact (named by the channel's checkNumber) and a pending ticket; the message goes out with origin api", async () => {
    const { t, send, session, conn } = await setup();
    const r = await send({ number: "5511987654321", body: "Seu pedido saiu para entrega" });
    expect(r).toMatchObject({ status: 200, body: { message: "Mensagem enviada", mensagem: "Mensagem enviada" } });
    await t.ctx.channels.idle();
    const contact = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", r.body.contactId).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ companyId: 1, number: "5511987654321", identity: "5511987654321", channel: "testchan" });
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", r.body.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: "pending", userId: null, whatsappId: conn.id, contactId: contact.id, lastMessage: "Seu pedido saiu para entrega" });
    const msg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.body.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ origin: "api", fromMe: 1, sendStatus: "sent", ticketId: ticket.id, body: "Seu pedido saiu para entrega" });
    expect(session().sent.map((m) => [m.to.chatId, m.body])).toEqual([["5511987654321", "Seu pedido saiu para entrega"]]);

    // The same number again: same contact, same ticket.
    const again = await send({ number: "5511987654321", body: "second" });
    expect(again.body).toMatchObject({ contactId: contact.id, ticketId: ticket.id });
    expect(await t.ctx.db.selectFrom("contacts").select("id").execute()).toHaveLength(1);
  });

  test("an existing contact (created by the channel) is found by its number", async () => {
    const { send, session } = await setup();
    const inbound = await session().receive({ from: "5511900002222", name: "Existing", body: "oi" });
    expect(inbound.status).toBe("stored");
    if (inbound.status !== "stored") throw new Error(`not stored: ${inbound.status}`);
    const r = await send({ number: "5511900002222", body: "answer" });
    expect(r.body).toMatchObject({ contactId: inbound.contactId, ticketId: inbound.ticketId });
  });
});

describe("ids and options", () => {
  test("userId opens the ticket assigned to that user; queueId is stored; sendSignature signs; closeTicket closes after sending", async () => {
    const { t, send, session } = await setup();
    const user = await createUser(t, { companyId: 1, name: "Joana" });
    const queue = await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Vendas", color: "#00aa00" }).returning("id").executeTakeFirstOrThrow();
    const r = await send({ number: "5511911112222", body: "Olá!", userId: user.id, queueId: queue.id, sendSignature: true, closeTicket: true });
    expect(r.status).toBe(200);
    await t.ctx.channels.idle();
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", r.body.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: "closed", userId: user.id, queueId: queue.id });
    expect(Math.abs(Date.parse(ticket.closedAt!) - t.clock.now().getTime())).toBeLessThan(60_000);
    const logs = await t.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", ticket.id).orderBy("id").execute();
    expect(logs.map((l) => l.type)).toEqual(["create", "closed"]);
    expect(session().sent.map((m) => m.body)).toEqual(["*Joana*:\nOlá!"]);
    const msg = await t.ctx.db.selectFrom("messages").select(["userId", "sendStatus"]).where("id", "=", r.body.messageId).executeTakeFirstOrThrow();
    expect(msg).toEqual({ userId: user.id, sendStatus: "sent" });

    // Form values as strings work too; a later send opens a new ticket (the last one is closed).
    const next = await send({ number: "5511911112222", body: "again", userId: String(user.id), closeTicket: "false" });
    expect(next.body.ticketId).not.toBe(ticket.id);
    expect((await t.ctx.db.selectFrom("tickets").select("status").where("id", "=", next.body.ticketId).executeTakeFirstOrThrow()).status).toBe("open");
  });

  test("a pending ticket is taken by the given user", async () => {
    const { t, send, session } = await setup();
    const user = await createUser(t, { companyId: 1, name: "Carlos" });
    const inbound = await session().receive({ from: "5511933334444", body: "hello?" });
    if (inbound.status !== "stored") throw new Error("not stored");
    const r = await send({ number: "5511933334444", body: "on it", userId: user.id });
    expect(r.body.ticketId).toBe(inbound.ticketId);
    expect(await t.ctx.db.selectFrom("tickets").select(["status", "userId"]).where("id", "=", inbound.ticketId).executeTakeFirstOrThrow()).toEqual({
      status: "open",
      userId: user.id,
    });
  });

  test("another company's userId or queueId is a validation error on that field, and nothing is stored", async () => {
    const { t, send } = await setup();
    const other = await createCompany(t, { name: "Other" });
    const foreignQueue = await t.ctx.db
      .insertInto("queues")
      .values({ companyId: other.companyId, name: "Theirs", color: "#0000aa" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const u = await send({ number: "5511955556666", body: "x", userId: other.admin.id });
    expect(u).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { userId: expect.any(String) } } });
    const q = await send({ number: "5511955556666", body: "x", queueId: foreignQueue.id });
    expect(q).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { queueId: expect.any(String) } } });
    for (const userId of [0, -1, "abc", 1.5]) expect((await send({ number: "5511955556666", body: "x", userId })).body.fields).toHaveProperty("userId");
    expect(await t.ctx.db.selectFrom("messages").select("id").execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("contacts").select("id").execute()).toEqual([]);

    // Company B's own token sends in company B, with B's ids.
    const theirLine = await createConnection(t.ctx, other.companyId, { name: "B line", channel: "testchan" });
    const ok = await send({ number: "5511955556666", body: "from B", userId: other.admin.id, queueId: foreignQueue.id }, theirLine.token);
    expect(ok.status).toBe(200);
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", ok.body.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ companyId: other.companyId, whatsappId: theirLine.id, userId: other.admin.id, queueId: foreignQueue.id });
    // ... and company A's ids are foreign to it.
    expect((await send({ number: "5511955556666", body: "x", userId: 1 }, theirLine.token)).body.fields).toHaveProperty("userId");
  });

  test("a body or a file is required", async () => {
    const { send } = await setup();
    expect(await send({ number: "5511955556666", body: "  " })).toMatchObject({ status: 400, body: { fields: { body: expect.any(String) } } });
    expect(await send({ number: "5511955556666" })).toMatchObject({ status: 400, body: { fields: { body: expect.any(String) } } });
  });
});

describe("multipart", () => {
  test("medias are stored and sent, one message each, the body with the first", async () => {
    const { t, conn, session } = await setup();
    const form = new FormData();
    form.set("number", "5511977778888");
    form.set("body", "the photos");
    form.append("medias", new File([PNG], "a.png", { type: "image/png" }));
    form.append("medias", new File([PNG], "b.png", { type: "image/png" }));
    const r = await t.json("POST", "/api/messages/send", { token: conn.token, body: form });
    expect(r.status).toBe(200);
    expect(r.body.messageIds).toHaveLength(2);
    await t.ctx.channels.idle();
    expect(session().sent.map((m) => [m.body, m.media?.name, m.media?.mime])).toEqual([
      ["the photos", "a.png", "image/png"],
      ["", "b.png", "image/png"],
    ]);

    const bad = new FormData();
    bad.set("number", "+55 11 97777-8888");
    bad.set("body", "x");
    expect(await t.json("POST", "/api/messages/send", { token: conn.token, body: bad })).toMatchObject({
      status: 400,
      body: { fields: { number: expect.any(String) } },
    });
    const notFile = new FormData();
    notFile.set("number", "5511977778888");
    notFile.set("medias", "not a file");
    expect(await t.json("POST", "/api/messages/send", { token: conn.token, body: notFile })).toMatchObject({
      status: 400,
      body: { fields: { medias: expect.any(String) } },
    });
    const junk = new FormData();
    junk.set("number", "5511977778888");
    junk.append("medias", new File([new Uint8Array([0, 1, 2, 255, 0, 7])], "x.bin"));
    expect(await t.json("POST", "/api/messages/send", { token: conn.token, body: junk })).toMatchObject({
      status: 415,
      body: { error: "ERR_MEDIA_TYPE_NOT_ALLOWED" },
    });
  });
});

describe("web chat", () => {
  test("a number reaches only a visitor of that connection who gave it; the most recent such visitor wins", async () => {
    const { t } = await setup();
    const web = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat" });
    const start = (name: string, phone?: string) => t.json("POST", `/api/webchat/${web.widgetKey}/sessions`, { body: { name, ...(phone ? { phone } : {}) } });
    const nobody = await t.json("POST", "/api/messages/send", { token: web.token, body: { number: "5511944445555", body: "hi" } });
    expect(nobody).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { number: expect.any(String) } } });
    const first = await start("First", "5511944445555");
    t.clock.advance(1000);
    const second = await start("Second", "+55 11 94444-5555");
    const r = await t.json("POST", "/api/messages/send", { token: web.token, body: { number: "5511944445555", body: "hi" } });
    expect(r.status).toBe(200);
    expect(r.body.contactId).toBe(second.body.contact.id);
    expect(r.body.contactId).not.toBe(first.body.contact.id);
    expect(await t.ctx.db.selectFrom("contacts").select("id").where("channel", "=", "webchat").execute()).toHaveLength(2);
  });
});
