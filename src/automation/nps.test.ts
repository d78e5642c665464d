import { afterEach, describe, expect, test } from "bun:test";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../tests/helpers/test-channel";
import { DEFAULT_NPS_EXPIRY_MINUTES } from "./closing";

let w: Inbox | undefined;
let extra: ChannelTestApp | undefined;
afterEach(async () => {
  await (extra ?? w?.t)?.close();
  w = undefined;
  extra = undefined;
});

const RATING = "{{firstName}}, de 0 a 10, como foi o atendimento de {{user}}?";

/** Ratings on (userRating), a connection that asks (ratingMessage) and reopens recent tickets (timeCreateNewTicket). */
async function ratingInbox(connection: Record<string, unknown> = {}) {
  const inbox = await createInbox({
    connection: {
      ratingMessage: RATING,
      complationMessage: "Obrigado, até logo",
      expiresTicketNPS: 30,
      maxUseBotQueuesNPS: 2,
      timeCreateNewTicket: 120,
      ...connection,
    },
  });
  await inbox.setting("userRating", "enabled");
  w = inbox;
  return inbox;
}

/** The contact writes; resolves with the texts the channel sent in answer. */
async function say(inbox: Inbox, body: string, from = "5511988887777") {
  const session = inbox.chan.session(inbox.connectionId)!;
  const before = session.sent.length;
  const r = await session.receive({ from, body, name: "Maria Silva" });
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  await inbox.t.ctx.channels.idle();
  return { ticketId: r.ticketId, texts: session.sent.slice(before).map((m) => m.body ?? "") };
}

/** A contact's ticket accepted by the Q1 agent, then resolved by them: the contact is asked to rate. */
async function resolved(inbox: Inbox, from = "5511988887777") {
  const { ticketId } = await say(inbox, "oi", from);
  await inbox.setTicket(ticketId, { queueId: inbox.q1 });
  const put = (body: Record<string, unknown>) => inbox.t.json("PUT", `/api/tickets/${ticketId}`, { token: inbox.agent.token, body });
  expect((await put({ status: "open" })).status).toBe(200);
  const session = inbox.chan.session(inbox.connectionId)!;
  const before = session.sent.length;
  const res = await put({ status: "closed" });
  expect(res.status).toBe(200);
  await inbox.t.ctx.channels.idle();
  return { ticketId, view: res.body, texts: session.sent.slice(before).map((m) => m.body ?? "") };
}

const ratings = (inbox: Inbox) => inbox.t.ctx.db.selectFrom("ticket_ratings").selectAll().orderBy("id").execute();

