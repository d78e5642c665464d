import type { ExpressionBuilder, Insertable, Updateable } from "kysely";
import { compiledOnce, compiledOnceForIds } from "../../db/compiled";
import type { Db } from "../../db/database";
import type { DB, TicketStatus, TicketsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { liveTickets } from "./list-queries";
import { type TicketLogEntry, trackTicketLog } from "./tracking-queries";

type Executor = Db;

/** The queue ids of a user (visibility input). */
export async function userQueueIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await queuesOfUser(db, { userId });
  return rows.map((r) => r.queueId);
}
const queuesOfUser = compiledOnce((db, a: { userId: number }) => db.selectFrom("user_queues").select("queueId").where("userId", "=", a.userId));

/** How many queues the company has (a list filter naming all of them filters nothing). */
export async function companyQueueCount(db: Executor, companyId: number): Promise<number> {
  const [row] = await queueCount(db, { companyId });
  return Number(row?.n ?? 0);
}
const queueCount = compiledOnce((db, a: { companyId: number }) =>
  forCompany(db, a.companyId)
    .selectFrom("queues")
    .select((eb) => eb.fn.countAll<number>().as("n")),
);

/** A live ticket of the company by id or uuid, with the columns canSeeTicket and the transitions need (every ticket route). */
export function findTicketCore(db: Executor, companyId: number, by: { id: number } | { uuid: string }) {
  return ticketCore.first(db, { companyId, by });
}
const ticketCore = compiledOnce((db, a: { companyId: number; by: { id: number } | { uuid: string } }) => {
  const q = forCompany(db, a.companyId)
    .selectFrom("tickets")
    .select([
      "id",
      "uuid",
      "companyId",
      "status",
      "userId",
      "queueId",
      "isGroup",
      "contactId",
      "whatsappId",
      "unreadMessages",
      "channel",
      "amountUsedBotQueues",
      "initiatedBy",
    ])
    .where("deletedAt", "is", null);
  return "id" in a.by ? q.where("id", "=", a.by.id) : q.where("uuid", "=", a.by.uuid);
});
export type TicketCore = NonNullable<Awaited<ReturnType<typeof findTicketCore>>>;

/**
 * Writes `set` only if the live ticket still has the status and user it was read with (a concurrent change wins);
 * answers whether it did.
 */
