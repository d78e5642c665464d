import { z } from "zod";
import { row } from "../../http/schemas";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");

/** GET /api/ticket-notes/list: a ticket's notes, or a contact's (over the tickets the actor may see). */
export const listNotesQuery = z
  .object({ ticketId: id.optional(), contactId: id.optional() })
  .refine((q) => q.ticketId !== undefined || q.contactId !== undefined, { message: "A ticketId or a contactId is required", path: ["ticketId"] });

/** A note is required, at least 2 characters. */
export const createNoteBody = z.object({
  note: z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(10_000, "Too Long!"),
  ticketId: id,
  /** The ticket's contact; when sent it must be that contact. */
  contactId: id.optional(),
});
export type CreateNoteInput = z.infer<typeof createNoteBody>;

export const noteAnswer = row({
  id: z.number(),
  note: z.string(),
  ticketId: z.number().nullable(),
  contactId: z.number().nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "TicketNote" });
