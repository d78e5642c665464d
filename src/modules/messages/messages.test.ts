import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

/** An open ticket of Q1 held by the Q1 agent (Ana). */
async function openTicket(from = "5511000000001") {
  const id = await w!.inbound(from);
  await w!.setTicket(id, { queueId: w!.q1, status: "open", userId: w!.agent.id });
  return id;
}
const send = (token: string, ticketId: number, body: unknown) => w!.t.json("POST", `/api/messages/${ticketId}`, { token, body });

describe("POST /api/messages/:ticketId", () => {
  test("a private note carries the lock and the agent's name and is never sent; a signed message the agent's name", async () => {
    w = await createInbox();
    const id = await openTicket();
    const note = await send(w.agent.token, id, { body: "cliente VIP", isPrivate: true });
    expect(note.body.message).toMatchObject({ body: "🔒 *Ana*:\ncliente VIP", isPrivate: true, sendStatus: null });
    const signedMsg = await send(w.agent.token, id, { body: "Bom dia", signMessage: true });
    expect(signedMsg.body.message.body).toBe("*Ana*:\nBom dia");
    const plainMsg = await send(w.agent.token, id, { body: "Tudo bem?" });
    expect(plainMsg.body.message.body).toBe("Tudo bem?");
    await w.setting("sendSignMessage", "disabled");
    expect((await send(w.agent.token, id, { body: "Sem assinatura", signMessage: true })).body.message.body).toBe("Sem assinatura");
    await w.t.ctx.channels.idle();
    expect(w.session.sent.map((m) => m.body)).toEqual(["*Ana*:\nBom dia", "Tudo bem?", "Sem assinatura"]);
    expect((await w.ticket(id)).lastMessage).toBe("Sem assinatura");
  });

  test("empty or blank messages are refused, notes too", async () => {
    w = await createInbox();
    const id = await openTicket();
    for (const body of [{ body: "" }, { body: "   \n\t" }, { body: "  ", isPrivate: true }, {}]) {
      const r = await send(w.agent.token, id, body);
      expect({ body, status: r.status, field: Object.keys(r.body.fields ?? {}) }).toEqual({ body, status: 400, field: ["body"] });
    }
    expect((await w.messages(id)).filter((m) => m.fromMe === 1)).toEqual([]);
  });

  test("a quoted reply names a message of the same ticket; another ticket's message is a validation error", async () => {
    w = await createInbox();
    const id = await openTicket();
    const other = await openTicket("5511000000002");
    const [theirs] = await w.messages(id);
    const [elsewhere] = await w.messages(other);
    const reply = await send(w.agent.token, id, { body: "Respondendo", quotedMsg: { id: theirs!.id, body: "ignored" } });
    expect(reply.body.message.quotedMsg).toMatchObject({ id: theirs!.id, body: "from 5511000000001" });
    const bad = await send(w.agent.token, id, { body: "x", quotedMsg: elsewhere!.id });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(["quotedMsg"]);
  });

  test("a contact card: a vCard built from a name and number (or given whole), mediaType contactMessage", async () => {
    w = await createInbox();
    const id = await openTicket();
    const card = await send(w.agent.token, id, { vCard: { name: "José Silva", number: "+55 11 99999-0000" } });
    expect(card.status).toBe(200);
    expect(card.body.message).toMatchObject({ body: "José Silva", mediaType: "contactMessage" });
    expect(card.body.message.vCard).toContain("FN:José Silva");
    expect(card.body.message.vCard).toContain("TEL;type=CELL;waid=5511999990000:+5511999990000");
    const raw = "BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;type=CELL;waid=5511888880000:+5511888880000\nEND:VCARD";
    expect((await send(w.agent.token, id, { vCard: raw })).body.message).toMatchObject({ body: "Maria", vCard: raw });
    expect((await send(w.agent.token, id, { vCard: "not a card" })).status).toBe(400);
    await w.t.ctx.channels.idle();
    expect(w.session.sent.map((m) => [m.body, m.vCard?.includes("BEGIN:VCARD")])).toEqual([
      ["José Silva", true],
      ["Maria", true],
    ]);
  });
});

