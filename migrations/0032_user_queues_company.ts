import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// user_queues_company  who may see a ticket is decided for every user of its company on each real-time change
//                      (the users' queue links are read by companyId); without it that read walked every link of
//                      every company.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("user_queues_company").on("user_queues").column("companyId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("user_queues_company").execute();
}
