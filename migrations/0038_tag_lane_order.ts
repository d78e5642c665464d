import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// tags.laneOrder  where a kanban lane (kanban 1) stands on the board and in the lane pickers: lowest first, lanes
//                 without an order after them, then by name. Null for contact tags and unordered lanes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tags").addColumn("laneOrder", "integer").execute();
  await db.schema.createIndex("tags_company_lanes").on("tags").columns(["companyId", "kanban", "laneOrder", "name"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tags_company_lanes").execute();
  await db.schema.alterTable("tags").dropColumn("laneOrder").execute();
}