export async function updateTicketIfUnchanged(
  db: Executor,
  companyId: number,
  ticket: Pick<TicketCore, "id" | "status" | "userId">,
  set: Updateable<TicketsTable>,
): Promise<boolean> {
  const res = await forCompany(db, companyId)
    .updateTable("tickets")
    .set(set)
    .where("id", "=", ticket.id)
    .where("status", "=", ticket.status)
    .where("userId", ticket.userId === null ? "is" : "=", ticket.userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertTicket(db: Executor, companyId: number, values: Omit<Insertable<TicketsTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("tickets", values).returning("id").executeTakeFirstOrThrow()).id;
}

/** Deletes a live ticket the way DELETE /api/tickets/:id does (kept, closed, out of every list); answers whether it was live. */
export async function softDeleteTicket(db: Executor, companyId: number, ticketId: number, nowIso: string): Promise<boolean> {
  const res = await forCompany(db, companyId)
    .updateTable("tickets")
    .set((eb) => ({ deletedAt: nowIso, status: "closed", closedAt: eb.fn.coalesce("closedAt", eb.val(nowIso)) }))
    .where("id", "=", ticketId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Live tickets of a status in the chosen queues (null: without a queue; none chosen: every queue). */
export function liveTicketsInQueues(db: Executor, companyId: number, status: TicketStatus, chosen: readonly (number | null)[]) {
  const queueIds = chosen.filter((v): v is number => v !== null);
  const noQueue = chosen.some((v) => v === null);
  let q = liveTickets(db, companyId).select(["tickets.id", "tickets.queueId"]).where("tickets.status", "=", status);
  if (chosen.length) {
    q = q.where((eb) => {
      const inQueues = queueIds.length ? [eb("tickets.queueId", "in", queueIds)] : [];
      return eb.or(noQueue ? [...inQueues, eb("tickets.queueId", "is", null)] : inQueues);
    });
  }
  return q.execute();
}

export async function closeTickets(db: Executor, companyId: number, ids: readonly number[], nowIso: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("tickets")
    .set({ status: "closed", closedAt: nowIso, updatedAt: nowIso })
    .where("id", "in", [...ids])
    .execute();
}

/** The open and group tickets a user holds. */
export function ticketsHeldBy(db: Executor, companyId: number, userId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["id", "status", "queueId", "isGroup"])
    .where("userId", "=", userId)
    .where("status", "in", ["open", "group"])
    .where("deletedAt", "is", null)
    .execute();
}

/** The tickets of a queue that are not closed (pending, open, group, waiting for LGPD consent or a rating). */
export function liveTicketsOfQueue(db: Executor, companyId: number, queueId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["id", "status", "userId", "queueId", "isGroup"])
    .where("queueId", "=", queueId)
    .where("status", "!=", "closed")
    .where("deletedAt", "is", null)
    .orderBy("id")
    .execute();
}

/** The user's own default connection when it is still live. */
export async function userLiveConnectionId(db: Executor, companyId: number, userId: number): Promise<number | undefined> {
  const row = await forCompany(db, companyId)
    .selectFrom("users")
    .innerJoin("connections", "connections.id", "users.whatsappId")
    .select("connections.id")
    .where("users.id", "=", userId)
    .where("connections.companyId", "=", companyId)
    .where("connections.deletedAt", "is", null)
    .executeTakeFirst();
  return row?.id;
}

export async function updateTicket(db: Executor, companyId: number, ticketId: number, set: Updateable<TicketsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("tickets").set(set).where("id", "=", ticketId).execute();
}

/**
 * The contact's live ticket on the connection that is not closed (the one tickets_one_live allows), with who holds it
 * and in which queue.
 */
export async function findLiveTicket(db: Executor, companyId: number, contactId: number, whatsappId: number | null, exceptId?: number) {
  let q = liveTickets(db, companyId)
    .leftJoin("users", "users.id", "tickets.userId")
    .leftJoin("queues", "queues.id", "tickets.queueId")
    .select(["tickets.id", "tickets.uuid", "tickets.status", "tickets.userId", "tickets.queueId", "users.name as userName", "queues.name as queueName"])
    .where("tickets.contactId", "=", contactId)
    .where("tickets.whatsappId", whatsappId === null ? "is" : "=", whatsappId)
    .where("tickets.status", "<>", "closed");
  if (exceptId !== undefined) q = q.where("tickets.id", "<>", exceptId);
  return q.executeTakeFirst();
}
export type LiveTicket = NonNullable<Awaited<ReturnType<typeof findLiveTicket>>>;

/** Live tickets with what a list item shows (contact, queue, user, connection); tags are read separately. */
export function ticketViewQuery(db: Executor, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .where("tickets.deletedAt", "is", null)
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .leftJoin("queues", "queues.id", "tickets.queueId")
    .leftJoin("users", "users.id", "tickets.userId")
    .leftJoin("connections", "connections.id", "tickets.whatsappId")
    .select([
      "tickets.id",
      "tickets.uuid",
      "tickets.companyId",
      "tickets.status",
      "tickets.queueId",
      "tickets.userId",
      "tickets.contactId",
      "tickets.whatsappId",
      "tickets.channel",
      "tickets.isGroup",
      "tickets.isBot",
      "tickets.lastMessage",
      "tickets.unreadMessages",
      "tickets.useIntegration",
      "tickets.integrationId",
      "tickets.promptId",
      "tickets.isTransfered",
      "tickets.amountUsedBotQueues",
      "tickets.createdAt",
      "tickets.updatedAt",
      ...(["tickets.firstQueuedAt", "tickets.firstAcceptedAt", "tickets.firstResponseAt", "tickets.lastClosedAt"] as const),
      "contacts.name as contactName",
      "contacts.number as contactNumber",
      "contacts.email as contactEmail",
      "contacts.urlPicture as contactUrlPicture",
      "contacts.isGroup as contactIsGroup",
      "contacts.channel as contactChannel",
      "contacts.active as contactActive",
      "contacts.disableBot as contactDisableBot",
      "queues.name as queueName",
      "queues.color as queueColor",
      "users.name as userName",
      "users.color as userColor",
      "connections.name as whatsappName",
      "connections.channel as whatsappChannel",
      "connections.status as whatsappStatus",
      "connections.groupAsTicket as whatsappGroupAsTicket",
      "connections.deletedAt as whatsappDeletedAt",
      (eb) => latestRating(eb).as("ratingRate"),
    ]);
}

/** The contact's latest rating of the ticket, on the ticket_ratings_ticket index (companyId, ticketId, id). */
export function latestRating<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB | "tickets">) {
  // The cast only narrows the builder's type: TypeScript cannot resolve column names on a builder whose tables are a
  // type parameter; the query needs nothing but `tickets` in scope, which the signature asks for.
  return (eb as unknown as ExpressionBuilder<DB, "tickets">)
    .selectFrom("ticket_ratings")
    .select("ticket_ratings.rate")
    .whereRef("ticket_ratings.companyId", "=", "tickets.companyId")
    .whereRef("ticket_ratings.ticketId", "=", "tickets.id")
    .orderBy("ticket_ratings.id", "desc")
    .limit(1);
}
export type TicketViewRow = Awaited<ReturnType<ReturnType<typeof ticketViewQuery>["execute"]>>[number];

