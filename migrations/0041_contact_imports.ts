import { type Kysely, sql } from "kysely";
import { nowText, serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// contact_imports      one import of a spreadsheet: who started it, its state and its running counts.
// contact_import_rows  the file's rows as the server read and checked them, staged when the import starts; `outcome`
//                      is written in the same transaction as the contact it creates or updates, so a restart resumes at
//                      the first row without one and never creates a contact twice.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("contact_imports")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("fileName", "text", (c) => c.notNull().defaultTo(""))
    // queued | running | done | failed
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ignored", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("finishedAt", "text")
    .execute();
  await db.schema.createIndex("contact_imports_company").on("contact_imports").columns(["companyId", "id"]).execute();

  await db.schema
    .createTable("contact_import_rows")
    .addColumn("importId", "integer", (c) => c.notNull().references("contact_imports.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    // The row's line in the file (the header is line 1).
    .addColumn("rowNo", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    // Tag names, one per line.
    .addColumn("tags", "text", (c) => c.notNull().defaultTo(""))
    // null while waiting | imported | updated | ignored
    .addColumn("outcome", "text")
    .addColumn("reason", "text")
    .addColumn("contactId", "integer", (c) => c.references("contacts.id").onDelete("set null"))
    .addPrimaryKeyConstraint("contact_import_rows_pk", ["importId", "rowNo"])
    .execute();
  await db.schema
    .createIndex("contact_import_rows_waiting")
    .on("contact_import_rows")
    .columns(["importId", "rowNo"])
    .where(sql.ref("outcome"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_import_rows").execute();
  await db.schema.dropTable("contact_imports").execute();
}
