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

/** The queue goes with its user and connection links and its chatbot options (their keys cascade). */
export async function deleteQueue(db: Db, companyId: number, id: number): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("user_queues").where("queueId", "=", id).execute();
  await scope.deleteFrom("connection_queues").where("queueId", "=", id).execute();
  await scope.deleteFrom("queues").where("id", "=", id).execute();
}

/** What still points at a queue and keeps it from being deleted (ERR_QUEUE_IN_USE `usedBy`). */
export type QueueUse = { kind: "connection"; id: number; name: string } | { kind: "chatbot"; id: number; name: string; queueId: number };

/**
 * A live connection that sends contacts to the queue after a wait (sendIdQueue) or files imported chats in it
 * (queueIdImportMessages), and a chatbot option of another queue that sends contacts to it. Many-to-many links (the
 * users' and connections' queue lists) do not count: they are removed with the queue.
 */
export async function queueUses(db: Db, companyId: number, queueId: number): Promise<QueueUse[]> {
  const scope = forCompany(db, companyId);
  const connections = await scope
    .selectFrom("connections")
    .select(["id", "name"])
    .where("deletedAt", "is", null)
    .where((eb) => eb.or([eb("sendIdQueue", "=", queueId), eb("queueIdImportMessages", "=", queueId)]))
    .orderBy("id")
    .execute();
  const options = await scope
    .selectFrom("chatbots")
    .select(["id", "name", "queueId"])
    .where("optQueueId", "=", queueId)
    .where("queueId", "!=", queueId)
    .orderBy("id")
    .execute();
  return [...connections.map((c) => ({ kind: "connection" as const, ...c })), ...options.map((o) => ({ kind: "chatbot" as const, ...o }))];
}

/** The users and connections that list the queue among theirs. */
export async function queueLinks(db: Db, companyId: number, queueId: number) {
  const scope = forCompany(db, companyId);
  const users = await scope.selectFrom("user_queues").select("userId").where("queueId", "=", queueId).execute();
  const connections = await scope.selectFrom("connection_queues").select("connectionId").where("queueId", "=", queueId).execute();
  return { userIds: users.map((u) => u.userId), connectionIds: connections.map((c) => c.connectionId) };
}