/** The live ticket's view with what its automatic texts (farewell, greetings, transfer message) are chosen and filled from. */
export function ticketTextContext(db: Executor, companyId: number, ticketId: number) {
  return ticketViewQuery(db, companyId)
    .innerJoin("companies", "companies.id", "tickets.companyId")
    .select(["users.farewellMessage", "connections.complationMessage", "companies.name as companyName"])
    .where("tickets.id", "=", ticketId)
    .executeTakeFirst();
}

/** The contact's 0-10 answer to the ticket's rating question. */
export async function insertTicketRating(
  db: Executor,
  companyId: number,
  values: { ticketId: number; userId: number | null; rate: number; createdAt: string },
): Promise<void> {
  await forCompany(db, companyId).insertInto("ticket_ratings", values).execute();
}

export async function userFarewellMessage(db: Executor, companyId: number, userId: number): Promise<string | null> {
  const row = await forCompany(db, companyId).selectFrom("users").select("farewellMessage").where("id", "=", userId).executeTakeFirst();
  return row?.farewellMessage ?? null;
}

/**
 * Live tickets by id with what a list item shows. Building the view query (37 columns, 4 joins) costs more than
 * running it for a page of 40; its SQL depends only on how many ids it names, so it is compiled once per count.
 */
export async function ticketViewRows(db: Executor, companyId: number, ids: readonly number[]): Promise<TicketViewRow[]> {
  if (!ids.length) return [];
  return ticketViewsByIds(db, { companyId, ids });
}
const ticketViewsByIds = compiledOnceForIds(
  (db, a: { companyId: number; ids: readonly number[] }) => ticketViewQuery(db, a.companyId).where("tickets.id", "in", a.ids),
  (a) => a.ids,
);

/** The tags of some tickets of the company, by name (the tickets report compiles it for the read pool). */
export function tagsOf(db: Executor, a: { companyId: number; ticketIds: readonly number[] }) {
  return forCompany(db, a.companyId)
    .selectFrom("ticket_tags")
    .innerJoin("tags", "tags.id", "ticket_tags.tagId")
    .select(["ticket_tags.ticketId", "tags.id", "tags.name", "tags.color", "tags.kanban", "ticket_tags.createdAt as addedAt"])
    .where("ticket_tags.ticketId", "in", a.ticketIds)
    .orderBy("tags.name");
}
const compiledTagsOf = compiledOnceForIds(tagsOf, (a) => a.ticketIds);

