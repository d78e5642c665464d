/**
 * The connection's redirect: a pending ticket still without a queue (the contact never chose one, or the connection
 * has no menu) that stays idle timeSendQueue minutes moves to the connection's sendIdQueue and waits there for its
 * agents (logged `redirect`).
 */
import { BOT_DONE } from "../state";
import { type TimedRule, lastActivity, later, minutes, whileQuiet } from "./due";
import type { TimerFacts } from "./facts";

/** The connection's switch: a time and a queue. */
export const redirectOn = (c: { timeSendQueue: number | null; sendIdQueue: number | null }) => (c.timeSendQueue ?? 0) > 0 && c.sendIdQueue !== null;

const waitsWithoutQueue = (f: TimerFacts) => {
  const t = f.ticket;
  return t.status === "pending" && t.queueId === null && t.userId === null && t.isGroup === 0;
};

export const redirect: TimedRule = {
  name: "redirect",
  owner: (f) => (redirectOn(f.ticket) ? f.ticket.connectionId! : undefined),
  async due(f, since) {
    if (!waitsWithoutQueue(f)) return undefined;
    return later(lastActivity(f), since) + minutes(f.ticket.timeSendQueue!);
  },
  async act(turn, f) {
    const queueId = f.ticket.sendIdQueue!;
    turn.set({ queueId, ...BOT_DONE });
    turn.log("redirect", { queueId });
    whileQuiet(turn, f);
  },
};
