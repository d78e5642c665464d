import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse } from "../../http/validate";
import { registerAuditPruning } from "./prune";
import { listAuditQuery } from "./schema";
import { createAuditService } from "./service";

/** The audit log's reading side; the writing side is recordAudit (record.ts), called by every audited service. */
export const auditRoutes = (ctx: AppContext) => {
  const audit = createAuditService(ctx);
  registerAuditPruning(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/audit", ({ actor, query }) => audit.list(actor, parse(listAuditQuery, query)), { auth: true });
};
