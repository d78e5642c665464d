import { z } from "zod";
import { pathId, row } from "../../http/schemas";
import { boolish, calendarDay as day, listOf, queueIdOrNone, ticketStatus } from "../tickets/schema";

/**
 * GET /api/dashboard/moments: the panel's tickets narrowed like the dashboard asks. `showAll` defaults to true (the
 * caller's whole visibility, as the panel shows it); false narrows to the personal view. Days are calendar days in
 * the company's time zone; whatever they say, nothing older than the 30-day window is answered.
 */
export const dashboardMomentsQuery = z
  .object({
    status: ticketStatus.optional(),
    showAll: boolish.optional().default(true),
    queueIds: listOf(queueIdOrNone).optional(),
    dateStart: day.optional(),
    dateEnd: day.optional(),
    userId: pathId.optional(),
  })
  .refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, { path: ["dateEnd"], message: "Before dateStart" });
export type DashboardMomentsQuery = z.infer<typeof dashboardMomentsQuery>;

const ref = row({ id: z.number(), name: z.string(), color: z.string().nullable() });

/** A ticket as the pending panel shows it; the contact's number is masked for plain users under LGPD. */
export const momentAnswer = row({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  userId: z.number().nullable(),
  user: row({ id: z.number(), name: z.string(), online: z.boolean() }).nullable(),
  contact: row({ id: z.number(), name: z.string(), number: z.string(), urlPicture: z.string().nullable(), isGroup: z.boolean() }),
  lastMessage: z.string().nullable(),
  whatsapp: row({ id: z.number(), name: z.string(), channel: z.string().nullable() }).nullable(),
  queue: ref.nullable(),
  unreadMessages: z.number(),
  updatedAt: z.string(),
}).meta({ id: "TicketMoment" });
export type Moment = z.infer<typeof momentAnswer>;
