import { afterEach, describe, expect, test } from "bun:test";
import { ChannelError, type MessageRef } from "../../channels/adapter";
import { createCompany } from "../../../tests/helpers/factories";
import { tokenFor } from "../../../tests/helpers/socket-peer";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

/** An open ticket of the Q1 agent with one sent message of theirs; the channel's edit and delete calls recorded. */
async function setup() {
  w = await createInbox();
  const id = await w.inbound("5511000000001");
  await w.setTicket(id, { queueId: w.q1, status: "open", userId: w.agent.id });
  const sent = await w.t.json("POST", `/api/messages/${id}`, { token: w.agent.token, body: { body: "Olá, tudo bem?" } });
  await w.t.ctx.channels.idle();
  const calls: { op: string; ref: MessageRef; body?: string }[] = [];
  Object.assign(w.session, {
    edit: async (ref: MessageRef, body: string) => void calls.push({ op: "edit", ref, body }),
    delete: async (ref: MessageRef) => void calls.push({ op: "delete", ref }),
  });
  return { ticketId: id, messageId: sent.body.message.id as number, calls };
}
const edit = (token: string, id: number, body: string) => w!.t.json("POST", `/api/messages/edit/${id}`, { token, body: { body } });
const remove = (token: string, id: number) => w!.t.json("DELETE", `/api/messages/${id}`, { token });
const react = (token: string, id: number, type: string) => w!.t.json("POST", `/api/messages/${id}/reactions`, { token, body: { type } });
const row = (id: number) => w!.t.ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("edit (own messages, 15 minutes)", () => {
  test("through the channel: the text replaced, isEdited, the list item follows; refused after 15 minutes", async () => {
    const { ticketId, messageId, calls } = await setup();
    w!.t.clock.advance(14 * 60_000);
    const res = await edit(w!.agent.token, messageId, "Olá, tudo certo?");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: messageId, body: "Olá, tudo certo?", isEdited: true });
    expect(calls).toEqual([
      { op: "edit", ref: { externalId: (await row(messageId)).externalId!, chatId: "5511000000001", fromMe: true }, body: "Olá, tudo certo?" },
    ]);
    expect((await w!.ticket(ticketId)).lastMessage).toBe("Olá, tudo certo?");

    w!.t.clock.advance(60_000 + 1);
    // Access tokens live 15 minutes too: a fresh one for the same session.
    const late = await edit(await tokenFor(w!.t, w!.agent.id), messageId, "tarde demais");
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("ERR_MESSAGE_NOT_EDITABLE");
    expect((await row(messageId)).body).toBe("Olá, tudo certo?");
    expect(calls).toHaveLength(1);
  });

  test("only your own, not deleted, not blank; a contact's message is not yours", async () => {
    const { ticketId, messageId } = await setup();
    const [contactMsg] = await w!.messages(ticketId);
    for (const [token, id, body] of [
      [w!.admin.token, messageId, "admin"],
      [w!.agent.token, contactMsg!.id, "contact"],
    ] as const) {
      const r = await edit(token, id, body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "ERR_MESSAGE_NOT_EDITABLE" });
    }
    expect((await edit(w!.agent.token, messageId, "   ")).status).toBe(400);
    expect((await edit(w!.agent2.token, messageId, "x")).status).toBe(403);
    const other = await createCompany(w!.t, { name: "B" });
    expect((await edit(other.admin.token, messageId, "x")).status).toBe(404);
    await remove(w!.agent.token, messageId);
    expect((await edit(w!.agent.token, messageId, "depois")).body.error).toBe("ERR_MESSAGE_NOT_EDITABLE");
  });

  test("a channel without editing answers ERR_CHANNEL_UNSUPPORTED; a channel's refusal its error; the text stays", async () => {
    const { messageId } = await setup();
    (w!.session as { edit?: unknown }).edit = undefined;
    const unsupported = await edit(w!.agent.token, messageId, "novo");
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe("ERR_CHANNEL_UNSUPPORTED");
    w!.session.edit = async () => {
      throw new ChannelError("TEMPORARY", "provider down");
    };
    const refused = await edit(w!.agent.token, messageId, "novo");
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: "ERR_SENDING_WAPP_MSG", channelError: "TEMPORARY" });
    expect(await row(messageId)).toMatchObject({ body: "Olá, tudo bem?", isEdited: 0 });
  });

  test("a private note is edited here only and keeps its marker", async () => {
    const { ticketId, calls } = await setup();
    const note = await w!.t.json("POST", `/api/messages/${ticketId}`, { token: w!.agent.token, body: { body: "anotar", isPrivate: true } });
    const res = await edit(w!.agent.token, note.body.message.id, "anotado");
    expect(res.body).toMatchObject({ body: "🔒 *Ana*:\nanotado", isEdited: true, isPrivate: true });
    expect(calls).toEqual([]);
  });
});

