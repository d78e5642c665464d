import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const put = (token: string, id: number, body: Record<string, unknown>) => w!.t.json("PUT", `/api/tickets/${id}`, { token, body });

/** A pending ticket of Q1 from a new contact. */
async function pendingQ1(from = "5511000000001") {
  const id = await w!.inbound(from);
  await w!.setTicket(id, { queueId: w!.q1 });
  return id;
}

/** An open ticket of Q1 held by the Q1 agent. */
async function openByAgent(from = "5511000000001") {
  const id = await pendingQ1(from);
  expect((await put(w!.agent.token, id, { status: "open" })).status).toBe(200);
  return id;
}

describe("accept (pending -> open)", () => {
  test("the agent takes the ticket: user set, logged, the queue kept; no flag for the transfer modal", async () => {
    w = await createInbox();
    const id = await pendingQ1();
    const res = await put(w.agent.token, id, { status: "open" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "open", userId: w.agent.id, queueId: w.q1, needsQueue: false });
    expect(await w.logs(id)).toEqual([
      { type: "create", userId: null, queueId: null },
      { type: "open", userId: w.agent.id, queueId: w.q1 },
    ]);
  });

  test("a ticket without a queue answers needsQueue; a queue given with the accept is set and logged", async () => {
    w = await createInbox();
    const id = await w.inbound("5511000000002");
    const res = await put(w.admin.token, id, { status: "open" });
    expect(res.body).toMatchObject({ status: "open", queueId: null, needsQueue: true });

    const other = await w.inbound("5511000000003");
    const withQueue = await put(w.admin.token, other, { status: "open", queueId: w.q2 });
    expect(withQueue.body).toMatchObject({ queueId: w.q2, needsQueue: false, queue: { name: "Q2" } });
    expect((await w.logs(other)).map((l) => l.type)).toEqual(["create", "open", "queue"]);
  });

  test("sendGreetingAccepted posts greetingAcceptedMessage with its placeholders; nothing while disabled", async () => {
    w = await createInbox();
    const quiet = await pendingQ1("5511000000004");
    await put(w.agent.token, quiet, { status: "open" });
    expect((await w.messages(quiet)).filter((m) => m.fromMe === 1)).toEqual([]);

    await w.setting("sendGreetingAccepted", "enabled");
    await w.setting("greetingAcceptedMessage", "Olá {{firstName}}, sou {{user}} da fila {{queue}}");
    const id = await w.t.ctx.channels.inbound.submit(
      { id: w.connectionId, companyId: 1, channel: "testchan" },
      { type: "message", externalId: "x1", fromMe: false, body: "oi", chat: { id: "5511000000005", name: "Maria Souza", number: "5511000000005" } },
    );
    if (id.status !== "stored") throw new Error("not stored");
    await w.setTicket(id.ticketId, { queueId: w.q1 });
    await put(w.agent.token, id.ticketId, { status: "open" });
    const mine = (await w.messages(id.ticketId)).filter((m) => m.fromMe === 1);
    // An automated text: the bot's, not the agent's (it does not count as the agent's first response).
    expect(mine.map((m) => [m.body, m.origin, m.userId])).toEqual([["Olá Maria, sou Ana da fila Q1", "bot", null]]);
    await w.t.ctx.channels.idle();
    expect(w.session.sent.map((m) => m.body)).toContain("Olá Maria, sou Ana da fila Q1");
  });

  test("groups get the accepted greeting only when their connection treats groups as tickets", async () => {
    w = await createInbox();
    await w.setting("sendGreetingAccepted", "enabled");
    await w.setting("greetingAcceptedMessage", "Bem-vindos");
    const group = await w.inbound("120363000000000001@g.us", { group: true });
    await w.setTicket(group, { status: "pending" });
    const res = await put(w.admin.token, group, { status: "open" });
    expect(res.body).toMatchObject({ status: "group", userId: w.admin.id });
    expect((await w.messages(group)).filter((m) => m.fromMe === 1)).toEqual([]);

    await w.t.ctx.db.updateTable("connections").set({ groupAsTicket: "enabled" }).where("id", "=", w.connectionId).execute();
    const asTicket = await w.inbound("120363000000000002@g.us", { group: true });
    expect((await w.ticket(asTicket)).status).toBe("pending");
    await put(w.admin.token, asTicket, { status: "open" });
    expect((await w.messages(asTicket)).filter((m) => m.fromMe === 1).map((m) => m.body)).toEqual(["Bem-vindos"]);
  });

  test("a late accept of a ticket someone else took is refused; accepting your own again changes nothing", async () => {
    w = await createInbox();
    const id = await openByAgent();
    const late = await put(w.admin.token, id, { status: "open" });
    expect(late.status).toBe(400);
    expect((await w.ticket(id)).userId).toBe(w.agent.id);
    expect((await put(w.agent.token, id, { status: "open" })).body).toMatchObject({ status: "open", userId: w.agent.id });
    expect((await w.logs(id)).map((l) => l.type)).toEqual(["create", "open"]);
  });
});

