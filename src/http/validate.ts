import type { z } from "zod";
import { type FieldErrors, validationError } from "./errors";

/** Parses input with a zod schema; failures become ERR_VALIDATION with one message per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  throw validationError(fields);
}

/** Path ids: positive integers only; anything else is a validation error, never a 500. */
export function parseId(value: unknown, field = "id"): number {
  const n = typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw validationError({ [field]: "Invalid id" });
  return n;
}
