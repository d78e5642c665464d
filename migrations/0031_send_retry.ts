import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// messages.retryAt  a send the channel refused for now (rate limit, temporary failure) is queued again for this
//                   time; null when nothing is scheduled. Found through the queued rows' partial index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").addColumn("retryAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("retryAt").execute();
}
