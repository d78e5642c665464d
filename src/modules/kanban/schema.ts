import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { calendarDay as day } from "../tickets/schema";

/** GET /api/kanban/...: one lane's page (40 tickets), optionally only tickets active between two days (inclusive). */
export const laneTicketsQuery = z
  .object({ pageNumber: pageNumberSchema, dateFrom: day.optional(), dateTo: day.optional() })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ["dateTo"], message: "Before dateFrom" });
export type LaneTicketsQuery = z.infer<typeof laneTicketsQuery>;

/** PUT /api/tickets/:id/lane: the lane (a kanban tag of the company) the ticket goes to, or null for none. */
export const moveLaneBody = z.object({ laneId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable() });
