import { z } from "zod";
import { pathId, row } from "../../http/schemas";
import { IGNORE_REASONS } from "./normalize";

/** The contact fields a column of the file can fill. */
export const IMPORT_FIELDS = ["name", "number", "email", "tags"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const column = z.number({ error: "Invalid column" }).int("Invalid column").min(0, "Invalid column").max(999, "Invalid column");

/** Multipart text fields carry JSON (Elysia may have parsed it already); text that is not JSON fails the field's schema. */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/** Field -> the column (0-based) that fills it; a field left out is not imported. */
export const importMapping = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, column.optional()])) as Record<ImportField, z.ZodOptional<typeof column>>,
  {
    error: "Invalid value",
  },
);
export type ImportMapping = z.infer<typeof importMapping>;

export const startImportBody = z.object({
  file: z.instanceof(File, { error: "Required" }).meta({ description: "xls, xlsx, csv or txt; the first row names the columns" }),
  mapping: json(importMapping).meta({ description: 'JSON: the column of each field, e.g. {"name":0,"number":1,"email":2,"tags":3}' }),
  skipRows: json(z.array(z.number().int().positive(), { error: "Invalid value" }).max(100_000, "Too many rows"))
    .optional()
    .meta({ description: "JSON: the file's lines left unticked (the header is line 1)" }),
  whatsappId: json(z.number({ error: "Invalid value" }).int("Invalid value").positive("Invalid value"))
    .optional()
    .meta({ description: "A connected WhatsApp connection to check each number on first; a number not on WhatsApp is ignored (notOnWhatsApp)" }),
});
export type StartImportInput = z.infer<typeof startImportBody>;

export const phoneImportBody = z.object({
  whatsappId: z
    .number({ error: "Required" })
    .int("Invalid value")
    .positive("Invalid value")
    .meta({ description: "A connected connection whose channel lists its contacts" }),
  validate: z.boolean({ error: "Invalid value" }).optional().meta({ description: "Check each number on the same connection first (off by default)" }),
});
export type PhoneImportInput = z.infer<typeof phoneImportBody>;

export const importParams = z.object({ jobId: pathId });

const reasons = z.object(Object.fromEntries(IGNORE_REASONS.map((r) => [r, z.number()])) as Record<(typeof IGNORE_REASONS)[number], z.ZodNumber>);

export const importAnswer = row({
  id: z.number(),
  status: z.enum(["queued", "running", "done", "failed"]),
  fileName: z.string(),
  total: z.number().meta({ description: "Rows taken from the file (ticked ones)" }),
  processed: z.number(),
  imported: z.number(),
  updated: z.number(),
  ignored: z.number(),
  whatsappId: z.number().nullable().meta({ description: "The connection each number is checked on first (null: none)" }),
  toCheck: z.number().meta({ description: "Rows to check on WhatsApp (0: no check)" }),
  checked: z.number().meta({ description: "Rows checked so far" }),
  reasons: reasons.meta({ description: "Ignored rows by reason" }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}).meta({ id: "ContactImport" });
