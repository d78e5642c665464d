import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { QueuesTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

export function listQueues(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("queues").selectAll().orderBy("orderQueue").orderBy("id").execute();
}

export function findQueue(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("queues").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Colours are compared without case: "#FFF" and "#fff" are the same colour on screen. */
export async function colorTaken(db: Db, companyId: number, color: string, exceptId?: number): Promise<boolean> {
  let q = forCompany(db, companyId)
    .selectFrom("queues")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["color"]), "=", color.toLowerCase()));
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function countQueues(db: Db, companyId: number): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("queues")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertQueue(db: Db, companyId: number, values: Omit<Insertable<QueuesTable>, "companyId">) {
  return forCompany(db, companyId).insertInto("queues", values).returningAll().executeTakeFirstOrThrow();
}

export function updateQueue(db: Db, companyId: number, id: number, values: Updateable<QueuesTable>) {
  return forCompany(db, companyId).updateTable("queues").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteQueue(db: Db, companyId: number, id: number): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("user_queues").where("queueId", "=", id).execute();
  await scope.deleteFrom("queues").where("id", "=", id).execute();
}
