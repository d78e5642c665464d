import { type CompiledQuery, type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { forCompany } from "../../db/scope";
import type { ContactFilter } from "../contacts/queries";

/** Where the previous page ended: the list's order is name, then id. */
export interface ExportCursor {
  name: string;
  id: number;
}

/**
 * One page of the contacts list as the export writes it (the list's filter and order), after `cursor`: the contact,
 * its connection's name and its tag names. Compiled, to run on the read pool.
 */
export function exportPage(db: Db, companyId: number, filter: ContactFilter, cursor: ExportCursor | undefined, limit: number) {
  let q = forCompany(db, companyId)
    .selectFrom("contacts")
    .leftJoin("connections", "connections.id", "contacts.whatsappId")
    .select((eb) => [
      "contacts.id",
      "contacts.name",
      "contacts.number",
      "contacts.email",
      "contacts.channel",
      "contacts.isGroup",
      "contacts.active",
      "contacts.createdAt",
      "connections.name as connection",
      eb
        .selectFrom("contact_tags")
        .innerJoin("tags", "tags.id", "contact_tags.tagId")
        .select(sql<string | null>`string_agg(${sql.ref("tags.name")}, ', ')`.as("names"))
        .whereRef("contact_tags.contactId", "=", "contacts.id")
        .as("tags"),
    ])
    .where((eb) => filter(eb as unknown as ExpressionBuilder<DB, "contacts">));
  if (cursor) q = q.where((eb) => eb(eb.refTuple("contacts.name", "contacts.id"), ">", eb.tuple(cursor.name, cursor.id)));
  return q.orderBy("contacts.name").orderBy("contacts.id").limit(limit).compile();
}
export type ExportRow = ReturnType<typeof exportPage> extends CompiledQuery<infer R> ? R : never;
