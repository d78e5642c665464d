/**
 * The connection's inactivity rules for open tickets (groups aside), on the connection's whenExpiresTicket: "0" counts
 * whoever spoke last, "1" only a silence after the company's side spoke (the replaced product, meaning "always" by
 * "0", closed only when the contact had spoken last).
 *  - warning: after timeInactiveMessage idle minutes the contact gets inactiveMessage, once (sendInactiveMessage) until
 *    they write again;
 *  - expiry: after expiresTicket idle minutes the ticket closes with expiresInactiveMessage (logged `autoClose`); when a
 *    warning is set up, the expiry counts from the warning (it comes after it, never before).
 */
import { BOT_RESET } from "../state";
import { type TimedRule, lastActivity, later, minutes, sayTimed, whileQuiet } from "./due";
import type { TimerFacts } from "./facts";

type Switches = { timeInactiveMessage: number | null; inactiveMessage: string | null; expiresTicket: number | null };

export const warningOn = (c: Switches) => (c.timeInactiveMessage ?? 0) > 0 && !!c.inactiveMessage?.trim();
export const expiryOn = (c: Switches) => (c.expiresTicket ?? 0) > 0;

/** An open ticket whose silence counts: the right side spoke last. */
function silent(f: TimerFacts): boolean {
  const t = f.ticket;
  if (t.status !== "open" || t.isGroup === 1) return false;
  return t.whenExpiresTicket !== "1" || f.last?.fromMe === true;
}

export const inactiveWarning: TimedRule = {
  name: "inactiveNudge",
  owner: (f) => (warningOn(f.ticket) ? f.ticket.connectionId! : undefined),
  async due(f, since) {
    if (!silent(f) || f.ticket.sendInactiveMessage === 1) return undefined;
    return later(lastActivity(f), since) + minutes(f.ticket.timeInactiveMessage!);
  },
  async act(turn, f) {
    await sayTimed(turn, f.ticket.inactiveMessage);
    turn.set({ sendInactiveMessage: 1 });
    whileQuiet(turn, f);
  },
};

export const inactiveExpiry: TimedRule = {
  name: "inactiveClose",
  owner: (f) => (expiryOn(f.ticket) ? f.ticket.connectionId! : undefined),
  async due(f, since) {
    if (!silent(f) || (warningOn(f.ticket) && f.ticket.sendInactiveMessage !== 1)) return undefined;
    return later(lastActivity(f), since) + minutes(f.ticket.expiresTicket!);
  },
  async act(turn, f) {
    await sayTimed(turn, f.ticket.expiresInactiveMessage);
    closeIdle(turn, f);
  },
};

/** Closes an idle ticket for a timed rule, for the agent who held it. */
export function closeIdle(turn: Parameters<TimedRule["act"]>[0], f: TimerFacts): void {
  turn.set({ status: "closed", closedAt: turn.now.toISOString(), ...BOT_RESET, sendInactiveMessage: 0 });
  turn.log("autoClose", { userId: f.ticket.userId });
  whileQuiet(turn, f);
}