describe("delete (own messages)", () => {
  test("through the channel; isDeleted; the agents still read the text unless LGPD erases it", async () => {
    const { messageId, calls } = await setup();
    const res = await remove(w!.agent.token, messageId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: messageId, isDeleted: true, body: "Olá, tudo bem?" });
    expect(calls.map((c) => c.op)).toEqual(["delete"]);
    const again = await remove(w!.agent.token, messageId);
    expect(again.body.error).toBe("ERR_MESSAGE_NOT_DELETABLE");
  });

  test("with enableLGPD and lgpdDeleteMessage the stored text becomes the removed notice", async () => {
    const { ticketId, messageId } = await setup();
    await w!.setting("enableLGPD", "enabled");
    await w!.setting("lgpdDeleteMessage", "enabled");
    const res = await remove(w!.agent.token, messageId);
    expect(res.body).toMatchObject({ isDeleted: true, body: "🚫 _Mensagem apagada_" });
    expect((await row(messageId)).body).toBe("🚫 _Mensagem apagada_");
    expect((await w!.ticket(ticketId)).lastMessage).toBe("🚫 _Mensagem apagada_");
  });

  test("someone else's message, or one still being sent, is refused", async () => {
    const { ticketId, messageId } = await setup();
    expect((await remove(w!.admin.token, messageId)).body.error).toBe("ERR_MESSAGE_NOT_DELETABLE");
    w!.session.hold();
    const pending = await w!.t.json("POST", `/api/messages/${ticketId}`, { token: w!.agent.token, body: { body: "segurando" } });
    const inFlight = await remove(w!.agent.token, pending.body.message.id);
    expect(inFlight.body.error).toBe("ERR_MESSAGE_NOT_DELETABLE");
    w!.session.release();
    await w!.t.ctx.channels.idle();
    expect((await row(messageId)).isDeleted).toBe(0);
  });
});

describe("reactions", () => {
  test("through the channel, one per agent, stored; an empty type takes it off; notes and closed tickets take none", async () => {
    const { ticketId } = await setup();
    const [contactMsg] = await w!.messages(ticketId);
    const res = await react(w!.agent.token, contactMsg!.id, "👍");
    expect(res.status).toBe(200);
    expect(res.body.reactions).toEqual([{ emoji: "👍", fromMe: true, reactor: `user:${w!.agent.id}`, userId: w!.agent.id }]);
    expect(w!.session.reactions).toEqual([{ ref: { externalId: contactMsg!.externalId!, chatId: "5511000000001", fromMe: false }, emoji: "👍" }]);
    expect((await react(w!.agent.token, contactMsg!.id, "❤️")).body.reactions.map((r: any) => r.emoji)).toEqual(["❤️"]);
    expect((await react(w!.agent.token, contactMsg!.id, "")).body.reactions).toEqual([]);

    const note = await w!.t.json("POST", `/api/messages/${ticketId}`, { token: w!.agent.token, body: { body: "n", isPrivate: true } });
    expect((await react(w!.agent.token, note.body.message.id, "👍")).status).toBe(400);
    expect((await react(w!.agent2.token, contactMsg!.id, "👍")).status).toBe(403);
    await w!.setTicket(ticketId, { status: "closed" });
    expect((await react(w!.agent.token, contactMsg!.id, "👍")).status).toBe(403);
  });
});
