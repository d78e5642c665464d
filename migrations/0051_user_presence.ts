import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// user_presence   who has a socket open on which instance. users.online says whether a user is online anywhere; with
//                 several instances on one database it is derived from these rows, so a socket closing on one
//                 instance, or an instance starting, never marks offline a user whose socket lives on another.
//                 Each instance renews its rows' seenAt while it runs; rows an instance stopped renewing (it died)
//                 are removed by the others. No foreign key to users: a row outlives nothing, it is removed with
//                 the socket or the instance.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_presence")
    .addColumn("instanceId", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull())
    .addColumn("companyId", "integer", (c) => c.notNull())
    .addColumn("seenAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_presence_pk", ["instanceId", "userId"])
    .execute();
  await db.schema.createIndex("user_presence_user").on("user_presence").columns(["userId"]).execute();
  await db.schema.createIndex("user_presence_seen").on("user_presence").columns(["seenAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_presence").execute();
}
