import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf } from "../../http/schemas";

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

const fields = z.record(z.string(), z.unknown()).nullable();
/** One audited write: who, when, from where, and the changed fields before and after (secrets as "[redacted]"). */
export const auditEntryAnswer = z
  .looseObject({
    id: z.number(),
    companyId: z.number(),
    userId: z.number().nullable(),
    user: z.object({ id: z.number(), name: z.string() }).nullable(),
    entity: z.string(),
    entityId: z.string(),
    action: z.string(),
    before: fields,
    after: fields,
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    id: "AuditEntry",
    example: {
      id: 12,
      companyId: 1,
      userId: 3,
      user: { id: 3, name: "Ana" },
      entity: "tag",
      entityId: "7",
      action: "update",
      before: { name: "Vip" },
      after: { name: "Gold" },
      ip: "203.0.113.7",
      createdAt: "2026-11-26T14:03:00.000Z",
    },
  });
export const auditPageAnswer = pageOf("entries", auditEntryAnswer);
