import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { DB, QuickMessagesTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { containsText } from "../../db/text";

type Filter = (eb: ExpressionBuilder<DB, "quick_messages">) => Expression<SqlBool>;

function quickMessageQuery(db: Db, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("quick_messages")
    .leftJoin("media", "media.key", "quick_messages.mediaKey")
    .selectAll("quick_messages")
    .select(["media.mime as mediaMime"]);
}
export type QuickMessageRow = Awaited<ReturnType<ReturnType<typeof quickMessageQuery>["execute"]>>[number];

export function findQuickMessage(db: Db, companyId: number, id: number): Promise<QuickMessageRow | undefined> {
  return quickMessageQuery(db, companyId).where("quick_messages.id", "=", id).executeTakeFirst();
}

/** Shortcode or text containing the words typed (ASCII case ignored). */
export const textFilter =
  (text: string): Filter =>
  (eb) => {
    if (!text) return eb.and([]);
    return eb.or([containsText(eb.ref("quick_messages.shortcode"), text), containsText(eb.ref("quick_messages.message"), text)]);
  };

/** By shortcode under the filter, `limit` from `offset`. */
export function quickMessagePage(db: Db, companyId: number, filter: Filter, limit: number, offset: number): Promise<QuickMessageRow[]> {
  return quickMessageQuery(db, companyId)
    .where((eb) => filter(eb as unknown as ExpressionBuilder<DB, "quick_messages">))
    .orderBy("quick_messages.shortcode")
    .orderBy("quick_messages.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countQuickMessages(db: Db, companyId: number, filter: Filter): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("quick_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => filter(eb))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertQuickMessage(db: Db, companyId: number, values: Omit<Insertable<QuickMessagesTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("quick_messages", values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateQuickMessage(db: Db, companyId: number, id: number, values: Updateable<QuickMessagesTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("quick_messages").set(values).where("id", "=", id).execute();
}

export async function deleteQuickMessage(db: Db, companyId: number, id: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("quick_messages").where("id", "=", id).execute();
}
