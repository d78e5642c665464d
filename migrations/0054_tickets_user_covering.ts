import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// tickets_company_user_status gains id, queueId, isGroup and deletedAt, so the user's branch of an agent's personal
// view (their own tickets of a status) is read from the index alone, in the list's order (updatedAt, then id): the
// list's capped count walked the agent's own open tickets and read each one's table row for the last three columns.
// On bench/tickets.ts (100,000 tickets, an agent holding 200 open ones) the open tab's count took ~250 µs, and ~80 µs
// from the index alone. id right after updatedAt keeps the index in the list's full order, as tickets_list is.
const COLUMNS_BEFORE = ["companyId", "userId", "status", "updatedAt"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_company_user_status").execute();
  await db.schema
    .createIndex("tickets_company_user_status")
    .on("tickets")
    .columns([...COLUMNS_BEFORE, "id", "queueId", "isGroup", "deletedAt"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_company_user_status").execute();
  await db.schema.createIndex("tickets_company_user_status").on("tickets").columns(COLUMNS_BEFORE).execute();
}
