// The automation's timed rules (migration 0047). src/db/schema.ts joins them into the database's type.

/** A timed rule of the automation that rule names: redirect, roundRobin, inactiveNudge, inactiveClose, autoClose, lane, laneRollback. */
export type TimedRuleName = "redirect" | "roundRobin" | "inactiveNudge" | "inactiveClose" | "autoClose" | "lane" | "laneRollback";

/** When a rule is next due on a ticket; rule `plan`: the ticket's timers are to be worked out again. */
export interface TicketTimersTable {
  ticketId: number;
  companyId: number;
  rule: TimedRuleName | "plan";
  dueAt: string;
}

/**
 * When a rule became active for its owner (the connection, queue or kanban lane whose fields switch it on; 0 for the
 * company's own rule): idle time before it does not count.
 */
export interface TimedRuleStartsTable {
  companyId: number;
  rule: TimedRuleName;
  ownerId: number;
  activeSince: string;
}

/** Up to when the company's changed tickets have had their timers worked out. */
export interface TicketTimerSweepsTable {
  companyId: number;
  sweptAt: string;
}
