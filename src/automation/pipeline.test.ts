import { afterEach, describe, expect, test } from "bun:test";
import { AUDIO_REFUSED_TEXT } from "./steps/audio";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../tests/helpers/test-channel";

let w: Inbox | undefined;
let extra: ChannelTestApp | undefined;
afterEach(async () => {
  await (extra ?? w?.t)?.close();
  w = undefined;
  extra = undefined;
});

const MENU = ["Olá {{firstName}}! Escolha:", "", "*[ 1 ]* - Q1", "*[ 2 ]* - Q2", "*[ Sair ]* - Encerrar atendimento"].join("\n");

/** An inbox whose connection has both queues (menu) and greets; Q1 has a two-level option tree. */
async function botInbox(connection: Record<string, unknown> = {}) {
  w = await createInbox({ queues: true, connection: { greetingMessage: "Olá {{firstName}}! Escolha:", complationMessage: "Até logo", ...connection } });
  const db = w.t.ctx.db;
  await db.updateTable("queues").set({ greetingMessage: "Fila 1: escolha" }).where("id", "=", w.q1).execute();
  await db.updateTable("queues").set({ greetingMessage: "Fila 2, aguarde" }).where("id", "=", w.q2).execute();
  const option = async (values: Record<string, unknown>) =>
    (
      await db
        .insertInto("chatbots")
        .values({ companyId: 1, queueId: w!.q1, name: "Opção", queueType: "text", ...values } as never)
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const sales = await option({ name: "Vendas", greetingMessage: "Vendas: escolha", order: 1 });
  const support = await option({ name: "Suporte", greetingMessage: "Um agente já vem", order: 2, queueType: "attendent", optUserId: w.agent.id });
  const newCar = await option({ name: "Carro novo", parentId: sales, greetingMessage: "Vai para a fila 2", order: 1, queueType: "queue", optQueueId: w.q2 });
  const used = await option({ name: "Seminovo", parentId: sales, greetingMessage: "Obrigado, encerramos", order: 2, closeTicket: 1 });
  return { w, ids: { sales, support, newCar, used } };
}

/** The contact writes and the automation answers; resolves with the texts the channel sent for this message. */
async function say(inbox: Inbox, body: string, from = "5511988887777", extras: Record<string, unknown> = {}) {
  const session = inbox.chan.session(inbox.connectionId)!;
  const before = session.sent.length;
  const r = await session.receive({ from, body, name: "Maria Silva", ...extras });
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  await inbox.t.ctx.channels.idle();
  return { ticketId: r.ticketId, texts: session.sent.slice(before).map((m) => m.body ?? "") };
}

describe("queue menu and option tree", () => {
  test("several queues: the greeting and the numbered menu; a digit picks the queue, which greets with its first level", async () => {
    const { w } = await botInbox();
    const first = await say(w, "oi");
    expect(first.texts).toEqual([MENU.replace("{{firstName}}", "Maria")]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "pending", queueId: null, isBot: 1, botStage: "menu" });
    const second = await say(w, "1");
    expect(second.texts).toEqual([
      ["Fila 1: escolha", "", "*[ 1 ]* - Vendas", "*[ 2 ]* - Suporte", "*[ # ]* - Voltar", "*[ Sair ]* - Encerrar atendimento"].join("\n"),
    ]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ queueId: w.q1, botStage: "tree", chatbot: 1, queueOptionId: null });
    const msgs = await w.messages(first.ticketId);
    expect(msgs.filter((m) => m.fromMe === 1).map((m) => m.origin)).toEqual(["bot", "bot"]);
    expect((await w.logs(first.ticketId)).map((l) => l.type)).toEqual(["create", "chatBot", "queue"]);
  });

  test("the connection's greeting picture goes with the menu, the menu as its caption", async () => {
    const { w } = await botInbox();
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
      c.charCodeAt(0),
    );
    const stored = await w.t.ctx.media.save(1, { data: png, name: "ola.png" });
    await w.t.ctx.db.updateTable("connections").set({ greetingMediaAttachment: stored.key }).where("id", "=", w.connectionId).execute();
    const first = await say(w, "oi");
    expect(first.texts).toEqual([MENU.replace("{{firstName}}", "Maria")]);
    const sent = w.chan.session(w.connectionId)!.sent.at(-1)!;
    expect(sent.media?.mime).toBe("image/png");
    const [bot] = (await w.messages(first.ticketId)).filter((m) => m.origin === "bot");
    expect(bot).toMatchObject({ mediaKey: stored.key, mediaType: "image" });
  });

  test("two levels down: an option of type queue moves the ticket and that queue greets; the contact waits for its agents", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "1");
    const sales = await say(w, "1");
    expect(sales.texts[0]).toStartWith("Vendas: escolha\n\n*[ 1 ]* - Carro novo\n*[ 2 ]* - Seminovo\n*[ # ]* - Voltar");
    const car = await say(w, "1");
    expect(car.texts).toEqual(["Vai para a fila 2", "Fila 2, aguarde"]);
    expect(await w.ticket(car.ticketId)).toMatchObject({ status: "pending", queueId: w.q2, userId: null, isBot: 0, chatbot: 0, botStage: "done" });
    // Waiting for an agent: more messages get no answer.
    expect((await say(w, "alguém?")).texts).toEqual([]);
  });

  test("# goes up a level, then back to the queue menu; sair closes with the completion message", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "1");
    await say(w, "1");
    expect((await say(w, "#")).texts[0]).toStartWith("Fila 1: escolha");
    const menu = await say(w, "#");
    expect(menu.texts).toEqual([MENU.replace("{{firstName}}", "Maria")]);
    expect(await w.ticket(menu.ticketId)).toMatchObject({ queueId: null, botStage: "menu" });
    const bye = await say(w, " SAIR ");
    expect(bye.texts).toEqual(["Até logo"]);
    expect(await w.ticket(bye.ticketId)).toMatchObject({ status: "closed", botStage: null, isBot: 0 });
  });

  test("an option with closeTicket closes after its message", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "1");
    await say(w, "1");
    const done = await say(w, "2");
    expect(done.texts).toEqual(["Obrigado, encerramos", "Até logo"]);
    expect((await w.ticket(done.ticketId)).status).toBe("closed");
  });

  test("an attendent option hands the ticket to its user when online, else it waits in the queue unassigned", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "1");
    const offline = await say(w, "2");
    expect(offline.texts).toEqual(["Um agente já vem"]);
    expect(await w.ticket(offline.ticketId)).toMatchObject({ status: "pending", queueId: w.q1, userId: null, botStage: "done" });

    await w.t.ctx.db.updateTable("users").set({ online: 1 }).where("id", "=", w.agent.id).execute();
    const other = "5511977776666";
    await say(w, "oi", other);
    await say(w, "1", other);
    const online = await say(w, "2", other);
    expect(await w.ticket(online.ticketId)).toMatchObject({ status: "pending", queueId: w.q1, userId: w.agent.id });
  });

  test("wrong answers repeat the menu and count up to maxUseBotQueues; then the bot leaves the ticket to the agents", async () => {
    const { w } = await botInbox({ maxUseBotQueues: 2 });
    await say(w, "oi");
    expect((await say(w, "9")).texts).toHaveLength(1);
    expect((await say(w, "banana")).texts).toHaveLength(1);
    const third = await say(w, "x");
    expect(third.texts).toEqual([]);
    expect(await w.ticket(third.ticketId)).toMatchObject({ botStage: "done", isBot: 0, queueId: null, status: "pending" });
    expect((await say(w, "1")).texts).toEqual([]);
  });

  test("choosing a queue starts the count again (the replaced product kept the menu's count in the tree)", async () => {
    const { w } = await botInbox({ maxUseBotQueues: 1 });
    await say(w, "oi");
    expect((await say(w, "7")).texts).toHaveLength(1);
    expect((await w.ticket((await say(w, "1")).ticketId)).amountUsedBotQueues).toBe(0);
    // One wrong answer in the tree is still allowed.
    expect((await say(w, "7")).texts[0]).toStartWith("Fila 1: escolha");
  });

  test("timeUseBotQueues: the menu is not repeated before that many minutes after it was last sent", async () => {
    const { w } = await botInbox({ timeUseBotQueues: 10 });
    await say(w, "oi");
    w.t.clock.advance(9 * 60_000 + 59_000);
    expect((await say(w, "?")).texts).toEqual([]);
    w.t.clock.advance(1_000);
    expect((await say(w, "?")).texts).toHaveLength(1);
    // Counted from the last send, not from a minute boundary.
    w.t.clock.advance(5 * 60_000);
    expect((await say(w, "?")).texts).toEqual([]);
    w.t.clock.advance(5 * 60_000);
    expect((await say(w, "?")).texts).toHaveLength(1);
  });

  test("20 messages from a new contact arriving at once get one greeting and one menu", async () => {
    const { w } = await botInbox();
    const session = w.chan.session(w.connectionId)!;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => session.receive({ from: "5511955554444", body: `msg ${i}`, name: "Rui" })));
    await w.t.ctx.channels.idle();
    expect(new Set(results.map((r) => (r.status === "stored" ? r.ticketId : 0))).size).toBe(1);
    expect(session.sent.map((m) => m.body)).toEqual([MENU.replace("{{firstName}}", "Rui")]);
  });

  test("a connection with one queue: the ticket is in it silently; the greeting only with sendGreetingMessageOneQueues", async () => {
    w = await createInbox({ connection: { greetingMessage: "Bem-vindo" } });
    await w.t.ctx.db.insertInto("connection_queues").values({ connectionId: w.connectionId, queueId: w.q1, companyId: 1 }).execute();
    await w.setting("sendGreetingMessageOneQueues", "disabled");
    const quiet = await say(w, "oi", "5511911112222");
    expect(quiet.texts).toEqual([]);
    expect(await w.ticket(quiet.ticketId)).toMatchObject({ queueId: w.q1, botStage: "done" });
    await w.setting("sendGreetingMessageOneQueues", "enabled");
    expect((await say(w, "oi", "5511933334444")).texts).toEqual(["Bem-vindo"]);
  });

  test("the bot stays out: disableBot contacts, accepted tickets, and tickets answered from the phone", async () => {
    const { w } = await botInbox();
    const first = await say(w, "oi", "5511922223333");
    await w.t.ctx.db.updateTable("contacts").set({ disableBot: 1 }).where("number", "=", "5511922223333").execute();
    expect((await say(w, "1", "5511922223333")).texts).toEqual([]);

    const other = await say(w, "oi", "5511922224444");
    const accept = await w.t.json("PUT", `/api/tickets/${other.ticketId}`, { token: w.admin.token, body: { status: "open", queueId: w.q1 } });
    expect(accept.status).toBe(200);
    expect(await w.ticket(other.ticketId)).toMatchObject({ isBot: 0, botStage: "done" });
    expect((await say(w, "1", "5511922224444")).texts).toEqual([]);

    const phone = await say(w, "oi", "5511922225555");
    await say(w, "já te atendo", "5511922225555", { fromMe: true });
    expect(await w.ticket(phone.ticketId)).toMatchObject({ botStage: "done", isBot: 0 });
    expect((await say(w, "1", "5511922225555")).texts).toEqual([]);
    expect(first.texts).toHaveLength(1);
  });

  test("a restart in the middle of the tree resumes at the same node, answering exactly once", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "1");
    await say(w, "1");
    extra = await w.t.restart();
    const again: Inbox = { ...w, t: extra };
    for (let i = 0; i < 50 && again.chan.session(w.connectionId) === w.session; i++) await Bun.sleep(20);
    const car = await say(again, "1");
    expect(car.texts).toEqual(["Vai para a fila 2", "Fila 2, aguarde"]);
    const rows = await extra.ctx.db.selectFrom("messages").select(["body", "origin"]).where("origin", "=", "bot").execute();
    expect(rows.map((r) => r.body)).toContain("Vai para a fila 2");
    expect(rows.filter((r) => r.body === "Vai para a fila 2")).toHaveLength(1);
  });

  test("a restart while the menu waits: the answer after it picks the queue, greeted exactly once", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    extra = await w.t.restart();
    const again: Inbox = { ...w, t: extra };
    for (let i = 0; i < 50 && again.chan.session(w.connectionId) === w.session; i++) await Bun.sleep(20);
    const picked = await say(again, "2");
    expect(picked.texts).toEqual(["Fila 2, aguarde"]);
    const bodies = (await extra.ctx.db.selectFrom("messages").select("body").where("origin", "=", "bot").execute()).map((r) => r.body);
    expect(bodies.filter((b) => b === "Fila 2, aguarde")).toHaveLength(1);
    expect(bodies.filter((b) => b.startsWith("Olá Maria"))).toHaveLength(1);
  });

  test("in a queue, audio is refused with a notice when the company or the contact does not take it", async () => {
    const { w } = await botInbox();
    await say(w, "oi");
    await say(w, "2");
    // One Ogg page whose first packet is an Opus header: what a voice note starts with.
    const data = new Uint8Array(28 + 19);
    data.set(new TextEncoder().encode("OggS"), 0);
    data[5] = 2;
    data[26] = 1;
    data[27] = 19;
    data.set(new TextEncoder().encode("OpusHead"), 28);
    data[36] = 1;
    data[37] = 1;
    const audio = { data, mime: "audio/ogg", name: "voice.ogg" };
    expect((await say(w, "", undefined, { media: audio })).texts.filter((t) => t === AUDIO_REFUSED_TEXT)).toEqual([]);
    await w.setting("acceptAudioMessageContact", "disabled");
    const r = await say(w, "", undefined, { media: audio });
    expect(r.texts).toEqual([AUDIO_REFUSED_TEXT]);
  });

  test("a refused call is answered with the company's text for calls, filled, and nothing else; the contact's next message gets the menu", async () => {
    const { w } = await botInbox();
    await w.setting("acceptCallWhatsapp", "disabled");
    await w.setting("AcceptCallWhatsappMessage", "{{firstName}}, não atendemos ligações: escreva aqui.");
    const call = { kind: "call_log", callRefused: true, data: { call: { outcome: "rejected", video: false } } };
    const first = await say(w, "Rejected voice call", undefined, call);
    expect(first.texts).toEqual(["Maria, não atendemos ligações: escreva aqui."]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "pending", botStage: null });
    expect((await w.messages(first.ticketId)).filter((m) => m.fromMe === 1).map((m) => m.origin)).toEqual(["bot"]);
    expect((await say(w, "oi")).texts).toEqual([MENU.replace("{{firstName}}", "Maria")]);
    // A call while an agent holds the ticket is answered too (the contact is told to write), and the ticket stays theirs.
    await w.t.ctx.db.updateTable("tickets").set({ status: "open", userId: w.agent.id, botStage: "done" }).where("id", "=", first.ticketId).execute();
    expect((await say(w, "Rejected voice call", undefined, call)).texts).toEqual(["Maria, não atendemos ligações: escreva aqui."]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "open", userId: w.agent.id });
  });
});
