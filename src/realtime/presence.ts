import type { Db } from "../db/database";
import { forCompany } from "../db/scope";

/**
 * Presence across instances: a row per user and instance with a socket open there (user_presence), users.online
 * derived from them. Every write of a user's presence first touches the user's row, so two instances changing the same
 * user's presence take turns and the second reads what the first committed.
 */

/** One instance holds the store (SQLite): no socket survived its restart, so nobody is online. Platform-wide on purpose. */
export async function clearPresence(db: Db): Promise<void> {
  await db.deleteFrom("user_presence").execute();
  await db.updateTable("users").set({ online: 0 }).where("online", "=", 1).execute();
}

/** The user's first socket on this instance opened: online. */
export async function arrive(db: Db, instanceId: string, companyId: number, userId: number, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await forCompany(trx, companyId).updateTable("users").set({ online: 1, lastSeenAt: now }).where("id", "=", userId).execute();
    await trx
      .insertInto("user_presence")
      .values({ instanceId, userId, companyId, seenAt: now })
      .onConflict((oc) => oc.columns(["instanceId", "userId"]).doUpdateSet({ seenAt: now }))
      .execute();
  });
}

/** The client's presence ping (userStatus): online, seen now. */
export async function touch(db: Db, companyId: number, userId: number, now: string): Promise<void> {
  await forCompany(db, companyId).updateTable("users").set({ online: 1, lastSeenAt: now }).where("id", "=", userId).execute();
}

/** The user's last socket on this instance closed: answers whether they are still online (through another instance). */
export async function depart(db: Db, instanceId: string, companyId: number, userId: number, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await forCompany(trx, companyId).updateTable("users").set({ lastSeenAt: now }).where("id", "=", userId).execute();
    await trx.deleteFrom("user_presence").where("instanceId", "=", instanceId).where("userId", "=", userId).execute();
    return settle(trx, companyId, userId);
  });
}

/**
 * This instance's rows renewed, then the rows no instance renewed since `staleBefore` (their instance died) removed:
 * answers the users who are offline because of it.
 */
export async function renewAndExpire(db: Db, instanceId: string, now: string, staleBefore: string): Promise<{ companyId: number; userId: number }[]> {
  await db.updateTable("user_presence").set({ seenAt: now }).where("instanceId", "=", instanceId).execute();
  const stale = await db.deleteFrom("user_presence").where("seenAt", "<", staleBefore).returning(["companyId", "userId"]).execute();
  return offlineAmong(db, stale);
}

/** This instance stops: its rows go; answers the users who are offline because of it. */
export async function departAll(db: Db, instanceId: string): Promise<{ companyId: number; userId: number }[]> {
  const mine = await db.deleteFrom("user_presence").where("instanceId", "=", instanceId).returning(["companyId", "userId"]).execute();
  return offlineAmong(db, mine);
}

async function offlineAmong(db: Db, rows: { companyId: number; userId: number }[]): Promise<{ companyId: number; userId: number }[]> {
  const offline: { companyId: number; userId: number }[] = [];
  for (const { companyId, userId } of new Map(rows.map((r) => [r.userId, r])).values()) {
    const online = await db.transaction().execute(async (trx) => {
      // A write that changes nothing, for the row's lock.
      await forCompany(trx, companyId)
        .updateTable("users")
        .set((eb) => ({ online: eb.ref("online") }))
        .where("id", "=", userId)
        .execute();
      return settle(trx, companyId, userId);
    });
    if (!online) offline.push({ companyId, userId });
  }
  return offline;
}

/** users.online from the presence rows; answers it. */
async function settle(trx: Db, companyId: number, userId: number): Promise<boolean> {
  const elsewhere = await trx.selectFrom("user_presence").select("userId").where("userId", "=", userId).limit(1).executeTakeFirst();
  await forCompany(trx, companyId)
    .updateTable("users")
    .set({ online: elsewhere ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
  return elsewhere !== undefined;
}
