import type { Db } from "../db/database";
import { forCompany } from "../db/scope";

/** What every user of the company may know about a colleague: no hashes, versions or permission flags. */
export async function userPayload(db: Db, companyId: number, userId: number) {
  const row = await forCompany(db, companyId)
    .selectFrom("users")
    .select(["id", "name", "email", "profile", "online"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { ...row, online: row.online === 1 };
}
