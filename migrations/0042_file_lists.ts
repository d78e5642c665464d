import type { Kysely } from "kysely";
import { nowText, serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// file_lists         a company's named lists of files with a message, sent by a chatbot's "file" option (and later flows).
//   userId           who created it; cleared when the user is deleted
// file_list_options  the named files of a list, in their order (then id); deleting the list deletes them (CASCADE).
//   mediaKey         the file in the media store (null until its upload arrives), mediaName its download name
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("file_lists")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("file_lists_company_name").on("file_lists").columns(["companyId", "name", "id"]).execute();
  await db.schema.createIndex("file_lists_user").on("file_lists").column("userId").execute();

  await db.schema
    .createTable("file_list_options")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("fileListId", "integer", (c) => c.notNull().references("file_lists.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mediaKey", "text")
    .addColumn("mediaName", "text")
    .addColumn("order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("file_list_options_list").on("file_list_options").columns(["fileListId", "order", "id"]).execute();
  await db.schema.createIndex("chatbots_opt_file").on("chatbots").column("optFileId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("chatbots_opt_file").execute();
  await db.schema.dropTable("file_list_options").execute();
  await db.schema.dropTable("file_lists").execute();
}
