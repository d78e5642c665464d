import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { Connection, ConnectionsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface MediaRef {
  key: string;
  name: string;
  mime: string;
}

/** The company's live (not deleted) connections, by name; optionally one channel or some ids. */
export function listConnections(db: Db, companyId: number, opts: { channel?: string; ids?: readonly number[] } = {}): Promise<Connection[]> {
  let q = forCompany(db, companyId).selectFrom("connections").selectAll().where("deletedAt", "is", null);
  if (opts.channel) q = q.where("channel", "=", opts.channel);
  if (opts.ids) q = opts.ids.length ? q.where("id", "in", [...opts.ids]) : q.where(sql<boolean>`1 = 0`);
  return q.orderBy("name").orderBy("id").execute();
}

/** One live connection of the company. */
export function findConnection(db: Db, companyId: number, id: number): Promise<Connection | undefined> {
  return forCompany(db, companyId).selectFrom("connections").selectAll().where("id", "=", id).where("deletedAt", "is", null).executeTakeFirst();
}

/**
 * The live connection of a channel with this public key (web chat's widgetKey). Not company-scoped: the key is what
 * names the company here (a public visitor API has no actor), and each connection's key is unique.
 */
export function connectionByPublicKey(db: Db, channel: string, key: string) {
  return db
    .selectFrom("connections")
    .select(["id", "companyId", "name", "config"])
    .where("widgetKey", "=", key)
    .where("channel", "=", channel)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

export async function countConnections(db: Db, companyId: number): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("connections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findDefault(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("connections").select("id").where("isDefault", "=", 1).where("deletedAt", "is", null).executeTakeFirst();
}

export async function clearDefault(db: Db, companyId: number, exceptId?: number): Promise<void> {
  let q = forCompany(db, companyId).updateTable("connections").set({ isDefault: 0 }).where("isDefault", "=", 1);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  await q.execute();
}

/** When no live connection is the default, the oldest live one becomes it; answers its id (or undefined). */
export async function ensureDefault(db: Db, companyId: number, now: string): Promise<number | undefined> {
  if (await findDefault(db, companyId)) return undefined;
  const next = await forCompany(db, companyId).selectFrom("connections").select("id").where("deletedAt", "is", null).orderBy("id").executeTakeFirst();
  if (!next) return undefined;
  await forCompany(db, companyId).updateTable("connections").set({ isDefault: 1, updatedAt: now }).where("id", "=", next.id).execute();
  return next.id;
}

export async function insertConnection(db: Db, companyId: number, values: Omit<Insertable<ConnectionsTable>, "companyId">): Promise<number> {
  const row = await forCompany(db, companyId).insertInto("connections", values).returning("id").executeTakeFirstOrThrow();
  return (row as { id: number }).id;
}

export function updateConnection(db: Db, companyId: number, id: number, values: Updateable<ConnectionsTable>) {
  return forCompany(db, companyId).updateTable("connections").set(values).where("id", "=", id).where("deletedAt", "is", null).execute();
}

export async function replaceConnectionQueues(db: Db, companyId: number, connectionId: number, queueIds: readonly number[]): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("connection_queues").where("connectionId", "=", connectionId).execute();
  for (const queueId of new Set(queueIds)) await scope.insertInto("connection_queues", { connectionId, queueId }).execute();
}

/** Queues linked to each connection, by queue order. */
export async function queuesOfConnections(db: Db, companyId: number, connectionIds: readonly number[]): Promise<Map<number, QueueRef[]>> {
  const out = new Map<number, QueueRef[]>();
  if (connectionIds.length === 0) return out;
  const rows = await forCompany(db, companyId)
    .selectFrom("connection_queues")
    .innerJoin("queues", "queues.id", "connection_queues.queueId")
    .select(["connection_queues.connectionId", "queues.id", "queues.name", "queues.color"])
    .where("connection_queues.connectionId", "in", [...connectionIds])
    .orderBy("queues.orderQueue")
    .orderBy("queues.id")
    .execute();
  for (const r of rows) {
    const list = out.get(r.connectionId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.connectionId, list);
  }
  return out;
}

/** The media rows behind greeting attachments (by key). */
export async function mediaByKey(db: Db, companyId: number, keys: readonly (string | null)[]): Promise<Map<string, MediaRef>> {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))];
  if (wanted.length === 0) return new Map();
  const rows = await forCompany(db, companyId).selectFrom("media").select(["key", "name", "mime"]).where("key", "in", wanted).execute();
  return new Map(rows.map((r) => [r.key, r]));
}

// ---- platform (super user) ---------------------------------------------------------------------------------

/** Every company's live connections with the company name (the super user's /allConnections). */
export function listAllConnections(db: Db, companyId?: number) {
  let q = db
    .selectFrom("connections")
    .innerJoin("companies", "companies.id", "connections.companyId")
    .selectAll("connections")
    .select("companies.name as companyName")
    .where("connections.deletedAt", "is", null);
  if (companyId !== undefined) q = q.where("connections.companyId", "=", companyId);
  return q.orderBy("companies.name").orderBy("connections.companyId").orderBy("connections.name").orderBy("connections.id").execute();
}

/** Per company: live connections that are CONNECTED (active), the others (deactivated), and all. Every company is listed. */
export async function connectionSummary(db: Db) {
  const rows = await db
    .selectFrom("companies")
    .leftJoin("connections", (j) => j.onRef("connections.companyId", "=", "companies.id").on("connections.deletedAt", "is", null))
    .select((eb) => [
      "companies.id as companyId",
      "companies.name as companyName",
      eb.fn.count<number>("connections.id").as("total"),
      eb.fn.sum<number>(eb.case().when("connections.status", "=", "CONNECTED").then(1).else(0).end()).as("active"),
    ])
    .groupBy(["companies.id", "companies.name"])
    .orderBy("companies.name")
    .orderBy("companies.id")
    .execute();
  return rows.map((r) => {
    const total = Number(r.total);
    const active = Number(r.active ?? 0);
    return { companyId: r.companyId, companyName: r.companyName, active, deactivated: total - active, total };
  });
}
