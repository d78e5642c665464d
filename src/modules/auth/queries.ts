import type { Db } from "../../db/database";

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findCompany(db: Db, id: number) {
  return db.selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function bumpTokenVersion(db: Db, userId: number, now: string): Promise<number> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ tokenVersion: eb("tokenVersion", "+", 1), updatedAt: now }))
    .where("id", "=", userId)
    .returning("tokenVersion")
    .executeTakeFirstOrThrow();
  return row.tokenVersion;
}

export function userQueues(db: Db, userId: number) {
  return db
    .selectFrom("user_queues")
    .innerJoin("queues", "queues.id", "user_queues.queueId")
    .select(["queues.id", "queues.name", "queues.color"])
    .where("user_queues.userId", "=", userId)
    .orderBy("queues.orderQueue")
    .orderBy("queues.id")
    .execute();
}

export function latestOpenReset(db: Db, userId: number) {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}
