/** What the dashboard reads besides the tickets' own figures (0052). */
import type { Generated } from "kysely";

/** The period figures of a day (dashboard_days' columns, in their order; the dashboard adds them up the same way). */
export const TALLY_FIELDS = [
  "created",
  "createdActive",
  "accepted",
  "waitN",
  "waitSum",
  "closed",
  "serviceN",
  "serviceSum",
  "ratings",
  "rateSum",
  "promoters",
  "detractors",
] as const;

export type Tally = Record<(typeof TALLY_FIELDS)[number], number>;

/** A cycle of a ticket that a reopen ended, its figures as they stood; the ticket's row holds the current cycle. */
export interface TicketCyclesTable {
  id: Generated<number>;
  companyId: number;
  ticketId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  isGroup: number;
  firstQueuedAt: string | null;
  firstAcceptedAt: string | null;
  firstResponseAt: string | null;
  closedAt: string | null;
  /** The reopen that ended the cycle. */
  endedAt: string;
}

/** Messages per company, UTC hour (yyyy-MM-ddTHH) and direction, kept by the roll-up (src/modules/dashboard/rollup.ts). */
export interface MessageCountsTable {
  companyId: number;
  hour: string;
  fromMe: number;
  count: number;
}

/** How far a roll-up has counted: ids up to lastId are counted; horizonId is the highest id its previous run saw. */
export interface RollupMarksTable {
  name: string;
  lastId: number;
  horizonId: number;
}

/** The period figures (one column each) of a company day (its time zone), queue and user (0: none), for the days that are over (days.ts). */
export interface DashboardDaysTable extends Tally {
  companyId: number;
  day: string;
  queueId: number;
  userId: number;
}

/** Up to which day (exclusive) and in which time zone a company's days are built. */
export interface DashboardBuildsTable {
  companyId: number;
  timeZone: string;
  builtTo: string;
}
