import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// messages.writtenAt  when a message that came from the channel was written, by the channel's own timestamp, never
//                     later than its arrival (createdAt); null for messages written here. The reply window of Meta's
//                     channels counts from the contact's last writtenAt (a redelivered webhook arrives late).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").addColumn("writtenAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("writtenAt").execute();
}
