import { z } from "zod";

const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

/** Absent, null and "" mean "not given" (forms send empty fields). */
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional());

/**
 * Country code, area code and number, digits only: no mask, no '+', no spaces. A JSON integer is taken as
 * its digits.
 */
export const externalNumber = z
  .union([z.string(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v))
  .pipe(z.string().regex(/^\d{10,15}$/, "10 to 15 digits only: country code, area code and number, without mask, '+' or spaces"));

/** POST /api/messages/send (JSON, or the same fields as multipart form fields beside `medias`). */
export const externalSendBody = z.object({
  number: externalNumber,
  body: z.string().max(65_536).default(""),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: boolish.optional().default(false),
  closeTicket: boolish.optional().default(false),
});

export type ExternalSendBody = z.infer<typeof externalSendBody>;

/** The multipart form's text fields; its files come in `medias` (or `medias[]`). */
export const SEND_FORM_FIELDS = ["number", "body", "userId", "queueId", "sendSignature", "closeTicket"] as const;

/** The body with its files: JSON carries none; the multipart form up to 10 in `medias`. */
export const externalSendRequest = externalSendBody
  .extend({
    medias: z
      .array(z.instanceof(File), { error: "Expected files" })
      .max(10, "At most 10 files at once")
      .optional()
      .meta({ description: "multipart only: the files, one message each (the text goes with the first)" }),
  })
  .meta({
    examples: [
      { number: "5511999999999", body: "Your order #1234 has shipped." },
      { number: "5511999999999", body: "Thank you!", queueId: 2, userId: 5, sendSignature: true, closeTicket: true },
    ],
  });

export const externalSendAnswer = z
  .object({
    mensagem: z.string(),
    message: z.string(),
    ticketId: z.number(),
    contactId: z.number(),
    messageId: z.number(),
    messageIds: z.array(z.number()),
  })
  .meta({ example: { mensagem: "Mensagem enviada", message: "Mensagem enviada", ticketId: 42, contactId: 7, messageId: 1001, messageIds: [1001] } });
