/** The automation's reads and writes: the ticket's dialogue state, the connection's queues, the option tree. */
import type { Updateable } from "kysely";
import type { Db } from "../db/database";
import type { TicketsTable } from "../db/schema";
import { forCompany } from "../db/scope";

/** The ticket as the bot reads it, with its contact's bot switches. */
export function botTicket(db: Db, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .selectAll("tickets")
    .select([
      "contacts.name as contactName",
      "contacts.disableBot as contactDisableBot",
      "contacts.acceptAudioMessage as contactAcceptAudio",
      "contacts.lgpdAcceptedAt as contactLgpdAcceptedAt",
      "contacts.walletUserId as contactWalletUserId",
    ])
    .where("tickets.id", "=", ticketId)
    .where("tickets.deletedAt", "is", null)
    .where("tickets.mergedIntoId", "is", null)
    .executeTakeFirst();
}
export type BotTicket = NonNullable<Awaited<ReturnType<typeof botTicket>>>;

export function botConnection(db: Db, companyId: number, connectionId: number) {
  return forCompany(db, companyId).selectFrom("connections").selectAll().where("id", "=", connectionId).where("deletedAt", "is", null).executeTakeFirst();
}
export type BotConnection = NonNullable<Awaited<ReturnType<typeof botConnection>>>;

export function botCompany(db: Db, companyId: number) {
  return db.selectFrom("companies").select(["id", "name", "schedules"]).where("id", "=", companyId).executeTakeFirst();
}
export type BotCompany = NonNullable<Awaited<ReturnType<typeof botCompany>>>;

const QUEUE_COLUMNS = ["queues.id", "queues.name", "queues.greetingMessage", "queues.outOfHoursMessage", "queues.schedules", "queues.closeTicket"] as const;

/** The connection's queues in menu order (orderQueue, then id). */
export function connectionQueues(db: Db, companyId: number, connectionId: number) {
  return forCompany(db, companyId)
    .selectFrom("connection_queues")
    .innerJoin("queues", "queues.id", "connection_queues.queueId")
    .select(QUEUE_COLUMNS)
    .where("connection_queues.connectionId", "=", connectionId)
    .orderBy("queues.orderQueue")
    .orderBy("queues.id")
    .execute();
}
export type BotQueue = Awaited<ReturnType<typeof connectionQueues>>[number];

export function botQueue(db: Db, companyId: number, queueId: number) {
  return forCompany(db, companyId).selectFrom("queues").select(QUEUE_COLUMNS).where("queues.id", "=", queueId).executeTakeFirst();
}

/** One level of a queue's option tree (parentId null: its first level), in the editor's order. */
export function treeLevel(db: Db, companyId: number, queueId: number, parentId: number | null) {
  return forCompany(db, companyId)
    .selectFrom("chatbots")
    .selectAll()
    .where("queueId", "=", queueId)
    .where("parentId", parentId === null ? "is" : "=", parentId)
    .orderBy("order")
    .orderBy("id")
    .execute();
}
export type TreeOption = Awaited<ReturnType<typeof treeLevel>>[number];

export function treeOption(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Online members of a queue (a user online now who belongs to it). */
export function onlineMembers(db: Db, companyId: number, queueId: number) {
  return forCompany(db, companyId)
    .selectFrom("user_queues")
    .innerJoin("users", "users.id", "user_queues.userId")
    .select(["users.id", "users.name"])
    .where("user_queues.queueId", "=", queueId)
    .where("users.online", "=", 1)
    .orderBy("users.id")
    .execute();
}

/** Whether a user of the company is online now. */
export async function isOnline(db: Db, companyId: number, userId: number): Promise<boolean> {
  const row = await forCompany(db, companyId).selectFrom("users").select("online").where("id", "=", userId).executeTakeFirst();
  return row?.online === 1;
}

/** Pending tickets of the queue waiting for an agent, created before this one (its place in line is that plus one). */
export async function aheadInQueue(db: Db, companyId: number, queueId: number, ticketId: number): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("queueId", "=", queueId)
    .where("status", "=", "pending")
    .where("userId", "is", null)
    .where("deletedAt", "is", null)
    .where("id", "<", ticketId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Writes the turn's change if nobody else moved the ticket since it was read (an agent accepting it meanwhile wins:
 * the bot's answer is dropped). False when it had moved.
 */
export async function updateIfUnmoved(
  db: Db,
  companyId: number,
  read: Pick<BotTicket, "id" | "status" | "userId" | "botPromptId">,
  set: Updateable<TicketsTable>,
): Promise<boolean> {
  const res = await forCompany(db, companyId)
    .updateTable("tickets")
    // With nothing to change, the update still claims the row (a no-op write) so the guard holds.
    .set(Object.keys(set).length ? set : { botPromptId: read.botPromptId })
    .where("id", "=", read.id)
    .where("status", "=", read.status)
    .where("userId", read.userId === null ? "is" : "=", read.userId)
    .where("botPromptId", read.botPromptId === null ? "is" : "=", read.botPromptId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setTicket(db: Db, companyId: number, ticketId: number, set: Updateable<TicketsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("tickets").set(set).where("id", "=", ticketId).execute();
}

/** The contact's consent to the company's data-protection terms (LGPD), kept from its first answer. */
export async function recordLgpdConsent(db: Db, companyId: number, contactId: number, at: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("contacts")
    .set({ lgpdAcceptedAt: at, updatedAt: at })
    .where("id", "=", contactId)
    .where("lgpdAcceptedAt", "is", null)
    .execute();
}

/** The agent of the contact's latest closed ticket (other than `exceptTicketId`) who still holds it; undefined if none. */
export async function lastClosedTicketUser(db: Db, companyId: number, contactId: number, exceptTicketId: number): Promise<number | undefined> {
  const row = await forCompany(db, companyId)
    .selectFrom("tickets")
    .select("userId")
    .where("contactId", "=", contactId)
    .where("status", "=", "closed")
    .where("userId", "is not", null)
    .where("id", "<>", exceptTicketId)
    .where("mergedIntoId", "is", null)
    .orderBy("closedAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.userId ?? undefined;
}
