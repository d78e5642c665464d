import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import type { AuditLogTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

/** Audit entries are written inside the audited write's transaction; companyId is the changed row's company. */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await forCompany(db, entry.companyId).insertInto("audit_log", entry).execute();
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
}

/**
 * Entries newest first, of one company (scope) or of every company (the super user: scope undefined), with the
 * filter's conditions; the count under the same filter.
 */
export async function auditPage(db: Db, companyId: number | undefined, f: AuditFilter, limit: number, offset: number) {
  const base = () => {
    let q = companyId === undefined ? db.selectFrom("audit_log") : forCompany(db, companyId).selectFrom("audit_log");
    if (f.entity !== undefined) q = q.where("audit_log.entity", "=", f.entity);
    if (f.entityId !== undefined) q = q.where("audit_log.entityId", "=", f.entityId);
    if (f.userId !== undefined) q = q.where("audit_log.userId", "=", f.userId);
    if (f.action !== undefined) q = q.where("audit_log.action", "=", f.action);
    if (f.from !== undefined) q = q.where("audit_log.createdAt", ">=", f.from);
    if (f.to !== undefined) q = q.where("audit_log.createdAt", "<", f.to);
    return q;
  };
  const [rows, total] = await Promise.all([
    base()
      .leftJoin("users", "users.id", "audit_log.userId")
      .selectAll("audit_log")
      .select("users.name as userName")
      .orderBy("audit_log.createdAt", "desc")
      .orderBy("audit_log.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** Removes entries written before `before`, at most `limit` of them (oldest first); answers how many went. */
export async function pruneAuditEntries(db: Db, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom("audit_log")
    .where("id", "in", (eb) => eb.selectFrom("audit_log").select("id").where("createdAt", "<", before).orderBy("createdAt").limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
