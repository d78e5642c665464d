import type { TicketsPage } from "../tickets/types";

/** A board column: a kanban lane's id, or null for the open column (tickets in no lane). */
export type LaneKey = number | null;

/**
 * The board's date filter: days (yyyy-MM-dd) of last activity, inclusive, in the company's time zone (the server counts
 * them in it); without one, the browser's.
 */
export interface BoardRange {
  dateFrom: string;
  dateTo: string;
  timeZone?: string;
}

export type LanePage = TicketsPage & { countCapped?: boolean };
