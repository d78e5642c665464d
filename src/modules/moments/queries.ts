import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";

/** Which of these users of the company have a socket open (users.online, kept by src/realtime/presence.ts). */
export async function onlineUserIds(db: Db, companyId: number, userIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Set();
  const rows = await forCompany(db, companyId).selectFrom("users").select("users.id").where("users.id", "in", ids).where("users.online", "=", 1).execute();
  return new Set(rows.map((r) => r.id));
}
