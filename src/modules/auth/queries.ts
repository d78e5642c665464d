import type { Insertable, Transaction } from "kysely";
import type { Db } from "../../db/database";
import type { CompaniesTable, DB, UsersTable } from "../../db/schema";

// Logins, refresh cookies and reset codes name a user before any company is known (an email is unique across the
// platform, a token carries the user id), so the user reads and writes here are deliberately not company-scoped.

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findCompany(db: Db, id: number) {
  return db.selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function setCompanyLastLogin(db: Db, companyId: number, now: string): Promise<void> {
  await db.updateTable("companies").set({ lastLogin: now }).where("id", "=", companyId).execute();
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

/** A new password ends every session of the user, as a login elsewhere does. */
export async function setPassword(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ passwordHash, tokenVersion: eb("tokenVersion", "+", 1), updatedAt: now }))
    .where("id", "=", userId)
    .execute();
}

export function findPublicPlan(db: Db, planId: number) {
  return db.selectFrom("plans").select(["id"]).where("id", "=", planId).where("isPublic", "=", 1).executeTakeFirst();
}

/** Sign-up creates a company and its first user together: the user row cannot be scoped to a company that does not exist yet. */
export function insertCompany(db: Db, values: Insertable<CompaniesTable>) {
  return db.insertInto("companies").values(values).returning(["id", "name", "dueDate"]).executeTakeFirstOrThrow();
}

export function insertSignupUser(db: Db, values: Insertable<UsersTable>) {
  return db.insertInto("users").values(values).returning(["id", "name", "email"]).executeTakeFirstOrThrow();
}

// ---- password resets ------------------------------------------------------------------------------------------

export function latestOpenReset(db: Db, userId: number) {
  return db.selectFrom("password_resets").selectAll().where("userId", "=", userId).where("usedAt", "is", null).orderBy("id", "desc").executeTakeFirst();
}

/** A new code replaces any earlier one. */
export async function replaceResetCode(db: Db, userId: number, codeHash: string, expiresAt: string, now: string): Promise<void> {
  await db.updateTable("password_resets").set({ usedAt: now }).where("userId", "=", userId).where("usedAt", "is", null).execute();
  await db.insertInto("password_resets").values({ userId, codeHash, expiresAt }).execute();
}

/** Counts one attempt at the code; false when its budget is already spent. */
export async function takeResetAttempt(db: Db, resetId: number, max: number): Promise<boolean> {
  const taken = await db
    .updateTable("password_resets")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", resetId)
    .where("attempts", "<", max)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Marks the code used; false when another request used it first. */
export async function consumeReset(db: Db, resetId: number, now: string): Promise<boolean> {
  const used = await db.updateTable("password_resets").set({ usedAt: now }).where("id", "=", resetId).where("usedAt", "is", null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

// ---- refresh tokens --------------------------------------------------------------------------------------------

type RefreshRow = { jti: string; userId: number; tokenVersion: number; expiresAt: string };

/** Records a refresh token handed out; the user's tokens that can no longer be used (expired, or of an ended login) go. */
export async function recordRefreshToken(db: Db, row: RefreshRow, now: string): Promise<void> {
  await db.transaction().execute((trx) => insertRefreshToken(trx, row, now));
}

async function insertRefreshToken(trx: Transaction<DB>, row: RefreshRow, now: string): Promise<void> {
  await trx
    .deleteFrom("refresh_tokens")
    .where("userId", "=", row.userId)
    .where((eb) => eb.or([eb("expiresAt", "<", now), eb("tokenVersion", "<", row.tokenVersion)]))
    .execute();
  await trx.insertInto("refresh_tokens").values(row).execute();
}

/**
 * Uses a refresh token and records its successor, in one transaction: a request that finds the token used finds its
 * successor too. False (nothing written) when another request used it first.
 */
export async function rotateRefreshToken(db: Db, usedJti: string, successor: RefreshRow, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("refresh_tokens")
      .set({ usedAt: now, replacedBy: successor.jti })
      .where("jti", "=", usedJti)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await insertRefreshToken(trx, successor, now);
    return true;
  });
}

export function findRefreshToken(db: Db, jti: string) {
  return db.selectFrom("refresh_tokens").selectAll().where("jti", "=", jti).executeTakeFirst();
}

// ---- throttle ------------------------------------------------------------------------------------------------

export function throttleRow(db: Db, key: string) {
  return db.selectFrom("auth_throttle").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * Takes one attempt from the key's budget in one statement: a new window when there is none or it has ended, one more
 * in the current window while under `max`. Answers the window's start, or undefined when the budget is spent. One
 * upsert, so parallel requests queue on the key's row and each sees the count the one before it wrote, on SQLite and
 * on PostgreSQL alike.
 */
export async function takeThrottle(db: Db, key: string, a: { now: string; cutoff: string; max: number }): Promise<string | undefined> {
  const row = await db
    .insertInto("auth_throttle")
    .values({ key, count: 1, windowStart: a.now })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => {
          const ended = eb("auth_throttle.windowStart", "<", a.cutoff);
          return {
            count: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb("auth_throttle.count", "+", 1))
              .end(),
            windowStart: eb.case().when(ended).then(a.now).else(eb.ref("auth_throttle.windowStart")).end(),
          };
        })
        .where((eb) => eb.or([eb("auth_throttle.windowStart", "<", a.cutoff), eb("auth_throttle.count", "<", a.max)])),
    )
    .returning("windowStart")
    .executeTakeFirst();
  return row?.windowStart;
}

/** Gives one attempt back, only while the window it was taken from is still the key's window. */
export async function releaseThrottle(db: Db, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable("auth_throttle")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("windowStart", "=", windowStart)
    .where("count", ">", 0)
    .execute();
}
