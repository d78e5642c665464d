import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf, row } from "../../http/schemas";
import { calendarDay, listOf, ticketStatus } from "../tickets/schema";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");

/**
 * The report's filter: tickets created in the company's days dateFrom..dateTo (both included, required), narrowed
 * to queues, one user, tags (a ticket carrying any of them), one status, one connection (whatsappId) or one channel.
 * `tagId` is accepted as a one-tag alias of tagIds.
 */
export const reportFilter = z.object({
  dateFrom: calendarDay,
  dateTo: calendarDay,
  queueIds: listOf(id, 200).optional(),
  userId: id.optional(),
  tagIds: listOf(id, 50).optional(),
  tagId: id.optional(),
  status: z.enum(ticketStatus.options, { error: "Invalid status" }).optional(),
  whatsappId: id.optional(),
  /** A channel plugin's id (whatsapp, whatsappapi, facebook, instagram, webchat, …). */
  channel: z
    .string({ error: "Invalid channel" })
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, "Invalid channel")
    .optional(),
});
export type ReportFilter = z.infer<typeof reportFilter>;

export const reportQuery = reportFilter.extend({ pageNumber: pageNumberSchema });
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = reportFilter.extend({
  format: z.enum(["xlsx", "csv"], { error: "Invalid format" }).default("xlsx"),
});
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

const time = z.string().nullable();

/** One ticket of the report: who, where, its state, its times (minutes, one decimal) and its latest rating (0-10). */
export const reportTicket = row({
  id: z.number(),
  uuid: z.string(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  connection: z.string().nullable(),
  channel: z.string(),
  queue: z.string().nullable(),
  user: z.string().nullable(),
  status: z.string(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  createdAt: z.string(),
  firstQueuedAt: time,
  firstAcceptedAt: time,
  lastClosedAt: time,
  waitMinutes: z.number().nullable(),
  serviceMinutes: z.number().nullable(),
  rating: z.number().nullable(),
});
export type ReportTicket = z.infer<typeof reportTicket>;

export const reportAnswer = pageOf("tickets", reportTicket);
