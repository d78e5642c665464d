import type { AppContext } from "../../context";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { type Actor, assertCan } from "../../http/permissions";
import { auditPage } from "./queries";
import type { ListAuditQuery } from "./schema";

/** An entry as the API shows it: the changed fields parsed back into objects. */
function serializeEntry(row: Awaited<ReturnType<typeof auditPage>>["rows"][number]) {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
    ip: row.ip,
    createdAt: row.createdAt,
  };
}

/** Reading the audit log: a company's admins read their company's entries; the super user reads every company's. */
export function createAuditService(ctx: AppContext) {
  return {
    async list(actor: Actor, q: ListAuditQuery) {
      assertCan(actor, "audit:view");
      const companyId = actor.super ? q.companyId : actor.companyId;
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.default);
      const { companyId: _companyId, pageNumber: _pageNumber, ...filter } = q;
      const { rows, count } = await auditPage(ctx.db, companyId, filter, limit, offset);
      const page = pageOf(rows, size);
      return { entries: page.rows.map(serializeEntry), count, hasMore: page.hasMore };
    },
  };
}
