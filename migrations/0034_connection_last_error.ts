import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// connections.lastError  why the connection's session last failed to start or was lost, as its plugin said it
//                        (e.g. the channel's service cannot be reached); null once it shows a code or connects, and
//                        after a person's disconnect. The connections screen shows it with a retry button.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("connections").addColumn("lastError", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("connections").dropColumn("lastError").execute();
}
