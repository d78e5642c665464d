/**
 * The company's auto-close: an open ticket (groups aside) idle for the company's autoCloseTicketsMinutes closes
 * silently (logged `autoClose`); 0 turns it off. The contact's next message opens a new ticket or reopens this one,
 * as any closed ticket.
 */
import { type TimedRule, lastActivity, later, minutes } from "./due";
import { closeIdle } from "./inactivity";

export const autoCloseOn = (minutesSet: number) => minutesSet > 0;

export const autoClose: TimedRule = {
  name: "autoClose",
  owner: (f) => (autoCloseOn(f.autoCloseMinutes) ? 0 : undefined),
  async due(f, since) {
    if (f.ticket.status !== "open" || f.ticket.isGroup === 1) return undefined;
    return later(lastActivity(f), since) + minutes(f.autoCloseMinutes);
  },
  async act(turn, f) {
    closeIdle(turn, f);
  },
};
