import type { Db } from "../db/database";
import { forCompany } from "../db/scope";

export async function markPresence(db: Db, companyId: number, userId: number, online: boolean, now: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("users")
    .set({ online: online ? 1 : 0, lastSeenAt: now })
    .where("id", "=", userId)
    .execute();
}

/** What every user of the company may know about a colleague: no hashes, versions or permission flags. */
export async function userPayload(db: Db, companyId: number, userId: number) {
  const row = await forCompany(db, companyId)
    .selectFrom("users")
    .select(["id", "name", "email", "profile", "online"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { ...row, online: row.online === 1 };
}
