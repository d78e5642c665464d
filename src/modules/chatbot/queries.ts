import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { ChatbotsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

/** Every option of a queue, siblings in their order (then id): a queue's tree is tens of rows, read whole. */
export function queueOptions(db: Db, companyId: number, queueId: number) {
  return forCompany(db, companyId).selectFrom("chatbots").selectAll().where("queueId", "=", queueId).orderBy("order").orderBy("id").execute();
}

export function findOption(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The position after the last of the siblings (0 for the first one). */
export async function nextOrder(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("chatbots")
    .select((eb) => eb.fn.max("order").as("last"))
    .where("queueId", "=", queueId)
    .where("parentId", parentId === null ? "is" : "=", parentId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function hasChildren(db: Db, companyId: number, id: number): Promise<boolean> {
  return (await forCompany(db, companyId).selectFrom("chatbots").select("id").where("parentId", "=", id).limit(1).executeTakeFirst()) !== undefined;
}

export function insertOption(db: Db, companyId: number, values: Omit<Insertable<ChatbotsTable>, "companyId">) {
  return forCompany(db, companyId).insertInto("chatbots", values).returningAll().executeTakeFirstOrThrow();
}

export function updateOption(db: Db, companyId: number, id: number, values: Updateable<ChatbotsTable>) {
  return forCompany(db, companyId).updateTable("chatbots").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes options (a subtree, root first or not: the parent key cascades to whatever is left). */
export async function deleteOptions(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  await forCompany(db, companyId)
    .deleteFrom("chatbots")
    .where("id", "in", [...ids])
    .execute();
}

/** Tickets that stood at deleted options forget them (the column has no key to clear it). */
export async function forgetTicketOptions(db: Db, companyId: number, optionIds: readonly number[]): Promise<void> {
  if (!optionIds.length) return;
  await forCompany(db, companyId)
    .updateTable("tickets")
    .set({ queueOptionId: null })
    .where("queueOptionId", "in", [...optionIds])
    .execute();
}
