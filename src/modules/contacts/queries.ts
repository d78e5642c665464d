import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { ContactsTable, DB } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { contactTextMatch } from "../search/fts";

export type ContactFilter = (eb: ExpressionBuilder<DB, "contacts">) => Expression<SqlBool>;

/** A contact with its connection's name (what the contacts page and the drawer show). */
function contactQuery(db: Db, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("contacts")
    .leftJoin("connections", "connections.id", "contacts.whatsappId")
    .select([
      "contacts.id",
      "contacts.companyId",
      "contacts.name",
      "contacts.number",
      "contacts.email",
      "contacts.channel",
      "contacts.identity",
      "contacts.isGroup",
      "contacts.active",
      "contacts.disableBot",
      "contacts.acceptAudioMessage",
      "contacts.lgpdAcceptedAt",
      "contacts.urlPicture",
      "contacts.whatsappId",
      "contacts.walletUserId",
      "contacts.createdAt",
      "contacts.updatedAt",
      "connections.name as whatsappName",
      "connections.channel as whatsappChannel",
    ]);
}
export type ContactRow = Awaited<ReturnType<ReturnType<typeof contactQuery>["execute"]>>[number];

export function findContact(db: Db, companyId: number, id: number): Promise<ContactRow | undefined> {
  return contactQuery(db, companyId).where("contacts.id", "=", id).executeTakeFirst();
}

/** The contacts page's filters: name or number, channel, groups, and every one of the tags. */
export function contactFilter(db: Db, f: { searchParam?: string; channel?: string; isGroup?: boolean; tagIds?: readonly number[] }): ContactFilter {
  return (eb) => {
    const parts: Expression<SqlBool>[] = [];
    if (f.searchParam) parts.push(contactTextMatch(db, eb, f.searchParam));
    if (f.channel) parts.push(eb("contacts.channel", "=", f.channel));
    if (f.isGroup !== undefined) parts.push(eb("contacts.isGroup", "=", f.isGroup ? 1 : 0));
    for (const tagId of new Set(f.tagIds)) {
      parts.push(
        eb.exists(
          eb
            .selectFrom("contact_tags")
            .select("contact_tags.tagId")
            .whereRef("contact_tags.contactId", "=", "contacts.id")
            .where("contact_tags.tagId", "=", tagId),
        ),
      );
    }
    return eb.and(parts);
  };
}

/** What a ticket of the contact needs: its channel, and whether it is a group. */
export function contactChannelOf(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("contacts").select(["id", "channel", "isGroup"]).where("id", "=", id).executeTakeFirst();
}

/** Contacts by name under the filter, `limit` from `offset`. */
export function contactPage(db: Db, companyId: number, filter: ContactFilter, limit: number, offset: number): Promise<ContactRow[]> {
  return contactQuery(db, companyId)
    .where((eb) => filter(eb as unknown as ExpressionBuilder<DB, "contacts">))
    .orderBy("contacts.name")
    .orderBy("contacts.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countContacts(db: Db, companyId: number, filter: ContactFilter): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => filter(eb))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ContactTag {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/** Tags of each contact, by name. */
export async function contactTags(db: Db, companyId: number, contactIds: readonly number[]): Promise<Map<number, ContactTag[]>> {
  const out = new Map<number, ContactTag[]>();
  if (!contactIds.length) return out;
  const rows = await forCompany(db, companyId)
    .selectFrom("contact_tags")
    .innerJoin("tags", "tags.id", "contact_tags.tagId")
    .select(["contact_tags.contactId", "tags.id", "tags.name", "tags.color", "tags.kanban"])
    .where("contact_tags.contactId", "in", [...contactIds])
    .orderBy("tags.name")
    .execute();
  for (const { contactId, ...tag } of rows) out.set(contactId, [...(out.get(contactId) ?? []), tag]);
  return out;
}

export function extraInfoOf(db: Db, companyId: number, contactId: number) {
  return forCompany(db, companyId).selectFrom("contact_extra_info").select(["id", "name", "value"]).where("contactId", "=", contactId).orderBy("id").execute();
}

export async function replaceExtraInfo(
  db: Db,
  companyId: number,
  contactId: number,
  list: readonly { name: string; value: string }[],
  now: string,
): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("contact_extra_info").where("contactId", "=", contactId).execute();
  for (const { name, value } of list) await scope.insertInto("contact_extra_info", { contactId, name, value, createdAt: now, updatedAt: now }).execute();
}

/** Another contact of the company with this number on this channel. */
export async function numberTaken(db: Db, companyId: number, channel: string, number: string, exceptId?: number): Promise<boolean> {
  let q = forCompany(db, companyId).selectFrom("contacts").select("id").where("number", "=", number).where("channel", "=", channel);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertContact(db: Db, companyId: number, values: Omit<Insertable<ContactsTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("contacts", values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateContact(db: Db, companyId: number, id: number, values: Updateable<ContactsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("contacts").set(values).where("id", "=", id).execute();
}

/** Whether tickets or notes refer to the contact (their foreign keys RESTRICT its deletion). */
export async function contactHasHistory(db: Db, companyId: number, id: number): Promise<boolean> {
  const scope = forCompany(db, companyId);
  const ticket = await scope.selectFrom("tickets").select("id").where("contactId", "=", id).executeTakeFirst();
  if (ticket) return true;
  return (await scope.selectFrom("ticket_notes").select("id").where("contactId", "=", id).executeTakeFirst()) !== undefined;
}

export async function deleteContact(db: Db, companyId: number, id: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("contacts").where("id", "=", id).execute();
}

/** The first contact of the company with this number (the one a channel knows by it). */
export function contactByNumber(db: Db, companyId: number, number: string) {
  return forCompany(db, companyId)
    .selectFrom("contacts")
    .select(["id", "channel", "identity", "number", "whatsappId", "isGroup"])
    .where("number", "=", number)
    .orderBy("id")
    .executeTakeFirst();
}

/** Live connections of the contact's channel to fetch its picture through: its own first, then the default, then the others. */
export async function pictureConnectionIds(db: Db, companyId: number, contact: { channel: string; whatsappId: number | null }): Promise<number[]> {
  const rows = await forCompany(db, companyId)
    .selectFrom("connections")
    .select("id")
    .where("channel", "=", contact.channel)
    .where("deletedAt", "is", null)
    .orderBy((eb) =>
      eb
        .case()
        .when("id", "=", contact.whatsappId ?? 0)
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy("isDefault", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}
