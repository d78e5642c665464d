import { afterEach, describe, expect, test } from "bun:test";
import type { Inbox } from "../../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../../tests/helpers/test-channel";
import { advance, contactSays, MINUTE, saveConnection, sentTexts, timedInbox } from "../../../tests/helpers/timed";

let w: Inbox | undefined;
let restarted: ChannelTestApp | undefined;
afterEach(async () => {
  await (restarted ?? w?.t)?.close();
  w = undefined;
  restarted = undefined;
});

/** A connection with both queues (so the menu) that redirects to Q2 after 10 idle minutes. */
async function redirectInbox(): Promise<Inbox> {
  const inbox = await timedInbox({ greetingMessage: "Escolha:" }, { queues: [] });
  await saveConnection(inbox, { queueIds: [inbox.q1, inbox.q2], timeSendQueue: 10, sendIdQueue: inbox.q2 });
  return inbox;
}

describe("redirect of idle tickets without a queue (timeSendQueue, sendIdQueue)", () => {
  test("a contact who never picks a queue is moved to sendIdQueue after timeSendQueue idle minutes (logged redirect), once", async () => {
    w = await redirectInbox();
    const ticketId = await contactSays(w, "oi");
    expect(sentTexts(w)[0]).toStartWith("Escolha:");
    await advance(w.t.ctx, 6 * MINUTE, w.t.clock);
    await contactSays(w, "hmm");
    // Idle time counts from the contact's last message.
    await advance(w.t.ctx, 6 * MINUTE, w.t.clock);
    expect((await w.ticket(ticketId)).queueId).toBeNull();
    await advance(w.t.ctx, 5 * MINUTE, w.t.clock);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: w.q2, userId: null, botStage: "done" });
    expect((await w.logs(ticketId)).filter((l) => l.type === "redirect")).toEqual([{ type: "redirect", userId: null, queueId: w.q2 }]);
    // It waits for Q2's agents now: the menu is not sent again.
    const before = sentTexts(w).length;
    await contactSays(w, "alô?");
    await advance(w.t.ctx, 60 * MINUTE, w.t.clock);
    expect(sentTexts(w).slice(before)).toEqual([]);
    expect((await w.logs(ticketId)).filter((l) => l.type === "redirect")).toHaveLength(1);
  });

  test("a ticket in a queue, or held by an agent, is not redirected", async () => {
    w = await redirectInbox();
    const chosen = await contactSays(w, "oi");
    await contactSays(w, "1");
    await advance(w.t.ctx, 30 * MINUTE, w.t.clock);
    expect((await w.ticket(chosen)).queueId).toBe(w.q1);
    expect((await w.logs(chosen)).map((l) => l.type)).not.toContain("redirect");
  });

  test("a restart while the redirect waits: it happens after the restart, once", async () => {
    w = await redirectInbox();
    const ticketId = await contactSays(w, "oi");
    await advance(w.t.ctx, 5 * MINUTE, w.t.clock);
    restarted = await w.t.restart();
    await advance(restarted.ctx, 6 * MINUTE, w.t.clock);
    await advance(restarted.ctx, 30 * MINUTE, w.t.clock);
    const row = await restarted.ctx.db.selectFrom("tickets").select(["queueId", "botStage"]).where("id", "=", ticketId).executeTakeFirstOrThrow();
    expect(row).toEqual({ queueId: w.q2, botStage: "done" });
    const logs = await restarted.ctx.db.selectFrom("ticket_logs").select("queueId").where("ticketId", "=", ticketId).where("type", "=", "redirect").execute();
    expect(logs).toEqual([{ queueId: w.q2 }]);
  });
});
