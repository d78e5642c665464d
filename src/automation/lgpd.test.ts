import { afterEach, describe, expect, test } from "bun:test";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../tests/helpers/test-channel";

let w: Inbox | undefined;
let extra: ChannelTestApp | undefined;
afterEach(async () => {
  await (extra ?? w?.t)?.close();
  w = undefined;
  extra = undefined;
});

const CONSENT = [
  "Tratamos seus dados conforme a LGPD.",
  "Para mais informações, acesse: https://exemplo.com.br/privacidade",
  "*[ 1 ]* - Aceitar\n*[ 2 ]* - Recusar",
].join("\n\n");
const MENU = ["Olá Maria! Escolha:", "", "*[ 1 ]* - Q1", "*[ 2 ]* - Q2", "*[ Sair ]* - Encerrar atendimento"].join("\n");

/** A connection with two queues (the menu follows the consent), the consent dialogue on (enableLGPD, lgpdConsent, lgpdMessage, lgpdLink). */
async function lgpdInbox(connection: Record<string, unknown> = {}) {
  const inbox = await createInbox({
    queues: true,
    connection: { greetingMessage: "Olá {{firstName}}! Escolha:", complationMessage: "Até logo", ...connection },
  });
  w = inbox;
  await inbox.setting("enableLGPD", "enabled");
  await inbox.setting("lgpdConsent", "enabled");
  await inbox.setting("lgpdMessage", "Tratamos seus dados conforme a LGPD.");
  await inbox.setting("lgpdLink", "https://exemplo.com.br/privacidade");
  return inbox;
}

async function say(inbox: Inbox, body: string, from = "5511988887777", extras: Record<string, unknown> = {}) {
  const session = inbox.chan.session(inbox.connectionId)!;
  const before = session.sent.length;
  const r = await session.receive({ from, body, name: "Maria Silva", ...extras });
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  await inbox.t.ctx.channels.idle();
  return { ticketId: r.ticketId, texts: session.sent.slice(before).map((m) => m.body ?? "") };
}

const contactOf = async (inbox: Inbox, ticketId: number) =>
  inbox.t.ctx.db
    .selectFrom("contacts")
    .selectAll()
    .where("id", "=", (await inbox.ticket(ticketId)).contactId)
    .executeTakeFirstOrThrow();

