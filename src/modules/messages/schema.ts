import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { boolish, listOf } from "../tickets/schema";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** quotedMsg as the web app sends it: the quoted message (only its id is read) or an id. */
const quoted = z.union([z.object({ id }).loose(), id]).transform((v) => (typeof v === "number" ? v : v.id));

/** A contact card: the vCard text, or a name and number the server turns into one. */
const vCard = z.union([
  z.string().max(20_000).refine((v) => /^BEGIN:VCARD/i.test(v.trim()), "Expected a vCard"),
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

/** POST /api/messages/:ticketId (JSON). read, fromMe and mediaUrl of the spec's body are ignored: the server decides them. */
export const sendMessageBody = z.object({
  body: z.string().max(65_536).nullish().transform((v) => v ?? ""),
  quotedMsg: quoted.nullish(),
  isPrivate: boolish.optional().default(false),
  vCard: vCard.nullish(),
  signMessage: boolish.optional().default(false),
});

/** The multipart form: medias (one or more files), body, isPrivate, quotedMsg (JSON or id), signMessage. */
export const sendMultipartFields = z.object({
  body: z.string().max(65_536).default(""),
  isPrivate: boolish.optional().default(false),
  signMessage: boolish.optional().default(false),
  quotedMsg: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const n = Number(v);
      if (Number.isSafeInteger(n) && n > 0) return n;
      try {
        const id = Number((JSON.parse(v) as { id?: unknown }).id);
        if (Number.isSafeInteger(id) && id > 0) return id;
      } catch {
        // fall through
      }
      ctx.addIssue({ code: "custom", message: "Invalid quoted message" });
      return z.NEVER;
    }),
});

export const editMessageBody = z.object({
  body: z.string().max(65_536).refine((v) => v.trim() !== "", "Required"),
});

/** An emoji; an empty type takes the agent's reaction off. */
export const reactionBody = z.object({
  type: z.string().max(32),
});

/** POST /api/message/forward: one message id or several (at most 50), to a contact. */
export const forwardBody = z.object({
  messageId: z.union([id, z.array(id).min(1, "Select at least one message").max(50, "At most 50 messages")]).transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v])),
  contactId: id,
  signMessage: boolish.optional().default(false),
});
