import { z } from "zod";
import { row } from "../../http/schemas";
import { pageNumberSchema } from "../../http/paging";

export const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

export const ticketStatus = z.enum(["pending", "open", "closed", "group", "lgpd", "nps"]);

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A list parameter as the web app sends it: a JSON array ("[1,2]"), a comma list ("1,2"), or the key repeated.
 * In a queue list `null` (or 0) names "no queue": tickets without a queue pass every queue filter, and `[null]` alone
 * lists only them.
 */
export function listOf<T extends z.ZodType>(item: T, max = 100) {
  return z
    .union([z.string(), z.array(z.union([z.string(), z.number(), z.null()])), z.number()])
    .transform((raw, ctx) => {
      const values = listValues(raw);
      if (!values) {
        ctx.addIssue({ code: "custom", message: "Expected a list" });
        return z.NEVER;
      }
      return values;
    })
    .pipe(z.array(item).max(max, "Too many values"));
}

function listValues(raw: string | number | (string | number | null)[]): unknown[] | undefined {
  if (typeof raw === "number") return [raw];
  if (Array.isArray(raw)) return raw.length === 1 && typeof raw[0] === "string" && raw[0].trim().startsWith("[") ? parseJsonList(raw[0]) : raw;
  return raw.trim().startsWith("[") ? parseJsonList(raw) : raw.split(",").filter((s) => s.trim() !== "");
}

function parseJsonList(text: string): unknown[] | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export const queueIdOrNone = z
  .union([z.null(), z.literal("null"), z.literal(0), z.literal("0"), id])
  .transform((v) => (typeof v === "number" && v > 0 ? v : null));

/** A calendar day (yyyy-MM-dd) in the company's time zone. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected yyyy-MM-dd")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Invalid date");

/** GET /api/tickets: the inbox's filters and paging. */
export const listTicketsQuery = z.object({
  searchParam: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  searchOnMessages: boolish.optional().default(false),
  pageNumber: pageNumberSchema,
  status: ticketStatus.optional(),
  showAll: boolish.optional().default(false),
  queueIds: listOf(queueIdOrNone).optional(),
  tags: listOf(id).optional(),
  users: listOf(id).optional(),
  whatsapps: listOf(id).optional(),
  statusFilter: listOf(ticketStatus, 6).optional(),
  withUnreadMessages: boolish.optional().default(false),
  date: calendarDay.optional(),
  updatedAt: calendarDay.optional(),
  sortTickets: z
    .enum(["ASC", "DESC", "asc", "desc"])
    .optional()
    .transform((v) => (v?.toUpperCase() === "ASC" ? "ASC" : "DESC")),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;

/** POST /api/tickets. companyId of the spec's body is ignored: the actor's company decides. */
export const createTicketBody = z.object({
  contactId: id,
  whatsappId: id.nullish(),
  queueId: id.nullish(),
  userId: id.nullish(),
  status: z.enum(["open", "pending"]).optional().default("open"),
});

/**
 * PUT /api/tickets/:id. Which transition it is follows from the ticket's status and these fields
 * (transitions.ts). `ratingId` belongs to the rating flow of a later issue and is not read (docs/decisions.md).
 */
export const updateTicketBody = z.object({
  status: ticketStatus.optional(),
  userId: id.nullish(),
  queueId: id.nullish(),
  sendFarewellMessage: boolish.optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0).max(1000).optional(),
  msgTransfer: z.string().max(4000).nullish(),
  isTransfered: boolish.optional(),
  useIntegration: boolish.optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketBody>;

/** POST /api/tickets/closeAll (admins). No queue list, or an empty one: every queue. */
export const closeAllBody = z.object({
  status: z.enum(["open", "pending", "group", "lgpd"]),
  selectedQueueIds: listOf(queueIdOrNone, 1000).optional(),
});

export const uuidParam = z.string().uuid();

const ref = row({ id: z.number(), name: z.string(), color: z.string().nullable() });
/** A ticket as the inbox and the socket carry it; the contact's number is masked for plain users under LGPD. */
export const ticketAnswer = row({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  contactId: z.number(),
  whatsappId: z.number().nullable(),
  channel: z.string(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  lastMessage: z.string().nullable(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The current cycle's first time in a queue, first accept and first agent reply; the latest close. */
  firstQueuedAt: z.string().nullable(),
  firstAcceptedAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  lastClosedAt: z.string().nullable(),
  contact: row({ id: z.number(), name: z.string(), number: z.string(), urlPicture: z.string().nullable(), isGroup: z.boolean(), channel: z.string() }),
  queue: ref.nullable(),
  user: ref.nullable(),
  whatsapp: row({ id: z.number(), name: z.string(), channel: z.string().nullable(), status: z.string().nullable(), deleted: z.boolean() }).nullable(),
  tags: z.array(row({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() })),
}).meta({ id: "Ticket" });
export const ticketsPageAnswer = row({ tickets: z.array(ticketAnswer), count: z.number(), hasMore: z.boolean(), countCapped: z.boolean() });
export const ticketLogAnswer = row({
  id: z.number(),
  type: z.string(),
  createdAt: z.string(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  queue: ref.nullable(),
});
export const uuidParams = z.object({ uuid: uuidParam });
