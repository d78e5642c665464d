import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// refresh_tokens.replacedBy   the jti of the token handed out when this one was used: a second presentation within
//                             the grace gets that same token again, so an answer lost on the way (a tab reloaded
//                             while its refresh was in flight) does not leave the browser holding a used cookie
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").addColumn("replacedBy", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").dropColumn("replacedBy").execute();
}
