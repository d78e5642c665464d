import type { Kysely } from "kysely";
import { nowText } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// refresh_tokens  one row per refresh token handed out (its jti). A token is single-use: rotating it marks the row
//                 used; presenting a used token again after a short grace means it was copied, and that ends the
//                 whole login it belongs to (the user's tokenVersion at issue time).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("refresh_tokens")
    .addColumn("jti", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tokenVersion", "integer", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema.createIndex("refresh_tokens_user").on("refresh_tokens").columns(["userId", "expiresAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refresh_tokens").execute();
}
