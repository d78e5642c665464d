import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc } from "../../http/schemas";
import { registerAuditPruning } from "./prune";
import { auditPageAnswer, listAuditQuery } from "./schema";
import { createAuditService } from "./service";

/** The audit log's reading side; the writing side is recordAudit (record.ts), called by every audited service. */
export const auditRoutes = (ctx: AppContext) => {
  const audit = createAuditService(ctx);
  registerAuditPruning(ctx);
  return new Elysia({ prefix: "/api", tags: ["Audit"] }).use(authPlugin(ctx)).get("/audit", ({ actor, query }) => audit.list(actor, query), {
    auth: true,
    query: listAuditQuery,
    response: answers({ 200: auditPageAnswer }),
    detail: doc("The audit log: who changed what and when, newest first, 20 a page", {
      permission: "admins (their company's entries); the super user (every company's, or one company's with companyId)",
      description: 'Filters: entity, entityId, userId, action, and the time range from (inclusive) to (exclusive). Secrets are shown as "[redacted]".',
    }),
  });
};
