import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// contacts.walletUserId  the contact's wallet owner: a user of the same company who answers for this contact (set by
//                        admins). Null when nobody owns it; a deleted user's contacts lose their owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contacts")
    .addColumn("walletUserId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("contacts_company_wallet").on("contacts").columns(["companyId", "walletUserId"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_company_wallet").execute();
  await db.schema.alterTable("contacts").dropColumn("walletUserId").execute();
}
