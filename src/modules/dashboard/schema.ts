import { z } from "zod";
import { calendarDay, listOf } from "../tickets/schema";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");

/**
 * The dashboard's filter: the company's days dateFrom..dateTo (both included; without them the web app shows
 * 'Parametrize o filtro' and asks nothing), optionally narrowed to queues or one user.
 */
export const dashboardQuery = z.object({
  dateFrom: calendarDay,
  dateTo: calendarDay,
  queueIds: listOf(id, 200).optional(),
  userId: id.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** The spec's chart calls name the period initialDate..finalDate (its companyId is the caller's, whatever is sent). */
export const chartQuery = z
  .object({ initialDate: calendarDay, finalDate: calendarDay, companyId: z.unknown().optional() })
  .transform((q) => ({ dateFrom: q.initialDate, dateTo: q.finalDate }));

/** GET /api/messages-allMe: messages of the company sent (fromMe true) or received in the period. */
export const messagesAllMeQuery = z.object({
  fromMe: z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
  dateStart: calendarDay,
  dateEnd: calendarDay,
});

const minutes = z.number().nullable();

export const countersAnswer = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  avgSupportTime: minutes,
  avgWaitTime: minutes,
  activeTickets: z.number(),
  passiveTickets: z.number(),
  tickets: z.number(),
  activeAttendants: z.number(),
  messagesReceived: z.number(),
  messagesSent: z.number(),
  npsScore: z.number().nullable(),
  npsPromotersPerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsPassivePerc: z.number(),
  waitRating: z.number(),
  withRating: z.number(),
  withoutRating: z.number(),
  percRating: z.number(),
});

export const attendantAnswer = z.object({
  id: z.number(),
  name: z.string(),
  rating: z.number().nullable(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: minutes,
  avgSupportTime: minutes,
  online: z.boolean(),
});

export const dashboardAnswer = z.object({ counters: countersAnswer, attendants: z.array(attendantAnswer) });
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const ticketsUsersAnswer = z.object({ data: z.array(z.object({ userId: z.number().nullable(), name: z.string(), total: z.number() })) });
export const ticketsDayAnswer = z.object({ by: z.enum(["day", "hour"]), data: z.array(z.object({ at: z.string(), total: z.number() })) });
export const messagesAllMeAnswer = z.object({ count: z.array(z.object({ count: z.number() })) });
