import { type Kysely, sql } from "kysely";

// Frozen in time: this file must never import from src/. Booleans are 0/1 integers, times ISO-8601 UTC text.
//
// Channels follow-ups:
//   connections.droppedAt  when a CONNECTED session last dropped (cleared when it connects again, or when a person
//                          disconnects it on purpose), so the connections screen and the admins see the drop;
//   tickets.mergedIntoId   a ticket emptied by a contact merge (WhatsApp LID -> phone): closed, its messages moved
//                          into this ticket. The row stays so its logs keep their ticket.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("connections").addColumn("droppedAt", "text").execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("mergedIntoId", "integer", (c) => c.references("tickets.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("tickets_merged_into").on("tickets").column("mergedIntoId").where(sql.ref("mergedIntoId"), "is not", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_merged_into").execute();
  await db.schema.alterTable("tickets").dropColumn("mergedIntoId").execute();
  await db.schema.alterTable("connections").dropColumn("droppedAt").execute();
}
