import { afterEach, describe, expect, test } from "bun:test";
import type { Inbox } from "../../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../../tests/helpers/test-channel";
import { advance, agentAnswers, contactSays, MINUTE, sentTexts, timedInbox, tokenOf } from "../../../tests/helpers/timed";

let w: Inbox | undefined;
let restarted: ChannelTestApp | undefined;
afterEach(async () => {
  await (restarted ?? w?.t)?.close();
  w = undefined;
  restarted = undefined;
});

/**
 * Three lanes: "Aguardando" (after 60 idle minutes, on to "Sem resposta"), "Sem resposta" (greets; a contact's answer
 * rolls the ticket back to "Em atendimento"), "Em atendimento".
 */
async function lanesInbox() {
  const inbox = await timedInbox();
  const token = await tokenOf(inbox.t, inbox.admin);
  const tag = async (body: Record<string, unknown>) => {
    const r = await inbox.t.json("POST", "/api/tags", { token, body: { color: "#123456", kanban: 1, ...body } });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const working = await tag({ name: "Em atendimento" });
  const silent = await tag({ name: "Sem resposta", rollbackLaneId: working, greetingMessageLane: "{{firstName}}, ainda tem interesse?" });
  const waiting = await tag({ name: "Aguardando", timeLane: 60, nextLaneId: silent });
  return { w: inbox, lanes: { working, silent, waiting }, token };
}

const laneOf = async (inbox: Inbox | { t: ChannelTestApp }, ticketId: number) =>
  (
    await inbox.t.ctx.db
      .selectFrom("ticket_tags")
      .innerJoin("tags", "tags.id", "ticket_tags.tagId")
      .select("tags.id")
      .where("ticket_tags.ticketId", "=", ticketId)
      .where("tags.kanban", "=", 1)
      .executeTakeFirst()
  )?.id;

async function intoLane(inbox: Inbox, ticketId: number, laneId: number) {
  const r = await inbox.t.json("PUT", `/api/tickets/${ticketId}/lane`, { token: await tokenOf(inbox.t, inbox.agent), body: { laneId } });
  expect(r.status).toBe(200);
}

describe("kanban lane timers", () => {
  test("idle timeLane minutes after the agent's message: the next lane, which greets; the contact's answer rolls it back", async () => {
    const r = await lanesInbox();
    w = r.w;
    const ticketId = await contactSays(w, "quero um orçamento");
    await agentAnswers(w, ticketId, "Segue o orçamento");
    await intoLane(w, ticketId, r.lanes.waiting);
    const before = sentTexts(w).length;

    await advance(w.t.ctx, 59 * MINUTE, w.t.clock);
    expect(await laneOf(w, ticketId)).toBe(r.lanes.waiting);
    await advance(w.t.ctx, 2 * MINUTE, w.t.clock);
    expect(await laneOf(w, ticketId)).toBe(r.lanes.silent);
    expect(sentTexts(w).slice(before)).toEqual(["Maria, ainda tem interesse?"]);
    await advance(w.t.ctx, 240 * MINUTE, w.t.clock);
    expect(sentTexts(w).slice(before)).toHaveLength(1);

    await contactSays(w, "tenho sim!");
    expect(await laneOf(w, ticketId)).toBe(r.lanes.working);
    expect(sentTexts(w).slice(before)).toHaveLength(1);
  });

  test("the timer waits while the contact spoke last, and counts from the ticket's entering the lane", async () => {
    const r = await lanesInbox();
    w = r.w;
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await advance(w.t.ctx, 90 * MINUTE, w.t.clock);
    await intoLane(w, ticketId, r.lanes.waiting);
    await advance(w.t.ctx, 30 * MINUTE, w.t.clock);
    expect(await laneOf(w, ticketId)).toBe(r.lanes.waiting);
    await contactSays(w, "um momento");
    await advance(w.t.ctx, 120 * MINUTE, w.t.clock);
    expect(await laneOf(w, ticketId)).toBe(r.lanes.waiting);
  });

  test("without the plan's useKanban the lanes stay still", async () => {
    const r = await lanesInbox();
    w = r.w;
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await intoLane(w, ticketId, r.lanes.waiting);
    await w.t.ctx.db.updateTable("plans").set({ useKanban: 0 }).execute();
    await advance(w.t.ctx, 120 * MINUTE, w.t.clock);
    expect(await laneOf(w, ticketId)).toBe(r.lanes.waiting);
  });

  test("a restart while the lane's timer runs: the move and its greeting happen once", async () => {
    const r = await lanesInbox();
    w = r.w;
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await intoLane(w, ticketId, r.lanes.waiting);
    await advance(w.t.ctx, 30 * MINUTE, w.t.clock);
    restarted = await w.t.restart();
    await advance(restarted.ctx, 31 * MINUTE, w.t.clock);
    await advance(restarted.ctx, 120 * MINUTE, w.t.clock);
    expect(await laneOf({ t: restarted }, ticketId)).toBe(r.lanes.silent);
    const greetings = await restarted.ctx.db.selectFrom("messages").select("body").where("ticketId", "=", ticketId).where("origin", "=", "bot").execute();
    expect(greetings.map((m) => m.body)).toEqual(["Maria, ainda tem interesse?"]);
  });
  test("a rollback lane created after the company's contacts last wrote still moves the ticket back on the next answer", async () => {
    const inbox = await timedInbox();
    w = inbox;
    const ticketId = await contactSays(inbox, "oi");
    await agentAnswers(inbox, ticketId);
    // Only now does the company get lanes (the listener had learned it had none).
    const token = await tokenOf(inbox.t, inbox.admin);
    const tag = async (body: Record<string, unknown>) =>
      (await inbox.t.json("POST", "/api/tags", { token, body: { color: "#123456", kanban: 1, ...body } })).body.id as number;
    const working = await tag({ name: "Em atendimento" });
    const silent = await tag({ name: "Sem resposta", rollbackLaneId: working });
    await intoLane(inbox, ticketId, silent);
    await contactSays(inbox, "voltei");
    expect(await laneOf(inbox, ticketId)).toBe(working);
  });
});