/** Tags of each ticket (a page's are read with a query compiled once per page size). */
export async function ticketTags(db: Executor, companyId: number, ticketIds: readonly number[]) {
  const out = new Map<number, { id: number; name: string; color: string; kanban: number; addedAt: string | null }[]>();
  if (!ticketIds.length) return out;
  const rows = await compiledTagsOf(db, { companyId, ticketIds });
  for (const r of rows) {
    const list = out.get(r.ticketId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, kanban: r.kanban, addedAt: r.addedAt });
    out.set(r.ticketId, list);
  }
  return out;
}

export function tagKind(db: Executor, companyId: number, tagId: number) {
  return forCompany(db, companyId).selectFrom("tags").select(["id", "kanban"]).where("id", "=", tagId).executeTakeFirst();
}

/** Takes the ticket out of every kanban lane but `laneId` (a ticket is in one lane at most). */
export async function removeOtherLanes(db: Executor, companyId: number, ticketId: number, laneId: number): Promise<void> {
  const s = forCompany(db, companyId);
  await s
    .deleteFrom("ticket_tags")
    .where("ticketId", "=", ticketId)
    .where("tagId", "<>", laneId)
    .where("tagId", "in", s.selectFrom("tags").select("tags.id").where("tags.kanban", "=", 1))
    .execute();
}

/** Puts the tag on the ticket, stamped with `at`; a tag already there keeps its first stamp (a lane: when the ticket entered it). */
export async function addTicketTag(db: Executor, companyId: number, ticketId: number, tagId: number, at: string): Promise<void> {
  await forCompany(db, companyId)
    .insertInto("ticket_tags", { ticketId, tagId, createdAt: at })
    .onConflict((oc) => oc.columns(["ticketId", "tagId"]).doNothing())
    .execute();
}

export async function clearTicketTags(db: Executor, companyId: number, ticketId: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("ticket_tags").where("ticketId", "=", ticketId).execute();
}

/**
 * One entry of the ticket's timeline: what happened to it (created, accepted, transferred, closed…), by whom, in which
 * queue; the ticket's figures (tracking-queries.ts) move with it.
 */
export async function addTicketLog(db: Executor, companyId: number, entry: TicketLogEntry) {
  await logInserted(db, { companyId, entry });
  await trackTicketLog(db, companyId, entry);
}
const logInserted = compiledOnce((db, a: { companyId: number; entry: TicketLogEntry }) => forCompany(db, a.companyId).insertInto("ticket_logs", a.entry));

/** The ticket's timeline, oldest first, with who and which queue. */
export function ticketLogs(db: Executor, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("ticket_logs")
    .leftJoin("users", "users.id", "ticket_logs.userId")
    .leftJoin("queues", "queues.id", "ticket_logs.queueId")
    .select([
      "ticket_logs.id",
      "ticket_logs.type",
      "ticket_logs.userId",
      "ticket_logs.queueId",
      "ticket_logs.createdAt",
      "users.name as userName",
      "queues.name as queueName",
      "queues.color as queueColor",
    ])
    .where("ticket_logs.ticketId", "=", ticketId)
    .orderBy("ticket_logs.id")
    .execute();
}

/** The latest log entry of a ticket (the access log is written once per visit, not once per page load). */
export function lastTicketLog(db: Executor, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("ticket_logs")
    .select(["type", "userId"])
    .where("ticketId", "=", ticketId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function contactHasTags(db: Executor, companyId: number, contactId: number): Promise<boolean> {
  const row = await forCompany(db, companyId).selectFrom("contact_tags").select("tagId").where("contactId", "=", contactId).limit(1).executeTakeFirst();
  return row !== undefined;
}
