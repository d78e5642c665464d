import type { z } from "zod";

/** Where a payload check failed, for the log line ("entry.0.messaging.1.message.attachments"). */
export function issuePath(err: z.ZodError): string {
  const first = err.issues[0];
  return first?.path.length ? first.path.map(String).join(".") : "(root)";
}
