import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { UsersTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { containsText } from "../../db/text";

export type QueueRef = { id: number; name: string; color: string };

export function findUser(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Emails identify a login across every company, so this one check is not scoped to a company. */
export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom("users").select("id").where("email", "=", email);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Case-insensitive substring match on name or email; the term's own % and _ match literally. */
function searching(db: Db, companyId: number, search: string) {
  const q = forCompany(db, companyId).selectFrom("users");
  if (!search) return q;
  return q.where((eb) => eb.or([containsText(eb.ref("name"), search), containsText(eb.ref("email"), search)]));
}

export function listUsers(db: Db, companyId: number, search: string, page: { limit: number; offset: number }) {
  return searching(db, companyId, search).selectAll().orderBy("name").orderBy("id").limit(page.limit).offset(page.offset).execute();
}

export async function countUsers(db: Db, companyId: number, search = ""): Promise<number> {
  const row = await searching(db, companyId, search)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pickerUsers(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("users").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

/** Admins left in the company besides `exceptId`: a company must keep one. */
export async function countOtherAdmins(db: Db, companyId: number, exceptId: number): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("profile", "=", "admin")
    .where("id", "!=", exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Super users left on the platform besides `exceptId`; they may belong to any company. */
export async function countOtherSupers(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("super", "=", 1)
    .where("id", "!=", exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function queuesOfUsers(db: Db, companyId: number, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await forCompany(db, companyId)
    .selectFrom("user_queues")
    .innerJoin("queues", "queues.id", "user_queues.queueId")
    .select(["user_queues.userId", "queues.id", "queues.name", "queues.color"])
    .where("user_queues.userId", "in", userIds)
    .orderBy("queues.orderQueue")
    .orderBy("queues.id")
    .execute();
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

export function insertUser(db: Db, companyId: number, values: Omit<Insertable<UsersTable>, "companyId">) {
  return forCompany(db, companyId).insertInto("users", values).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, companyId: number, id: number, values: Updateable<UsersTable>) {
  return forCompany(db, companyId).updateTable("users").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function replaceUserQueues(db: Db, companyId: number, userId: number, queueIds: number[]): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("user_queues").where("userId", "=", userId).execute();
  for (const queueId of queueIds) await scope.insertInto("user_queues", { userId, queueId }).execute();
}

export async function deleteUser(db: Db, companyId: number, id: number): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("user_queues").where("userId", "=", id).execute();
  await scope.deleteFrom("users").where("id", "=", id).execute();
}
