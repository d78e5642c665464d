/**
 * What every timed rule shares: the shape of a rule, idle time counted in minutes from no earlier than the rule's
 * start, timed texts that respect the channel's reply window, and the guard that drops an action when someone wrote
 * on the ticket since the rule looked at it.
 */
import { replyWindow } from "../../channels/window";
import type { TimedRuleName } from "../../db/schema";
import { commitTurn, type Turn } from "../turn";
import type { TimerFacts } from "./facts";
import { quietSince } from "./queries";

export interface TimedRule {
  name: TimedRuleName;
  /** The owner of the fields that switch the rule on for this ticket (its connection, queue or lane; 0: the company); undefined: off. */
  owner(f: TimerFacts): number | undefined;
  /**
   * When the rule is next due (ms), idle time counted from no earlier than `since` (when the rule became active);
   * undefined: not due while the ticket stays as it is (a change of the ticket plans it again).
   */
  due(f: TimerFacts, since: number): Promise<number | undefined>;
  /** What the rule does, decided on the turn (written by commitTimed). */
  act(turn: Turn, f: TimerFacts): Promise<void>;
}

export const minutes = (n: number) => n * 60_000;

/** The ticket's last activity: its latest message (private notes aside), else its creation. */
export const lastActivity = (f: TimerFacts) => f.last?.at ?? Date.parse(f.ticket.createdAt);

/** Counting from the later of the times given (undefined ones ignored). */
export const later = (...times: (number | undefined)[]) => Math.max(...times.filter((t): t is number => t !== undefined));

/**
 * A timed text to the contact. On a channel whose reply window has closed it is not sent: the ticket's log says so,
 * and the rule's change is made all the same.
 */
export async function sayTimed(turn: Turn, text: string | null | undefined): Promise<void> {
  if (!text?.trim()) return;
  const window = await replyWindow(turn.ctx, turn.ticket.companyId, turn.ticket.id, turn.connection.channel);
  if (window && !window.closesAt) turn.log("windowClosed");
  else turn.say(text);
}

/** Thrown inside a turn's transaction to drop the whole turn. */
class TimerMoved extends Error {}

/**
 * The action stands only if nobody but the bot wrote on the ticket since the rule read its last message (the turn's
 * commit itself checks the ticket's status, holder and bot question; the rules never work on one ticket twice at once).
 */
export function whileQuiet(turn: Turn, f: TimerFacts): void {
  turn.write(async (trx) => {
    if (!(await quietSince(trx, f.ticket.companyId, f.ticket.id, f.last?.id ?? null))) throw new TimerMoved();
  });
}

/** A write of the turn that drops it when it answers false (what it relied on changed). */
export function writeOrDrop(turn: Turn, write: Parameters<Turn["write"]>[0]): void {
  turn.write(async (trx) => {
    if ((await write(trx)) === false) throw new TimerMoved();
  });
}

/** Commits the rule's turn; false when the ticket had moved (nothing is written then). */
export async function commitTimed(turn: Turn): Promise<boolean> {
  try {
    return await commitTurn(turn);
  } catch (err) {
    if (err instanceof TimerMoved) return false;
    throw err;
  }
}
