import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** quotedMsg as the web app sends it: the quoted message (only its id is read) or an id. */
const quoted = z
  .union([z.object({ id: z.coerce.number().int().positive() }).loose(), z.coerce.number().int().positive()])
  .transform((v) => (typeof v === "number" ? v : v.id));

export const listMessagesQuery = z.object({
  pageNumber: pageNumberSchema,
});

/** POST /api/messages/:ticketId (JSON). read, fromMe and mediaUrl of the spec's body are ignored: the server decides them. */
export const sendMessageBody = z.object({
  body: z.string().max(65_536).default(""),
  quotedMsg: quoted.nullish(),
  isPrivate: boolish.optional().default(false),
  vCard: z.string().max(20_000).nullish(),
});

/** The multipart form: medias (one or more files), body, isPrivate, quotedMsg (JSON or id). */
export const sendMultipartFields = z.object({
  body: z.string().max(65_536).default(""),
  isPrivate: boolish.optional().default(false),
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
