import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// ticket_tags.createdAt  when the tag was put on the ticket; for a kanban lane, when the ticket entered the lane (the
//                        board's "time in lane"). Null for links made before this column existed (time unknown).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ticket_tags").addColumn("createdAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ticket_tags").dropColumn("createdAt").execute();
}
