import type { TicketsPage } from "../tickets/types";

/** A board column: a kanban lane's id, or null for the open column (tickets in no lane). */
export type LaneKey = number | null;

/** The board's date filter: days (yyyy-MM-dd) of last activity, inclusive. */
export interface BoardRange {
  dateFrom: string;
  dateTo: string;
}

export type LanePage = TicketsPage & { countCapped?: boolean };
