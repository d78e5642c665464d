import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";

/** A calendar day (yyyy-MM-dd) in the company's time zone. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected yyyy-MM-dd")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Invalid date");

/** GET /api/kanban/...: one lane's page (40 tickets), optionally only tickets active between two days (inclusive). */
export const laneTicketsQuery = z
  .object({ pageNumber: pageNumberSchema, dateFrom: day.optional(), dateTo: day.optional() })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ["dateTo"], message: "Before dateFrom" });
export type LaneTicketsQuery = z.infer<typeof laneTicketsQuery>;

/** PUT /api/tickets/:id/lane: the lane (a kanban tag of the company) the ticket goes to, or null for none. */
export const moveLaneBody = z.object({ laneId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable() });
