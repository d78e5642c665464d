import { z } from "zod";
import { listContactsQuery } from "../contacts/schema";

/** The contacts list's filters (without its page) and the file format. */
export const exportQuery = listContactsQuery.omit({ pageNumber: true }).extend({
  format: z.enum(["xlsx", "csv"], { error: "Invalid format" }).default("xlsx"),
});
export type ExportQuery = z.infer<typeof exportQuery>;
