/**
 * A plugin's configSchema (JSON Schema from zod, GET /api/channels) as form fields. Only what the connection form can
 * render: strings (text, long text, date-time, colour), lists of strings (one per line), numbers, booleans and enums; anything zod could not represent
 * (a transformed field reads as `{}`) is a text field. Secret fields are password inputs and write-only.
 */
type FieldKind =
  | { kind: "text"; multiline: boolean }
  | { kind: "datetime" }
  | { kind: "color" }
  | { kind: "number"; integer: boolean }
  | { kind: "boolean" }
  | { kind: "enum"; options: string[] }
  | { kind: "list" };
export type ConfigField = { key: string; required: boolean; secret: boolean } & FieldKind;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  default?: unknown;
}

const HEX_COLOR = "^#[0-9a-fA-F]{6}$";
/** Texts allowed this long get a text area. */
const MULTILINE_FROM = 300;

/** The first branch that is not `null` (zod writes nullable and unions as anyOf). */
function solid(s: JsonSchema): JsonSchema {
  if (!s.anyOf) return s;
  const branch = s.anyOf.find((b) => b.type !== "null");
  return branch ? solid(branch) : s;
}

function kindOf(s: JsonSchema): FieldKind {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string")) return { kind: "enum", options: s.enum as string[] };
  switch (s.type) {
    case "boolean":
      return { kind: "boolean" };
    case "array":
      return { kind: "list" };
    case "number":
    case "integer":
      return { kind: "number", integer: s.type === "integer" };
    default:
      if (s.format === "date-time" || s.format === "date") return { kind: "datetime" };
      if (s.pattern === HEX_COLOR) return { kind: "color" };
      return { kind: "text", multiline: (s.maxLength ?? 0) >= MULTILINE_FROM };
  }
}

/** The fields of a config schema, minus `skip` (keys the connection form already has as connection fields). */
export function configFields(schema: unknown, secretFields: readonly string[], skip: ReadonlySet<string>): ConfigField[] {
  const root = (schema ?? {}) as JsonSchema;
  const required = new Set(root.required ?? []);
  return Object.entries(root.properties ?? {})
    .filter(([key]) => !skip.has(key))
    .map(([key, raw]) => {
      const s = solid(raw);
      const secret = secretFields.includes(key);
      // A field with a default is filled by the server when left empty.
      return { key, secret, required: required.has(key) && raw.default === undefined, ...kindOf(s) };
    });
}

/** Initial values: the stored config, else the schema's defaults; secrets start empty (the form only writes them). */
export function configDefaults(schema: unknown, secretFields: readonly string[], stored: Record<string, unknown> | undefined): Record<string, unknown> {
  const props = ((schema ?? {}) as JsonSchema).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(props)) {
    if (stored && secretFields.includes(key)) continue;
    const value = stored?.[key] ?? s.default;
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/**
 * What the form sends: numbers parsed, blank optional values left out, blank secrets left out (the server keeps the
 * stored value; a secret is never sent back to the web app, so the form cannot resend it).
 */
export function configBody(fields: readonly ConfigField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === "boolean") out[f.key] = v === true;
    else if (f.kind === "list") out[f.key] = listLines(v).map((l) => l.text);
    else if (typeof v === "string" && v.trim() === "") continue;
    else if (f.kind === "number") out[f.key] = Number(v);
    else if (f.kind === "datetime" && typeof v === "string") out[f.key] = v.length === 16 ? new Date(v).toISOString() : v;
    else if (v !== undefined && v !== null) out[f.key] = v;
  }
  return out;
}

/** A list field's non-blank lines, trimmed, with their line numbers (1-based): the form holds the text as typed. */
export function listLines(value: unknown): { text: string; line: number }[] {
  const lines = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split("\n") : [];
  return lines.map((text, i) => ({ text: text.trim(), line: i + 1 })).filter((l) => l.text !== "");
}