describe("ratings (userRating, ratingMessage)", () => {
  test("resolving asks for the rating (nps); the answer 9 is stored for the agent, the completion message sent, the ticket closed", async () => {
    const w = await ratingInbox();
    const asked = await resolved(w);
    expect(asked.view).toMatchObject({ status: "nps", userRating: null });
    expect(asked.texts).toEqual(["Maria, de 0 a 10, como foi o atendimento de Ana?"]);
    const waiting = await w.ticket(asked.ticketId);
    expect(waiting).toMatchObject({ status: "nps", botStage: "nps", closedAt: null, amountUsedBotQueuesNPS: 0 });
    const question = (await w.messages(asked.ticketId)).at(-1)!;
    expect(question).toMatchObject({ origin: "bot", fromMe: 1 });
    expect(waiting.botPromptId).toBe(question.id);
    expect(Math.abs(Date.parse(waiting.botPromptAt) - Date.parse(question.createdAt))).toBeLessThan(1_000);

    const answer = await say(w, " 9 ");
    expect(answer.ticketId).toBe(asked.ticketId);
    expect(answer.texts).toEqual(["Obrigado, até logo"]);
    const closed = await w.ticket(asked.ticketId);
    expect(closed).toMatchObject({ status: "closed", userId: w.agent.id });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.lastClosedAt).toBe(closed.closedAt);
    expect((await w.logs(asked.ticketId)).at(-1)).toEqual({ type: "closed", userId: w.agent.id, queueId: w.q1 });
    expect(await ratings(w)).toEqual([
      { id: expect.any(Number), companyId: 1, ticketId: asked.ticketId, userId: w.agent.id, rate: 9, createdAt: closed.closedAt },
    ]);
  });

  test("after the rating the contact's next message opens a new ticket, even within timeCreateNewTicket", async () => {
    const w = await ratingInbox();
    const { ticketId } = await resolved(w);
    await say(w, "10");
    w.t.clock.advance(5 * 60_000);
    const next = await say(w, "oi de novo");
    expect(next.ticketId).not.toBe(ticketId);
    expect(await w.ticket(next.ticketId)).toMatchObject({ status: "pending", botStage: null });
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed" });
    expect((await w.logs(ticketId)).map((l) => l.type)).not.toContain("reopen");
  });

  test("a non-number asks again up to maxUseBotQueuesNPS; the next one closes the ticket without a rating", async () => {
    const w = await ratingInbox({ maxUseBotQueuesNPS: 2 });
    const { ticketId } = await resolved(w);
    const again = "Maria, de 0 a 10, como foi o atendimento de Ana?";
    expect((await say(w, "ótimo!")).texts).toEqual([again]);
    expect((await say(w, "11")).texts).toEqual([again]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "nps", amountUsedBotQueuesNPS: 2 });
    const last = await say(w, "nota nove");
    expect(last.texts).toEqual(["Obrigado, até logo"]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", amountUsedBotQueuesNPS: 0 });
    expect(await ratings(w)).toEqual([]);
    expect((await say(w, "9")).ticketId).not.toBe(ticketId);
    expect(await ratings(w)).toEqual([]);
  });

  test("expiresTicketNPS: an unanswered question closes the ticket when it expires, after a restart too; a re-ask starts its own wait", async () => {
    const w = await ratingInbox({ expiresTicketNPS: 30 });
    const { ticketId } = await resolved(w);
    w.t.clock.advance(10 * 60_000);
    await say(w, "hein?");
    extra = await w.t.restart();
    // The first question's time has come, but it was asked again: nothing closes yet.
    extra.clock.advance(20 * 60_000);
    await extra.ctx.jobs.runDue();
    expect((await extra.ctx.db.selectFrom("tickets").select("status").where("id", "=", ticketId).executeTakeFirstOrThrow()).status).toBe("nps");
    extra.clock.advance(10 * 60_000);
    await extra.ctx.jobs.runDue();
    const t = await extra.ctx.db.selectFrom("tickets").selectAll().where("id", "=", ticketId).executeTakeFirstOrThrow();
    expect(t).toMatchObject({ status: "closed", botStage: "nps", lastClosedAt: t.closedAt });
    expect(
      Date.parse(t.closedAt!) -
        Date.parse((await extra.ctx.db.selectFrom("tickets").select("createdAt").where("id", "=", ticketId).executeTakeFirstOrThrow()).createdAt),
    ).toBeGreaterThanOrEqual(40 * 60_000);
    // Closed silently, and only once.
    const bot = await extra.ctx.db.selectFrom("messages").select("body").where("ticketId", "=", ticketId).where("origin", "=", "bot").execute();
    expect(bot).toHaveLength(2);
    await extra.ctx.jobs.runDue();
    const closes = await extra.ctx.db.selectFrom("ticket_logs").select("id").where("ticketId", "=", ticketId).where("type", "=", "closed").execute();
    expect(closes).toHaveLength(1);
  });

  test("the trap of the replaced product: a contact who never answers is not held in nps (expiresTicketNPS 0 uses the default)", async () => {
    // Saved before ratings were switched on: the form refuses 0 only while they are on.
    const w = await ratingInbox({ expiresTicketNPS: 0 });
    const { ticketId } = await resolved(w);
    w.t.clock.advance(DEFAULT_NPS_EXPIRY_MINUTES * 60_000 - 1_000);
    await w.t.ctx.jobs.runDue();
    expect((await w.ticket(ticketId)).status).toBe("nps");
    w.t.clock.advance(1_000);
    await w.t.ctx.jobs.runDue();
    expect((await w.ticket(ticketId)).status).toBe("closed");
    // The contact comes back later with a question: a new ticket, met by the agents, never the old question.
    const back = await say(w, "preciso de ajuda");
    expect(back.ticketId).not.toBe(ticketId);
    expect(back.texts).toEqual([]);
    expect(await w.ticket(back.ticketId)).toMatchObject({ status: "pending" });
  });

  test("the list and the ticket carry userRating 1-5 (0-2, 3-4, 5-6, 7-8, 9-10)", async () => {
    const w = await ratingInbox();
    const scale: [number, number][] = [
      [0, 1],
      [2, 1],
      [4, 2],
      [5, 3],
      [8, 4],
      [10, 5],
    ];
    const rated = new Map<number, number>();
    for (const [i, [rate, stars]] of scale.entries()) {
      const from = `55119000000${i}0`;
      const { ticketId } = await resolved(w, from);
      await say(w, String(rate), from);
      rated.set(ticketId, stars);
    }
    const res = await w.t.json("GET", `/api/tickets?showAll=true&status=closed`, { token: w.admin.token });
    expect(res.status).toBe(200);
    const listed = new Map((res.body.tickets as { id: number; userRating: unknown }[]).map((t) => [t.id, t.userRating]));
    for (const [id, stars] of rated) expect(listed.get(id)).toEqual({ rate: stars });
    const [first] = rated.keys();
    const one = await w.t.json("GET", `/api/tickets/u/${(await w.ticket(first!)).uuid}`, { token: w.admin.token });
    expect(one.body.userRating).toEqual({ rate: 1 });
  });

  test("no question without ratings, for a ticket nobody holds, or when the agent closes without farewell; an agent may close an nps ticket", async () => {
    const w = await ratingInbox();
    await w.setting("userRating", "disabled");
    expect((await resolved(w, "5511911110001")).view).toMatchObject({ status: "closed" });
    await w.setting("userRating", "enabled");

    const quiet = await say(w, "oi", "5511911110002");
    await w.setTicket(quiet.ticketId, { queueId: w.q1 });
    const put = (id: number, body: Record<string, unknown>) => w.t.json("PUT", `/api/tickets/${id}`, { token: w.admin.token, body });
    expect((await put(quiet.ticketId, { status: "closed" })).body).toMatchObject({ status: "closed" });

    const { ticketId: silent } = await say(w, "oi", "5511911110003");
    await put(silent, { status: "open", queueId: w.q1 });
    expect((await put(silent, { status: "closed", sendFarewellMessage: false })).body).toMatchObject({ status: "closed" });

    const { ticketId } = await resolved(w, "5511911110004");
    const session = w.chan.session(w.connectionId)!;
    const before = session.sent.length;
    expect((await put(ticketId, { status: "closed" })).body).toMatchObject({ status: "closed" });
    await w.t.ctx.channels.idle();
    expect(session.sent.slice(before)).toEqual([]);
    expect(await ratings(w)).toEqual([]);
  });
});
