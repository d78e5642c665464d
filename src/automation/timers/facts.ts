/**
 * What the timed rules know about a ticket when they work out its timers or act: the ticket with its connection's,
 * queue's and plan's fields, its kanban lane, its last message, and when each rule became active for its owner.
 */
import type { AppContext } from "../../context";
import type { TimedRuleName } from "../../db/schema";
import { COMPANY_SETTINGS } from "../../modules/settings/catalogue";
import { companySetting, lastMessage, lastMessageAt, ruleStarts, startRule, type TicketLane, ticketLane, type TimerTicket, timerTicket } from "./queries";

export interface TimerFacts {
  ctx: AppContext;
  /** Now, in ms. */
  now: number;
  ticket: TimerTicket;
  lane: TicketLane | undefined;
  /** The latest message but private notes: when (ms) and whether from the company's side. */
  last: { id: number; at: number; fromMe: boolean } | undefined;
  /** When the contact last wrote (ms). */
  contactAt: number | undefined;
  /** The company's auto-close of idle open tickets, in minutes (0: off). */
  autoCloseMinutes: number;
  /** `${rule}:${ownerId}` -> when the rule became active for that owner (ms). */
  starts: Map<string, number>;
}

export const AUTO_CLOSE_KEY = "autoCloseTicketsMinutes";

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : undefined);

/** Undefined when the ticket is not one a rule may act on: gone, merged, closed, or without a live connection. */
export async function loadFacts(ctx: AppContext, companyId: number, ticketId: number): Promise<TimerFacts | undefined> {
  const ticket = await timerTicket(ctx.db, companyId, ticketId);
  if (!ticket || ticket.deletedAt !== null || ticket.mergedIntoId !== null || ticket.connectionId === null) return undefined;
  if (ticket.status !== "open" && ticket.status !== "pending") return undefined;
  const [lane, last, contactAt, autoClose, starts] = await Promise.all([
    ticketLane(ctx.db, companyId, ticketId),
    lastMessage(ctx.db, companyId, ticketId),
    lastMessageAt(ctx.db, companyId, ticketId, { contact: true }),
    companySetting(ctx.db, companyId, AUTO_CLOSE_KEY),
    ruleStarts(ctx.db, companyId),
  ]);
  return {
    ctx,
    now: ctx.clock.now().getTime(),
    ticket,
    lane,
    last: last && { id: last.id, at: Date.parse(last.createdAt), fromMe: last.fromMe === 1 },
    contactAt: ms(contactAt),
    autoCloseMinutes: Number(autoClose ?? COMPANY_SETTINGS[AUTO_CLOSE_KEY].default),
    starts: new Map(starts.map((s) => [`${s.rule}:${s.ownerId}`, Date.parse(s.activeSince)])),
  };
}

/**
 * When the rule became active for its owner. A rule found on without a recorded start (switched on by a path that did
 * not announce it) counts from now, never from before; but the company's auto-close, on by default, has been on since
 * the company was created (companies older than the timed rules have their start from the migration that added them).
 */
export async function activeSince(f: TimerFacts, rule: TimedRuleName, ownerId: number): Promise<number> {
  const key = `${rule}:${ownerId}`;
  const known = f.starts.get(key);
  if (known !== undefined) return known;
  const from = rule === "autoClose" ? f.ticket.companyCreatedAt : new Date(f.now).toISOString();
  const at = Date.parse(await startRule(f.ctx.db, f.ticket.companyId, rule, ownerId, from));
  f.starts.set(key, at);
  return at;
}
