import type { Kysely } from "kysely";
import { serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// audit_log  who changed what and when: one row per audited write, inserted in the write's own transaction.
//   companyId      the company whose data changed (platform settings: the super user's company)
//   userId         who did it; null for the system (no foreign key: the entry outlives the user)
//   entity         what kind of row (user, queue, connection, contact, tag, quickMessage, ticket, companySetting, setting)
//   entityId       its id (a setting's key for settings), as text
//   action         create, update, delete, transfer, ...
//   before, after  JSON objects of the changed fields only, secrets already redacted; null on create / delete
//   ip             the client's address as the server saw it (TRUST_PROXY decides about X-Forwarded-For)
// Kept for AUDIT_RETENTION_DAYS, pruned by the daily audit.prune job.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull())
    .addColumn("userId", "integer")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entityId", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("ip", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_company_time").on("audit_log").columns(["companyId", "createdAt"]).execute();
  await db.schema.createIndex("audit_log_company_entity").on("audit_log").columns(["companyId", "entity", "entityId", "createdAt"]).execute();
  await db.schema.createIndex("audit_log_company_user").on("audit_log").columns(["companyId", "userId", "createdAt"]).execute();
  await db.schema.createIndex("audit_log_time").on("audit_log").column("createdAt").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
