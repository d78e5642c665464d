import { validationError } from "./errors";

export const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");

/**
 * A multipart form as a route's schema reads it: each text field once (the first value of a repeated one; a file
 * sent where text belongs counts as absent) and the files of the file fields in one list under `files.into`. A file
 * field that holds no file at all is kept as sent, so the schema refuses it. Fields not named are dropped.
 */
export function formFields(form: Record<string, unknown>, text: readonly string[], files: { into: string; from: readonly string[] }) {
  const out: Record<string, unknown> = {};
  for (const name of text) {
    const v = form[name];
    const value = typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined;
    if (value !== undefined) out[name] = value;
  }
  const sent = files.from.map((n) => form[n]).find((v) => v !== undefined);
  if (sent !== undefined) {
    const list = (Array.isArray(sent) ? sent : [sent]).filter((f): f is File => f instanceof File);
    out[files.into] = list.length ? list : sent;
  }
  return out;
}

/** Reads a body the route left unparsed: JSON (empty is `{}`) or a multipart form as an object of its fields. */
export async function readBody(request: Request): Promise<unknown> {
  const malformed = () => validationError({}, "Malformed request");
  if (!isMultipart(request)) {
    try {
      const text = await request.text();
      return text ? JSON.parse(text) : {};
    } catch {
      throw malformed();
    }
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw malformed();
  }
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}
