import { z } from "zod";

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** Absent, null and "" mean "not given" (forms send empty fields). */
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional());

/**
 * Country code, area code and number, digits only (spec 2 §7): no mask, no '+', no spaces. A JSON integer is taken as
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
