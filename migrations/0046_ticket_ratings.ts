import type { Kysely } from "kysely";
import { nowText, serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// ticket_ratings   the contact's 0-10 answer to the rating question asked when an agent resolved the ticket; one per
//                  cycle of the ticket (the answer closes it, a new question needs a reopen and a new resolve)
//   userId         the agent who held the ticket (cleared when the user is deleted)
//   rate           0 to 10
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("ticket_ratings")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("rate", "integer", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("ticket_ratings_ticket").on("ticket_ratings").columns(["companyId", "ticketId", "id"]).execute();
  await db.schema.createIndex("ticket_ratings_user").on("ticket_ratings").column("userId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ticket_ratings").execute();
}
