/**
 * A message's `data` column: the extra facts a message carries (its location, template, file's state) as one JSON
 * object, or null when it carries none.
 */

/** The stored object; empty when the column is null or holds anything but a JSON object. */
export function readMessageData(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The column's text for an object: null when it has no key, so an empty object is never stored. */
export function writeMessageData(data: Record<string, unknown>): string | null {
  return Object.keys(data).length ? JSON.stringify(data) : null;
}
