import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");
const word = z.string({ error: "Invalid value" }).trim().min(1, "Invalid value").max(100, "Too Long!");
/** An ISO-8601 date or date and time; answered as the instant in UTC. */
const instant = z.coerce
  .date({ error: "Invalid date" })
  .refine((d) => d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 9999, "Invalid date")
  .transform((d) => d.toISOString());

/** GET /api/audit: filters and the page; companyId only means something to the super user. */
export const listAuditQuery = z.object({
  entity: word.optional(),
  entityId: word.optional(),
  userId: id.optional(),
  action: word.optional(),
  /** Entries written at or after this instant. */
  from: instant.optional(),
  /** Entries written before this instant. */
  to: instant.optional(),
  companyId: id.optional(),
  pageNumber: pageNumberSchema,
});
export type ListAuditQuery = z.infer<typeof listAuditQuery>;
