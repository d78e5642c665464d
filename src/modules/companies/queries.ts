import type { Db } from "../../db/database";

export function findCompanySchedules(db: Db, companyId: number) {
  return db.selectFrom("companies").select(["id", "schedules"]).where("id", "=", companyId).executeTakeFirst();
}

export async function setCompanySchedules(db: Db, companyId: number, schedules: string, now: string): Promise<void> {
  await db.updateTable("companies").set({ schedules, updatedAt: now }).where("id", "=", companyId).execute();
}