describe("return to queue (open -> pending)", () => {
  test("the user is cleared and the return logged", async () => {
    w = await createInbox();
    const id = await openByAgent();
    const res = await put(w.agent.token, id, { status: "pending" });
    expect(res.body).toMatchObject({ status: "pending", userId: null, queueId: w.q1 });
    expect((await w.logs(id)).at(-1)).toEqual({ type: "pending", userId: w.agent.id, queueId: w.q1 });
  });
});

describe("close (resolve)", () => {
  test("with the farewell: the agent's farewellMessage; without it: nothing sent", async () => {
    w = await createInbox();
    await w.t.ctx.db.updateTable("users").set({ farewellMessage: "Tchau {{name}}! {{name_company}} / {{connection}}" }).where("id", "=", w.agent.id).execute();
    const company = await w.t.ctx.db.selectFrom("companies").select("name").where("id", "=", 1).executeTakeFirstOrThrow();
    const connection = await w.t.ctx.db.selectFrom("connections").select("name").where("id", "=", w.connectionId).executeTakeFirstOrThrow();
    const id = await openByAgent("5511000000011");
    const res = await put(w.agent.token, id, { status: "closed", sendFarewellMessage: true });
    expect(res.body).toMatchObject({ status: "closed", userId: w.agent.id });
    const t = await w.ticket(id);
    expect(Math.abs(Date.parse(t.closedAt!) - w.t.clock.now().getTime())).toBeLessThan(60_000);
    expect((await w.logs(id)).at(-1)).toEqual({ type: "closed", userId: w.agent.id, queueId: w.q1 });
    expect((await w.messages(id)).filter((m) => m.fromMe === 1).map((m) => m.body)).toEqual([`Tchau 5511000000011! ${company.name} / ${connection.name}`]);

    const quiet = await openByAgent("5511000000012");
    await put(w.agent.token, quiet, { status: "closed", sendFarewellMessage: false });
    expect((await w.ticket(quiet)).status).toBe("closed");
    expect((await w.messages(quiet)).filter((m) => m.fromMe === 1)).toEqual([]);
  });

  test("an agent without a farewell message: the connection's complationMessage", async () => {
    w = await createInbox({ connection: { complationMessage: "Atendimento encerrado" } });
    const id = await openByAgent();
    await put(w.agent.token, id, { status: "closed" });
    expect((await w.messages(id)).filter((m) => m.fromMe === 1).map((m) => [m.body, m.origin])).toEqual([["Atendimento encerrado", "bot"]]);
  });

  test("closing a pending ticket: closePending permission; its farewell only with sendFarewellWaitingTicket", async () => {
    w = await createInbox({ connection: { complationMessage: "Até logo" } });
    const id = await pendingQ1();
    const denied = await put(w.agent.token, id, { status: "closed" });
    expect(denied.status).toBe(403);
    expect((await w.ticket(id)).status).toBe("pending");

    await w.t.ctx.db.updateTable("users").set({ showDashboard: "enabled" }).where("id", "=", w.agent.id).execute();
    expect((await put(w.agent.token, id, { status: "closed" })).body).toMatchObject({ status: "closed" });
    expect((await w.messages(id)).filter((m) => m.fromMe === 1)).toEqual([]);

    await w.setting("sendFarewellWaitingTicket", "enabled");
    const other = await pendingQ1("5511000000013");
    await put(w.admin.token, other, { status: "closed" });
    expect((await w.messages(other)).filter((m) => m.fromMe === 1).map((m) => m.body)).toEqual(["Até logo"]);
  });

  test("requiredTag: a contact without tags cannot be closed (ERR_TAG_REQUIRED, ticket unchanged); with a tag it can", async () => {
    w = await createInbox();
    await w.setting("requiredTag", "enabled");
    const id = await openByAgent();
    const refused = await put(w.agent.token, id, { status: "closed" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("ERR_TAG_REQUIRED");
    expect(await w.ticket(id)).toMatchObject({ status: "open", userId: w.agent.id, closedAt: null });
    expect((await w.logs(id)).map((l) => l.type)).toEqual(["create", "open"]);

    const tag = await w.t.ctx.db.insertInto("tags").values({ companyId: 1, name: "Cliente" }).returning("id").executeTakeFirstOrThrow();
    const { contactId } = await w.ticket(id);
    await w.t.ctx.db.insertInto("contact_tags").values({ contactId, tagId: tag.id, companyId: 1 }).execute();
    expect((await put(w.agent.token, id, { status: "closed" })).body).toMatchObject({ status: "closed" });
  });
});

describe("reopen (closed -> open)", () => {
  test("the reopener takes it, logged; refused with ERR_OTHER_OPEN_TICKET while the contact holds another live ticket", async () => {
    w = await createInbox();
    const id = await openByAgent();
    await put(w.agent.token, id, { status: "closed", sendFarewellMessage: false });
    const res = await put(w.admin.token, id, { status: "open" });
    expect(res.body).toMatchObject({ status: "open", userId: w.admin.id, needsQueue: false });
    expect((await w.ticket(id)).closedAt).toBeNull();
    expect((await w.logs(id)).at(-1)).toEqual({ type: "reopen", userId: w.admin.id, queueId: w.q1 });

    await put(w.admin.token, id, { status: "closed", sendFarewellMessage: false });
    const fresh = await w.inbound("5511000000001", { body: "again" });
    expect(fresh).not.toBe(id);
    await w.setTicket(fresh, { queueId: w.q2 });
    const clash = await put(w.admin.token, id, { status: "open" });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("ERR_OTHER_OPEN_TICKET");
    const held = JSON.parse(clash.body.message);
    expect(held).toMatchObject({ id: fresh, status: "pending", userId: null, queue: { name: "Q2" } });
    expect(held.uuid).toBe((await w.ticket(fresh)).uuid);
    expect(clash.body.ticket).toEqual(held);
    expect((await w.ticket(id)).status).toBe("closed");
  });
});

describe("ignore (pending or lgpd -> closed)", () => {
  test("closed without farewell, amountUsedBotQueues reset; needs ignorePending", async () => {
    w = await createInbox({ connection: { complationMessage: "Até logo" } });
    await w.setting("sendFarewellWaitingTicket", "enabled");
    const id = await pendingQ1();
    await w.setTicket(id, { amountUsedBotQueues: 2 });
    const body = { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 };
    await w.t.ctx.db.updateTable("users").set({ userClosePendingTicket: "disabled" }).where("id", "=", w.agent.id).execute();
    expect((await put(w.agent.token, id, body)).status).toBe(403);

    await w.t.ctx.db.updateTable("users").set({ userClosePendingTicket: "enabled" }).where("id", "=", w.agent.id).execute();
    const res = await put(w.agent.token, id, body);
    expect(res.body).toMatchObject({ status: "closed", amountUsedBotQueues: 0 });
    expect((await w.messages(id)).filter((m) => m.fromMe === 1)).toEqual([]);
    expect((await w.logs(id)).at(-1)).toEqual({ type: "closed", userId: w.agent.id, queueId: w.q1 });

    const lgpd = await pendingQ1("5511000000021");
    await w.setTicket(lgpd, { status: "lgpd" });
    expect((await put(w.agent.token, lgpd, { status: "closed" })).status).toBe(400);
    expect((await put(w.agent.token, lgpd, body)).body).toMatchObject({ status: "closed" });
  });
});

describe("transfer", () => {
  test("to a queue: pending without user, isTransfered, both logs, the note private and signed by the agent", async () => {
    w = await createInbox();
    const id = await openByAgent();
    const res = await put(w.agent.token, id, { queueId: w.q2, isTransfered: true, msgTransfer: "Cliente quer 2ª via", status: "pending" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "pending", userId: null, queueId: w.q2, isTransfered: true });
    expect((await w.logs(id)).slice(-2)).toEqual([
      { type: "transfered", userId: w.agent.id, queueId: w.q1 },
      { type: "receivedTransfer", userId: null, queueId: w.q2 },
    ]);
    const notes = (await w.messages(id)).filter((m) => m.isPrivate === 1);
    expect(notes.map((m) => [m.body, m.sendStatus])).toEqual([["🔒 *Ana*:\nCliente quer 2ª via", null]]);
    await w.t.ctx.channels.idle();
    expect(w.session.sent).toEqual([]);
  });

  test("to a user: open and theirs; sendMsgTransfTicket sends transferMessage to the contact", async () => {
    w = await createInbox();
    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "Você foi transferido para {{queue}}");
    const id = await openByAgent();
    const res = await put(w.agent.token, id, { queueId: w.q2, userId: w.agent2.id, isTransfered: true, status: "open" });
    expect(res.body).toMatchObject({ status: "open", userId: w.agent2.id, queueId: w.q2 });
    expect((await w.logs(id)).at(-1)).toEqual({ type: "receivedTransfer", userId: w.agent2.id, queueId: w.q2 });
    expect((await w.messages(id)).filter((m) => m.fromMe === 1 && m.isPrivate === 0).map((m) => [m.body, m.origin])).toEqual([
      ["Você foi transferido para Q2", "bot"],
    ]);
    // The old holder no longer sees it; the new one does.
    expect((await w.t.json("GET", `/api/tickets/u/${res.body.uuid}`, { token: w.agent.token })).status).toBe(403);
    expect((await w.t.json("GET", `/api/tickets/u/${res.body.uuid}`, { token: w.agent2.token })).status).toBe(200);
  });

  test("closeTicketOnTransfer: this ticket closes and a new one opens in the target queue", async () => {
    w = await createInbox();
    await w.setting("closeTicketOnTransfer", "enabled");
    const id = await openByAgent();
    const res = await put(w.agent.token, id, { queueId: w.q2, isTransfered: true, msgTransfer: "segue" });
    expect(res.status).toBe(200);
    expect(res.body.id).not.toBe(id);
    expect(res.body).toMatchObject({ status: "pending", queueId: w.q2, userId: null, isTransfered: true, contactId: (await w.ticket(id)).contactId });
    expect(await w.ticket(id)).toMatchObject({ status: "closed", queueId: w.q1 });
    expect((await w.logs(id)).slice(-2).map((l) => l.type)).toEqual(["transfered", "closed"]);
    expect(await w.logs(res.body.id)).toEqual([
      { type: "create", userId: w.agent.id, queueId: w.q2 },
      { type: "receivedTransfer", userId: null, queueId: w.q2 },
    ]);
    expect((await w.messages(res.body.id)).map((m) => m.body)).toEqual(["🔒 *Ana*:\nsegue"]);
  });

  test("a queue is required; ids of another company are validation errors on their field; closed tickets are not transferred", async () => {
    w = await createInbox();
    const id = await openByAgent();
    const noQueue = await put(w.agent.token, id, { isTransfered: true, userId: w.agent2.id });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields.queueId).toBe("Required");
    const other = await createCompany(w.t, { name: "B" });
    const foreignQueue = (
      await w.t.ctx.db.insertInto("queues").values({ companyId: other.companyId, name: "X", color: "#333333" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const fq = await put(w.agent.token, id, { isTransfered: true, queueId: foreignQueue });
    expect(fq.status).toBe(400);
    expect(Object.keys(fq.body.fields)).toEqual(["queueId"]);
    const fu = await put(w.agent.token, id, { isTransfered: true, queueId: w.q2, userId: other.admin.id });
    expect(fu.status).toBe(400);
    expect(Object.keys(fu.body.fields)).toEqual(["userId"]);
    expect(await w.ticket(id)).toMatchObject({ status: "open", queueId: w.q1, userId: w.agent.id, isTransfered: 0 });

    await put(w.agent.token, id, { status: "closed", sendFarewellMessage: false });
    expect((await put(w.admin.token, id, { isTransfered: true, queueId: w.q2 })).status).toBe(400);
  });
});

describe("guards", () => {
  test("another company's ticket is 404; a ticket the user cannot see is 403; statuses set by automation are refused", async () => {
    w = await createInbox();
    const id = await pendingQ1();
    const other = await createCompany(w.t, { name: "B" });
    expect((await put(other.admin.token, id, { status: "open" })).status).toBe(404);
    expect((await put(w.agent2.token, id, { status: "open" })).status).toBe(403);
    expect((await put(w.admin.token, id, { status: "lgpd" })).status).toBe(400);
    expect((await put(w.admin.token, id, { status: "bogus" })).status).toBe(400);
    expect((await w.ticket(id)).status).toBe("pending");
  });
});
