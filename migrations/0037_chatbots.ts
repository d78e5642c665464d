import type { Kysely } from "kysely";
import { nowText, serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Booleans are 0/1 integers, times ISO-8601 UTC text.
//
// chatbots  a queue's chatbot options: a tree (parentId) of menu entries the contact chooses from.
//   queueId           the queue the option belongs to; deleting the queue deletes its options (CASCADE)
//   parentId          the option whose message shows this one's level; null at the root. Deleting an option
//                     deletes its sub-options (CASCADE)
//   queueType         text | attendent | queue | integration | file: what choosing the option does
//   optQueueId        the queue a "queue" option sends the contact to. NO ACTION (checked when the statement ends,
//                     after the cascades): an option of another queue keeps this queue from being deleted, while an
//                     option pointing at its own queue goes with it
//   optUserId         the person an "attendent" option hands the contact to; cleared when the user is deleted
//   optIntegrationId, optFileId  the integration or file list of those types (their tables come later: no key yet)
//   order             position among its siblings (then id)
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("chatbots")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("queueId", "integer", (c) => c.notNull().references("queues.id").onDelete("cascade"))
    .addColumn("parentId", "integer", (c) => c.references("chatbots.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("greetingMessage", "text")
    .addColumn("queueType", "text", (c) => c.notNull().defaultTo("text"))
    .addColumn("optQueueId", "integer", (c) => c.references("queues.id").onDelete("no action"))
    .addColumn("optUserId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("optIntegrationId", "integer")
    .addColumn("optFileId", "integer")
    .addColumn("closeTicket", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("chatbots_company_queue").on("chatbots").columns(["companyId", "queueId", "parentId", "order", "id"]).execute();
  await db.schema.createIndex("chatbots_parent").on("chatbots").column("parentId").execute();
  await db.schema.createIndex("chatbots_opt_queue").on("chatbots").column("optQueueId").execute();
  await db.schema.createIndex("chatbots_opt_user").on("chatbots").column("optUserId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chatbots").execute();
}