describe("GET /api/messages/:ticketId", () => {
  test("allHistoric shows the contact's earlier tickets on the connection (selectedQueues narrows them); otherwise this ticket only", async () => {
    w = await createInbox();
    const first = await w.inbound("5511000000001", { body: "primeiro" });
    await w.setTicket(first, { status: "closed", queueId: w.q2 });
    const second = await w.inbound("5511000000001", { body: "segundo" });
    expect(second).not.toBe(first);
    await w.setTicket(second, { queueId: w.q1, status: "open", userId: w.agent.id });
    const bodies = async (query = "") =>
      (await w!.t.json("GET", `/api/messages/${second}${query}`, { token: w!.agent.token })).body.messages.map((m: any) => m.body);
    expect(await bodies()).toEqual(["segundo"]);
    await w.t.ctx.db.updateTable("users").set({ allHistoric: "enabled" }).where("id", "=", w.agent.id).execute();
    expect(await bodies()).toEqual(["primeiro", "segundo"]);
    expect(await bodies(`?selectedQueues=${encodeURIComponent(JSON.stringify([w.q1]))}`)).toEqual(["segundo"]);
    expect(await bodies(`?selectedQueues=${encodeURIComponent(JSON.stringify([w.q1, w.q2]))}`)).toEqual(["primeiro", "segundo"]);
    expect((await w.t.json("GET", `/api/messages/${second}?selectedQueues=nope`, { token: w.agent.token })).status).toBe(400);
  });

  test("with enableLGPD and lgpdDeleteMessage a message deleted on the channel shows the removed notice", async () => {
    w = await createInbox();
    const id = await openTicket();
    const [msg] = await w.messages(id);
    await w.session.host.inbound({ type: "revoke", externalId: msg!.externalId, chat: { id: "5511000000001" } });
    const before = (await w.t.json("GET", `/api/messages/${id}`, { token: w.agent.token })).body.messages[0];
    expect(before).toMatchObject({ isDeleted: true, body: "from 5511000000001" });
    await w.setting("enableLGPD", "enabled");
    await w.setting("lgpdDeleteMessage", "enabled");
    const after = (await w.t.json("GET", `/api/messages/${id}`, { token: w.agent.token })).body.messages[0];
    expect(after).toMatchObject({ isDeleted: true, body: "🚫 _Mensagem apagada_", mediaUrl: null });
  });
});

describe("GET /api/messages/transcribeAudio/:id", () => {
  test("finds the audio by message id within what the user may see, and answers that no transcription exists", async () => {
    w = await createInbox();
    const id = await openTicket();
    const db = w.t.ctx.db;
    await db
      .insertInto("media")
      .values({ key: "a".repeat(32), companyId: 1, mime: "audio/ogg", size: 10, name: "voz.ogg" })
      .execute();
    const audio = await db
      .insertInto("messages")
      .values({ companyId: 1, ticketId: id, body: "", origin: "contact", mediaKey: "a".repeat(32), mediaType: "audio", mimetype: "audio/ogg" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await w.t.json("GET", `/api/messages/transcribeAudio/${audio.id}`, { token: w.agent.token });
    expect(res.status).toBe(501);
    expect(res.body.error).toBe("ERR_TRANSCRIPTION_UNAVAILABLE");
    const [text] = await w.messages(id);
    expect((await w.t.json("GET", `/api/messages/transcribeAudio/${text!.id}`, { token: w.agent.token })).status).toBe(400);
    expect((await w.t.json("GET", `/api/messages/transcribeAudio/${audio.id}`, { token: w.agent2.token })).status).toBe(403);
    expect((await w.t.json("GET", "/api/messages/transcribeAudio/voz.ogg", { token: w.agent.token })).status).toBe(400);
    const other = await createCompany(w.t, { name: "B" });
    expect((await w.t.json("GET", `/api/messages/transcribeAudio/${audio.id}`, { token: other.admin.token })).status).toBe(404);
  });
});