describe("LGPD consent (enableLGPD, lgpdConsent, lgpdMessage, lgpdLink)", () => {
  test("the first message asks for consent (status lgpd); 1 records it on the contact and the ticket and the menu follows at once", async () => {
    const w = await lgpdInbox();
    const first = await say(w, "oi");
    expect(first.texts).toEqual([CONSENT]);
    const asked = await w.ticket(first.ticketId);
    expect(asked).toMatchObject({ status: "lgpd", lgpdAcceptedAt: null, botStage: null });
    expect(asked.lgpdSendMessageAt).not.toBeNull();
    expect((await w.messages(first.ticketId)).at(-1)).toMatchObject({ origin: "bot", body: CONSENT });

    const yes = await say(w, "1");
    expect(yes.texts).toEqual([MENU]);
    const accepted = await w.ticket(first.ticketId);
    expect(accepted).toMatchObject({ status: "pending", botStage: "menu", isBot: 1 });
    expect(accepted.lgpdAcceptedAt).not.toBeNull();
    expect((await contactOf(w, first.ticketId)).lgpdAcceptedAt).toBe(accepted.lgpdAcceptedAt);
    // The choice of a queue is the next message's: "1" was the consent.
    expect(accepted.queueId).toBeNull();

    // Once consented, the contact is not asked again: its next conversation starts with the menu.
    await say(w, "sair");
    const again = await say(w, "oi de novo");
    expect(again.ticketId).not.toBe(first.ticketId);
    expect(again.texts).toEqual([MENU]);
  });

  test("2 refuses: the completion message and the ticket closes; the next conversation asks again", async () => {
    const w = await lgpdInbox();
    const first = await say(w, "oi");
    const no = await say(w, " 2 ");
    expect(no.texts).toEqual(["Até logo"]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "closed", lgpdAcceptedAt: null });
    expect((await w.logs(first.ticketId)).at(-1)).toMatchObject({ type: "closed" });
    expect((await contactOf(w, first.ticketId)).lgpdAcceptedAt).toBeNull();
    expect((await say(w, "oi")).texts).toEqual([CONSENT]);
  });

  test("anything else asks again under maxUseBotQueues and timeUseBotQueues, then the bot is silent; agents may still ignore the ticket", async () => {
    const w = await lgpdInbox({ maxUseBotQueues: 1, timeUseBotQueues: 2 });
    const first = await say(w, "oi");
    // Too soon to ask again.
    expect((await say(w, "o quê?")).texts).toEqual([]);
    w.t.clock.advance(2 * 60_000);
    expect((await say(w, "talvez")).texts).toEqual([CONSENT]);
    w.t.clock.advance(2 * 60_000);
    expect((await say(w, "não sei")).texts).toEqual([]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "lgpd", amountUsedBotQueues: 1 });

    const body = { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 };
    const ignored = await w.t.json("PUT", `/api/tickets/${first.ticketId}`, { token: w.admin.token, body });
    expect(ignored.body).toMatchObject({ status: "closed" });
  });

  test("a restart in the middle of the consent resumes it, answering exactly once", async () => {
    const w = await lgpdInbox();
    const first = await say(w, "oi");
    extra = await w.t.restart();
    const again: Inbox = { ...w, t: extra };
    for (let i = 0; i < 50 && again.chan.session(w.connectionId) === w.session; i++) await Bun.sleep(20);
    const yes = await say(again, "1");
    expect(yes.texts).toEqual([MENU]);
    const rows = await extra.ctx.db
      .selectFrom("messages")
      .select("body")
      .where("ticketId", "=", first.ticketId)
      .where("origin", "=", "bot")
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.body)).toEqual([CONSENT, MENU]);
    const t = await extra.ctx.db.selectFrom("tickets").selectAll().where("id", "=", first.ticketId).executeTakeFirstOrThrow();
    expect(t).toMatchObject({ status: "pending", botStage: "menu" });
  });

  test("not asked without lgpdConsent or an lgpdMessage, nor of contacts who consented, disableBot contacts or groups", async () => {
    const w = await lgpdInbox();
    await w.setting("lgpdConsent", "disabled");
    expect((await say(w, "oi", "5511911110001")).texts).toEqual([MENU]);
    await w.setting("lgpdConsent", "enabled");
    await w.setting("lgpdMessage", "");
    expect((await say(w, "oi", "5511911110002")).texts).toEqual([MENU]);
    await w.setting("lgpdMessage", "Tratamos seus dados conforme a LGPD.");

    // Contacts an agent added by hand: the chat takes them over on its first message.
    const added = (number: string, values: Record<string, unknown>) =>
      w.t.ctx.db
        .insertInto("contacts")
        .values({ companyId: 1, name: "Maria Silva", number, channel: "testchan", ...values })
        .execute();
    await added("5511911110003", { lgpdAcceptedAt: "2024-01-01T00:00:00.000Z" });
    expect((await say(w, "oi", "5511911110003")).texts).toEqual([MENU]);
    await added("5511911110004", { disableBot: 1 });
    const quiet = await say(w, "oi", "5511911110004");
    expect(quiet.texts).toEqual([]);
    expect((await w.ticket(quiet.ticketId)).status).toBe("pending");

    await w.t.ctx.db.updateTable("connections").set({ groupAsTicket: "enabled" }).where("id", "=", w.connectionId).execute();
    const group = await say(w, "oi", "120363000000000001@g.us", { group: true, participant: { id: "5511900000009" } });
    expect(group.texts).not.toContain(CONSENT);
  });
});
