import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export const ticketStatus = z.enum(["pending", "open", "closed", "group", "lgpd", "nps"]);

export const listTicketsQuery = z.object({
  status: ticketStatus.optional(),
  pageNumber: pageNumberSchema,
  showAll: boolish.optional().default(false),
});

/** PUT /api/tickets/:id — this step handles accept ({status: 'open'}); the inbox issue adds the other transitions. */
export const updateTicketBody = z.object({
  status: ticketStatus,
  userId: z.coerce.number().int().positive().nullish(),
  queueId: z.coerce.number().int().positive().nullish(),
});

export const uuidParam = z.string().uuid();
