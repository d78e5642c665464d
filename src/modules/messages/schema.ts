import { z } from "zod";
import { row } from "../../http/schemas";
import { pageNumberSchema } from "../../http/paging";
import { boolish, listOf } from "../tickets/schema";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A form field carrying the quoted message as JSON text ({"id": 5}). */
const quotedJson = z.string().transform((v, ctx) => {
  try {
    const n = Number((JSON.parse(v) as { id?: unknown }).id);
    if (Number.isSafeInteger(n) && n > 0) return n;
  } catch {
    // refused below
  }
  ctx.addIssue({ code: "custom", message: "Invalid quoted message" });
  return z.NEVER;
});

/** quotedMsg as the web app sends it: the quoted message (only its id is read), an id, or in a form the JSON text. */
const quoted = z.union([z.object({ id }).loose(), id, quotedJson]).transform((v) => (typeof v === "number" ? v : v.id));

/** A contact card: the vCard text, or a name and number the server turns into one. */
const vCard = z.union([
  z
    .string()
    .max(20_000)
    .refine((v) => /^BEGIN:VCARD/i.test(v.trim()), "Expected a vCard"),
  z.object({ name: z.string().trim().min(1).max(250), number: z.string().regex(/^\+?[\d\s().-]{5,30}$/, "Invalid number") }),
]);

/**
 * GET /api/messages/:ticketId. selectedQueues: the queues chosen in the inbox; with allHistoric the conversation
 * shows the contact's earlier tickets on the same connection in those queues (or in none).
 */
export const listMessagesQuery = z.object({
  pageNumber: pageNumberSchema,
  selectedQueues: listOf(id).optional(),
});

/**
 * POST /api/messages/:ticketId: JSON, or a multipart form with the same fields (no vCard) and the files in `medias`
 * (up to 10). read, fromMe and mediaUrl of the spec's body are ignored: the server decides them.
 */
export const sendMessageBody = z.object({
  body: z
    .string()
    .max(65_536)
    .nullish()
    .transform((v) => v ?? ""),
  quotedMsg: quoted.nullish(),
  isPrivate: boolish.optional().default(false),
  vCard: vCard.nullish(),
  signMessage: boolish.optional().default(false),
  medias: z
    .array(z.instanceof(File), { error: "Expected files" })
    .max(10, "At most 10 files at once")
    .optional()
    .meta({ description: "multipart only: the files, one message each (the text goes with the first)" }),
});
/** The fields of the multipart form of POST /api/messages/:ticketId besides its files. */
export const SEND_FORM_FIELDS = ["body", "isPrivate", "quotedMsg", "signMessage"] as const;

export const editMessageBody = z.object({
  body: z
    .string()
    .max(65_536)
    .refine((v) => v.trim() !== "", "Required"),
});

/** An emoji; an empty type takes the agent's reaction off. */
export const reactionBody = z.object({
  type: z.string().max(32),
});

/** POST /api/message/forward: one message id or several (at most 50), to a contact. */
export const forwardBody = z.object({
  messageId: z
    .union([id, z.array(id).min(1, "Select at least one message").max(50, "At most 50 messages")])
    .transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v])),
  contactId: id,
  signMessage: boolish.optional().default(false),
});

/** A message as the conversation and the socket carry it; media as signed links (1 hour). */
export const messageAnswer = row({
  id: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  isPrivate: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  ack: z.number(),
  origin: z.string().nullable(),
  sendStatus: z.string().nullable(),
  quotedMsg: row({ id: z.number(), body: z.string() }).nullable(),
  reactions: z.array(row({ emoji: z.string(), fromMe: z.boolean() })),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Message" });
