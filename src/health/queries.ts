import { sql } from "kysely";
import type { Db } from "../db/database";

/** Reads a page of the store (the companies table always has the platform's own company). */
export async function probeRead(db: Db): Promise<void> {
  await db.selectFrom("companies").select("id").limit(1).execute();
}

/**
 * A write that matches no row: SQLite still takes its write lock for it, so a read-only file or connection, or
 * another writer holding the lock past busy_timeout, fails it; nothing changes, so probing often costs no WAL growth.
 */
export async function probeWrite(db: Db): Promise<void> {
  await db.deleteFrom("jobs").where(sql<boolean>`1 = 0`).execute();
}
