import { z } from "zod";
import { type FieldErrors, validationError } from "./errors";

/** One message per field (the first one), the path joined by dots; an issue on the whole input is the field "_". */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a zod schema; failures become ERR_VALIDATION with one message per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(fieldErrorsOf(result.error.issues));
}

/**
 * The answer to input a route's schema refused (Elysia's VALIDATION error): the same ERR_VALIDATION with one message
 * per field that parse() gives, found by running the route's zod schema again on the refused value.
 */
export function routeValidationError(error: { validator?: unknown; value?: unknown }) {
  const validator = error.validator as { schema?: unknown } | undefined;
  const schema = validator instanceof z.ZodType ? validator : validator?.schema;
  if (!(schema instanceof z.ZodType)) return validationError({}, "Malformed request");
  const result = schema.safeParse(error.value);
  return validationError(result.success ? {} : fieldErrorsOf(result.error.issues));
}
