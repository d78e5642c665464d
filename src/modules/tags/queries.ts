import { type Expression, type ExpressionBuilder, type Insertable, type SelectQueryBuilder, sql, type SqlBool, type Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { DB, TagsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { containsText } from "../../db/text";

/** Tags with the number of contacts carrying each (the tags page's column). */
function tagQuery(db: Db, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("tags")
    .selectAll("tags")
    .select((eb) => eb.selectFrom("contact_tags").select(eb.fn.countAll<number>().as("n")).whereRef("contact_tags.tagId", "=", "tags.id").as("contactsCount"));
}
export type TagRow = Awaited<ReturnType<ReturnType<typeof tagQuery>["execute"]>>[number];

export function findTag(db: Db, companyId: number, id: number): Promise<TagRow | undefined> {
  return tagQuery(db, companyId).where("tags.id", "=", id).executeTakeFirst();
}

/** The tags page's filters: part of the name (ASCII case ignored), the kind, one tag. */
function tagFilter(f: { searchParam: string; kanban?: number; tagId?: number }) {
  return (eb: ExpressionBuilder<DB, "tags">): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (f.searchParam) parts.push(containsText(eb.ref("tags.name"), f.searchParam));
    if (f.kanban !== undefined) parts.push(eb("tags.kanban", "=", f.kanban));
    if (f.tagId !== undefined) parts.push(eb("tags.id", "=", f.tagId));
    return eb.and(parts);
  };
}

/** Lanes in their order (lowest first, lanes without one after them); contact tags, and both kinds together, by name. */
function byKind<O>(q: SelectQueryBuilder<DB, "tags", O>, kanban: number | undefined): SelectQueryBuilder<DB, "tags", O> {
  const ordered = kanban === 1 ? q.orderBy(sql`tags."laneOrder" is null`).orderBy("tags.laneOrder") : q;
  return ordered.orderBy("tags.name").orderBy("tags.id");
}

/** A page by name (lanes in their order), with the count under the same filter. */
export async function listTagPage(db: Db, companyId: number, f: { searchParam: string; kanban?: number; tagId?: number }, limit: number, offset: number) {
  const filter = tagFilter(f);
  const [rows, total] = await Promise.all([
    byKind(
      tagQuery(db, companyId).where((eb) => filter(eb as unknown as ExpressionBuilder<DB, "tags">)),
      f.kanban,
    )
      .limit(limit)
      .offset(offset)
      .execute(),
    forCompany(db, companyId)
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => filter(eb))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** Every tag of one kind (pickers), by name; lanes in their order. */
export function tagsOfKind(db: Db, companyId: number, kanban: number | undefined) {
  let q = forCompany(db, companyId).selectFrom("tags").select(["tags.id", "tags.name", "tags.color", "tags.kanban"]);
  if (kanban !== undefined) q = q.where("tags.kanban", "=", kanban);
  return byKind(q, kanban).execute();
}

/** Which of these ids are contact tags (kanban 0) of the company. */
export async function contactTagIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await forCompany(db, companyId)
    .selectFrom("tags")
    .select("id")
    .where("id", "in", [...ids])
    .where("kanban", "=", 0)
    .execute();
  return rows.map((r) => r.id);
}

/** A tag of this kind whose name is the same ignoring case. */
export function tagNamed(db: Db, companyId: number, name: string, kanban: number, exceptId?: number) {
  let q = forCompany(db, companyId)
    .selectFrom("tags")
    .select(["id", "name"])
    .where("kanban", "=", kanban)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return q.executeTakeFirst();
}

export async function insertTag(db: Db, companyId: number, values: Omit<Insertable<TagsTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("tags", values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateTag(db: Db, companyId: number, id: number, values: Updateable<TagsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("tags").set(values).where("id", "=", id).execute();
}

/** Live tickets carrying the tag (their lists show it), read before the tag goes. */
export async function liveTicketsWithTag(db: Db, companyId: number, tagId: number): Promise<number[]> {
  const rows = await forCompany(db, companyId)
    .selectFrom("ticket_tags")
    .innerJoin("tickets", "tickets.id", "ticket_tags.ticketId")
    .select("tickets.id")
    .where("ticket_tags.tagId", "=", tagId)
    .where("tickets.status", "!=", "closed")
    .execute();
  return rows.map((r) => r.id);
}

/** Whether any ticket, open or closed, carries the tag. */
export async function tagOnTickets(db: Db, companyId: number, tagId: number): Promise<boolean> {
  return !!(await forCompany(db, companyId).selectFrom("ticket_tags").select("ticketId").where("tagId", "=", tagId).limit(1).executeTakeFirst());
}

export async function contactsWithTag(db: Db, companyId: number, tagId: number): Promise<number[]> {
  return (await forCompany(db, companyId).selectFrom("contact_tags").select("contactId").where("tagId", "=", tagId).execute()).map((r) => r.contactId);
}

/** Removes the tag; its links to contacts and tickets go with it (they mean nothing without it). */
export async function deleteTag(db: Db, companyId: number, id: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("tags").where("id", "=", id).execute();
}

export async function setContactTags(db: Db, companyId: number, contactId: number, tagIds: readonly number[]): Promise<void> {
  const scope = forCompany(db, companyId);
  await scope.deleteFrom("contact_tags").where("contactId", "=", contactId).execute();
  for (const tagId of new Set(tagIds)) await scope.insertInto("contact_tags", { contactId, tagId }).execute();
}

export async function unlinkContactTag(db: Db, companyId: number, tagId: number, contactId: number): Promise<boolean> {
  const r = await forCompany(db, companyId).deleteFrom("contact_tags").where("tagId", "=", tagId).where("contactId", "=", contactId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
