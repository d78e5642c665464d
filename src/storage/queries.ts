import type { Db } from "../db/database";
import type { Scope } from "../db/scope";

export interface MediaRow {
  key: string;
  companyId: number;
  mime: string;
  size: number;
  name: string;
}

const columns = ["key", "companyId", "mime", "size", "name"] as const;

export async function insertMedia(scope: Scope, row: Omit<MediaRow, "companyId"> & { createdAt: string }): Promise<void> {
  await scope.insertInto("media", row).execute();
}

export function findMedia(scope: Scope, key: string): Promise<MediaRow | undefined> {
  return scope.selectFrom("media").select(columns).where("key", "=", key).executeTakeFirst();
}

/**
 * The one lookup across companies: a signed link carries no session, and its signature binds the
 * key to one company, which the caller checks against the row's companyId.
 */
export function findMediaForLink(db: Db, key: string): Promise<MediaRow | undefined> {
  return db.selectFrom("media").select(columns).where("key", "=", key).executeTakeFirst();
}

export async function deleteMedia(scope: Scope, key: string): Promise<boolean> {
  const res = await scope.deleteFrom("media").where("key", "=", key).executeTakeFirst();
  return res.numDeletedRows > 0n;
}
