import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { announceReleased, releaseUserTickets } from "./release";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

async function contactOf(ticketId: number) {
  return (await w!.ticket(ticketId)).contactId as number;
}

describe("POST /api/tickets", () => {
  test("opens a ticket for the contact on the connection, the actor's, logged", async () => {
    w = await createInbox();
    const first = await w.inbound("5511000000001");
    await w.t.json("PUT", `/api/tickets/${first}`, { token: w.admin.token, body: { status: "closed", sendFarewellMessage: false } });
    const contactId = await contactOf(first);
    const res = await w.t.json("POST", "/api/tickets", {
      token: w.agent.token,
      body: { contactId, queueId: w.q1, whatsappId: w.connectionId, userId: w.agent.id, status: "open", companyId: 999 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.agent.id, queueId: w.q1, contactId, whatsappId: w.connectionId, channel: "testchan" });
    expect(res.body.uuid).toBeString();
    expect((await w.ticket(res.body.id)).companyId).toBe(1);
    expect(await w.logs(res.body.id)).toEqual([{ type: "create", userId: w.agent.id, queueId: w.q1 }]);
  });

  test("a live ticket of the contact on that connection answers 409 ERR_OTHER_OPEN_TICKET naming its holder", async () => {
    w = await createInbox();
    const held = await w.inbound("5511000000001");
    await w.setTicket(held, { queueId: w.q2, status: "open", userId: w.agent2.id });
    const res = await w.t.json("POST", "/api/tickets", {
      token: w.agent.token,
      body: { contactId: await contactOf(held), queueId: w.q1, whatsappId: w.connectionId },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_OTHER_OPEN_TICKET");
    const holder = JSON.parse(res.body.message);
    expect(holder).toEqual({
      id: held,
      uuid: (await w.ticket(held)).uuid,
      status: "open",
      userId: w.agent2.id,
      user: { id: w.agent2.id, name: "Bruno" },
      queue: { id: w.q2, name: "Q2" },
    });
  });

  test("the connection defaults to the company's default; every id must be the company's (ERR_VALIDATION on that field)", async () => {
    w = await createInbox();
    await w.t.ctx.db.updateTable("connections").set({ isDefault: 1 }).where("id", "=", w.connectionId).execute();
    const contact = await w.t.ctx.db
      .insertInto("contacts")
      .values({ companyId: 1, name: "Zé", number: "5511000000099", channel: "testchan", identity: "5511000000099" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const other = await createCompany(w.t, { name: "B" });
    const db = w.t.ctx.db;
    const foreignContact = (
      await db
        .insertInto("contacts")
        .values({ companyId: other.companyId, name: "F", number: "1", channel: "testchan" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const foreignQueue = (
      await db.insertInto("queues").values({ companyId: other.companyId, name: "X", color: "#333333" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const foreignConn = (
      await db
        .insertInto("connections")
        .values({ companyId: other.companyId, name: "B", channel: "testchan", token: "B".repeat(30) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (const [field, body] of [
      ["contactId", { contactId: foreignContact }],
      ["queueId", { contactId: contact.id, queueId: foreignQueue }],
      ["whatsappId", { contactId: contact.id, whatsappId: foreignConn }],
      ["userId", { contactId: contact.id, userId: other.admin.id }],
    ] as const) {
      const r = await w.t.json("POST", "/api/tickets", { token: w.admin.token, body });
      expect({ field, status: r.status, fields: Object.keys(r.body.fields ?? {}) }).toEqual({ field, status: 400, fields: [field] });
    }
    expect((await w.t.json("POST", "/api/tickets", { token: w.agent.token, body: { contactId: contact.id, userId: w.agent2.id } })).status).toBe(403);
    const ok = await w.t.json("POST", "/api/tickets", { token: w.agent.token, body: { contactId: contact.id } });
    expect(ok.body).toMatchObject({ whatsappId: w.connectionId, userId: w.agent.id, status: "open" });
    const pending = await w.t.json("POST", "/api/tickets", {
      token: w.admin.token,
      body: {
        contactId: (
          await db.insertInto("contacts").values({ companyId: 1, name: "P", number: "5", channel: "testchan" }).returning("id").executeTakeFirstOrThrow()
        ).id,
        status: "pending",
        queueId: w.q1,
      },
    });
    expect(pending.body).toMatchObject({ status: "pending", userId: null, queueId: w.q1 });
  });

  test("a contact of another channel cannot be opened on this connection", async () => {
    w = await createInbox();
    const contact = await w.t.ctx.db
      .insertInto("contacts")
      .values({ companyId: 1, name: "Insta", number: "", channel: "instagram" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const r = await w.t.json("POST", "/api/tickets", { token: w.admin.token, body: { contactId: contact.id, whatsappId: w.connectionId } });
    expect(r.status).toBe(400);
    expect(r.body.fields.whatsappId).toBe("The contact is not on this connection's channel");
  });
});

describe("DELETE /api/tickets/:id", () => {
  test("admins only; the ticket is kept with its messages but gone from every route; the next message opens a new one", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000001");
    const uuid = (await w.ticket(id)).uuid;
    expect((await w.t.json("DELETE", `/api/tickets/${id}`, { token: w.agent.token })).status).toBe(403);
    const res = await w.t.json("DELETE", `/api/tickets/${id}`, { token: w.admin.token });
    expect(res.status).toBe(200);
    const row = await w.ticket(id);
    expect(Math.abs(Date.parse(row.deletedAt!) - w.t.clock.now().getTime())).toBeLessThan(60_000);
    expect(row.status).toBe("closed");
    expect(await w.messages(id)).toHaveLength(1);
    for (const [method, path] of [
      ["GET", `/api/tickets/u/${uuid}`],
      ["GET", `/api/messages/${id}`],
      ["PUT", `/api/tickets/${id}`],
      ["GET", `/api/tickets-log/${id}`],
      ["DELETE", `/api/tickets/${id}`],
    ] as const) {
      const r = await w.t.json(method, path, { token: w.admin.token, body: method === "PUT" ? { status: "open" } : undefined });
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    const again = await w.inbound("5511000000001", { body: "voltei" });
    expect(again).not.toBe(id);
  });
});

describe("POST /api/tickets/closeAll", () => {
  test("admins close every ticket of a status in the chosen queues, logged; others are refused", async () => {
    w = await createInbox();
    const a = await w.inbound("5511000000001");
    const b = await w.inbound("5511000000002");
    const c = await w.inbound("5511000000003");
    await w.setTicket(a, { queueId: w.q1 });
    await w.setTicket(b, { queueId: w.q2 });
    expect((await w.t.json("POST", "/api/tickets/closeAll", { token: w.agent.token, body: { status: "pending", selectedQueueIds: [w.q1] } })).status).toBe(403);
    const other = await createCompany(w.t, { name: "B" });
    const fq = (
      await w.t.ctx.db.insertInto("queues").values({ companyId: other.companyId, name: "X", color: "#333333" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const foreign = await w.t.json("POST", "/api/tickets/closeAll", { token: w.admin.token, body: { status: "pending", selectedQueueIds: [fq] } });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.fields)).toEqual(["selectedQueueIds"]);

    const res = await w.t.json("POST", "/api/tickets/closeAll", { token: w.admin.token, body: { status: "pending", selectedQueueIds: [w.q1, null] } });
    expect(res.body).toEqual({ count: 2 });
    expect([(await w.ticket(a)).status, (await w.ticket(b)).status, (await w.ticket(c)).status]).toEqual(["closed", "pending", "closed"]);
    expect((await w.logs(a)).at(-1)).toEqual({ type: "closed", userId: w.admin.id, queueId: w.q1 });
    const rest = await w.t.json("POST", "/api/tickets/closeAll", { token: w.admin.token, body: { status: "pending" } });
    expect(rest.body).toEqual({ count: 1 });
  });
});

describe("GET /api/tickets-log/:ticketId", () => {
  test("every step with its user and queue, oldest first; an access by someone else is logged once per visit", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000001");
    await w.setTicket(id, { queueId: w.q1 });
    const put = (token: string, body: object) => w!.t.json("PUT", `/api/tickets/${id}`, { token, body });
    await put(w.agent.token, { status: "open" });
    const uuid = (await w.ticket(id)).uuid;
    await w.t.json("GET", `/api/tickets/u/${uuid}`, { token: w.admin.token });
    await w.t.json("GET", `/api/tickets/u/${uuid}`, { token: w.admin.token });
    await w.t.json("GET", `/api/tickets/u/${uuid}`, { token: w.agent.token });
    await put(w.agent.token, { status: "pending" });
    await put(w.admin.token, { isTransfered: true, queueId: w.q2, userId: w.agent2.id });
    await put(w.agent2.token, { status: "closed", sendFarewellMessage: false });
    await put(w.admin.token, { status: "open" });
    const res = await w.t.json("GET", `/api/tickets-log/${id}`, { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => [l.type, l.user?.name ?? null, l.queue?.name ?? null])).toEqual([
      ["create", null, null],
      ["open", "Ana", "Q1"],
      ["access", "Admin", "Q1"],
      ["pending", "Ana", "Q1"],
      ["transfered", "Admin", "Q1"],
      ["receivedTransfer", "Bruno", "Q2"],
      ["closed", "Bruno", "Q2"],
      ["reopen", "Admin", "Q2"],
    ]);
    expect(res.body[1]).toMatchObject({ userId: w.agent.id, queueId: w.q1, queue: { color: "#111111" } });
    expect(res.body[0].createdAt).toBeString();
    expect((await w.t.json("GET", `/api/tickets-log/${id}`, { token: w.plain.token })).status).toBe(403);
    const other = await createCompany(w.t, { name: "B" });
    expect((await w.t.json("GET", `/api/tickets-log/${id}`, { token: other.admin.token })).status).toBe(404);
  });
});

describe("ticket tags", () => {
  test("a ticket has at most one kanban lane; plain tags add up; DELETE takes them all off", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000001");
    await w.setTicket(id, { queueId: w.q1 });
    const tag = async (name: string, kanban: number) =>
      (await w!.t.ctx.db.insertInto("tags").values({ companyId: 1, name, kanban }).returning("id").executeTakeFirstOrThrow()).id;
    const lane1 = await tag("Novo", 1);
    const lane2 = await tag("Proposta", 1);
    const vip = await tag("VIP", 0);
    const put = (tagId: number) => w!.t.json("PUT", `/api/ticket-tags/${id}/${tagId}`, { token: w!.agent.token });
    expect((await put(lane1)).body.tags.map((t: any) => t.id)).toEqual([lane1]);
    expect((await put(vip)).body.tags.map((t: any) => t.id).sort()).toEqual([lane1, vip].sort());
    const moved = await put(lane2);
    expect(moved.body.tags.map((t: any) => t.name).sort()).toEqual(["Proposta", "VIP"]);
    expect((await put(lane2)).status).toBe(200);
    const cleared = await w.t.json("DELETE", `/api/ticket-tags/${id}`, { token: w.agent.token });
    expect(cleared.body.tags).toEqual([]);
  });

  test("another company's tag is 404; a ticket the user cannot see is 403; kanban lanes need the plan's useKanban", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000001");
    await w.setTicket(id, { queueId: w.q1 });
    const other = await createCompany(w.t, { name: "B" });
    const foreign = (
      await w.t.ctx.db.insertInto("tags").values({ companyId: other.companyId, name: "Alheia", kanban: 1 }).returning("id").executeTakeFirstOrThrow()
    ).id;
    expect((await w.t.json("PUT", `/api/ticket-tags/${id}/${foreign}`, { token: w.agent.token })).status).toBe(404);
    const lane = (await w.t.ctx.db.insertInto("tags").values({ companyId: 1, name: "Lane", kanban: 1 }).returning("id").executeTakeFirstOrThrow()).id;
    expect((await w.t.json("PUT", `/api/ticket-tags/${id}/${lane}`, { token: w.agent2.token })).status).toBe(403);
    expect((await w.t.json("DELETE", `/api/ticket-tags/${id}`, { token: other.admin.token })).status).toBe(404);
    await w.t.ctx.db.updateTable("plans").set({ useKanban: 0 }).execute();
    const gated = await w.t.json("PUT", `/api/ticket-tags/${id}/${lane}`, { token: w.agent.token });
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(await w.t.ctx.db.selectFrom("ticket_tags").selectAll().execute()).toEqual([]);
  });
});

describe("releaseUserTickets (a user is deleted)", () => {
  test("their open tickets return to the queue, their group tickets lose the user, logged; others untouched", async () => {
    w = await createInbox();
    const open = await w.inbound("5511000000001");
    const group = await w.inbound("120363000000000001@g.us", { group: true });
    const closed = await w.inbound("5511000000002");
    await w.setTicket(open, { status: "open", userId: w.agent.id, queueId: w.q1 });
    await w.setTicket(group, { userId: w.agent.id });
    await w.setTicket(closed, { status: "closed", userId: w.agent.id });
    const released = await w.t.ctx.db.transaction().execute((trx) => releaseUserTickets(trx, 1, w!.agent.id, new Date().toISOString()));
    announceReleased(w.t.ctx, 1, released);
    expect(released.map((r) => r.ticketId).sort()).toEqual([open, group].sort());
    expect(await w.ticket(open)).toMatchObject({ status: "pending", userId: null });
    expect(await w.ticket(group)).toMatchObject({ status: "group", userId: null });
    expect(await w.ticket(closed)).toMatchObject({ status: "closed", userId: w.agent.id });
    expect((await w.logs(open)).at(-1)).toEqual({ type: "pending", userId: null, queueId: w.q1 });
  });

  test("DELETE /api/users/:id releases the user's tickets in the same transaction and keeps their history", async () => {
    w = await createInbox();
    const open = await w.inbound("5511000000001");
    await w.setTicket(open, { status: "open", userId: w.agent.id, queueId: w.q1 });
    const messagesBefore = await w.t.ctx.db.selectFrom("messages").select("id").where("ticketId", "=", open).execute();
    const res = await w.t.json("DELETE", `/api/users/${w.agent.id}`, { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(await w.ticket(open)).toMatchObject({ status: "pending", userId: null });
    expect((await w.logs(open)).at(-1)).toEqual({ type: "pending", userId: null, queueId: w.q1 });
    expect(await w.t.ctx.db.selectFrom("messages").select("id").where("ticketId", "=", open).execute()).toEqual(messagesBefore);
    expect(messagesBefore.length).toBeGreaterThan(0);
  });
});
