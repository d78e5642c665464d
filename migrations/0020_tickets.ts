import { type Kysely, sql } from "kysely";

// Frozen in time: this file must never import from src/.
//
// The inbox (issue 6): deleted tickets are kept (deletedAt) with their messages, and the ticket list reads one
// covering index. The list filters by company and status, orders by updatedAt then id, and tests the visibility
// and filter columns (queue, user, group, connection, unread) inside the index, so a page and its count never
// touch the table (deletedAt is a column too: SQLite checks the partial index's own condition from its columns).
// It replaces tickets_company_status_updated, which it covers for every live ticket.
// Messages by media key: a file shared by forwarded copies is erased only when no message points at it any more.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("deletedAt", "text").execute();
  await db.schema.dropIndex("tickets_company_status_updated").execute();
  await db.schema
    .createIndex("tickets_list")
    .on("tickets")
    .columns(["companyId", "status", "updatedAt", "id", "queueId", "userId", "isGroup", "whatsappId", "unreadMessages", "deletedAt"])
    .where(sql.ref("deletedAt"), "is", null)
    .execute();
  await db.schema.createIndex("messages_media_key").on("messages").column("mediaKey").where(sql.ref("mediaKey"), "is not", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("messages_media_key").execute();
  await db.schema.dropIndex("tickets_list").execute();
  await db.schema.createIndex("tickets_company_status_updated").on("tickets").columns(["companyId", "status", "updatedAt"]).execute();
  await db.schema.alterTable("tickets").dropColumn("deletedAt").execute();
}
