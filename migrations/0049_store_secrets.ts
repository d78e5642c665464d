import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// store_secrets   the signing secrets (access and refresh tokens, media links) of an install whose store is a
//                 database server: every instance on it must sign and verify with the same ones, so they live in the
//                 database, created once by the first instance to start. The embedded store keeps them in
//                 DATA_DIR/secrets.json and leaves this table empty.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("store_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("store_secrets").execute();
}
