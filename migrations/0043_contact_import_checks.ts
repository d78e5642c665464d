import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// contact_imports.whatsappId  the WhatsApp connection the import checks each number on before importing it (null: none)
// contact_imports.toCheck     rows to check when the import started; .checked, how many are checked so far
// contact_import_rows.checked 1 once the row's number was checked, written with its answer, so a restart never asks
//                             the channel about a row twice
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_imports")
    .addColumn("whatsappId", "integer", (c) => c.references("connections.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("contact_imports")
    .addColumn("toCheck", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("contact_imports")
    .addColumn("checked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("contact_import_rows")
    .addColumn("checked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_import_rows").dropColumn("checked").execute();
  await db.schema.alterTable("contact_imports").dropColumn("checked").execute();
  await db.schema.alterTable("contact_imports").dropColumn("toCheck").execute();
  await db.schema.alterTable("contact_imports").dropColumn("whatsappId").execute();
}
