/** The automation's reads and writes: the ticket's dialogue state, the connection's queues, the option tree. */
import type { Updateable } from "kysely";
import type { Db } from "../db/database";
import type { TicketStatus, TicketsTable } from "../db/schema";
import { compiledOnce } from "../db/compiled";
import { forCompany } from "../db/scope";

// A contact's message to the bot reads its ticket, connection, company and queues and writes the turn: those
// statements are compiled once (src/db/compiled.ts), as Kysely building them anew cost more than running them.

const ticketForBot = compiledOnce((db, a: { companyId: number; ticketId: number }) =>
  forCompany(db, a.companyId)
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
    .where("tickets.id", "=", a.ticketId)
    .where("tickets.deletedAt", "is", null)
    .where("tickets.mergedIntoId", "is", null),
);

/** The ticket as the bot reads it, with its contact's bot switches. */
export function botTicket(db: Db, companyId: number, ticketId: number) {
  return ticketForBot.first(db, { companyId, ticketId });
}
export type BotTicket = NonNullable<Awaited<ReturnType<typeof botTicket>>>;

const connectionForBot = compiledOnce((db, a: { companyId: number; connectionId: number }) =>
  forCompany(db, a.companyId).selectFrom("connections").selectAll().where("id", "=", a.connectionId).where("deletedAt", "is", null),
);

export function botConnection(db: Db, companyId: number, connectionId: number) {
  return connectionForBot.first(db, { companyId, connectionId });
}
export type BotConnection = NonNullable<Awaited<ReturnType<typeof botConnection>>>;

const companyForBot = compiledOnce((db, a: { companyId: number }) =>
  db.selectFrom("companies").select(["id", "name", "schedules"]).where("id", "=", a.companyId),
);

export function botCompany(db: Db, companyId: number) {
  return companyForBot.first(db, { companyId });
}
export type BotCompany = NonNullable<Awaited<ReturnType<typeof botCompany>>>;

const QUEUE_COLUMNS = ["queues.id", "queues.name", "queues.greetingMessage", "queues.outOfHoursMessage", "queues.schedules", "queues.closeTicket"] as const;

const queuesOfConnection = compiledOnce((db, a: { companyId: number; connectionId: number }) =>
  forCompany(db, a.companyId)
    .selectFrom("connection_queues")
    .innerJoin("queues", "queues.id", "connection_queues.queueId")
    .select(QUEUE_COLUMNS)
    .where("connection_queues.connectionId", "=", a.connectionId)
    .orderBy("queues.orderQueue")
    .orderBy("queues.id"),
);

/** The connection's queues in menu order (orderQueue, then id). */
export function connectionQueues(db: Db, companyId: number, connectionId: number) {
  return queuesOfConnection(db, { companyId, connectionId });
}
export type BotQueue = Awaited<ReturnType<typeof connectionQueues>>[number];

const queueForBot = compiledOnce((db, a: { companyId: number; queueId: number }) =>
  forCompany(db, a.companyId).selectFrom("queues").select(QUEUE_COLUMNS).where("queues.id", "=", a.queueId),
);

export function botQueue(db: Db, companyId: number, queueId: number) {
  return queueForBot.first(db, { companyId, queueId });
}

const optionsAt = compiledOnce((db, a: { companyId: number; queueId: number; parentId: number | null }) =>
  forCompany(db, a.companyId)
    .selectFrom("chatbots")
    .selectAll()
    .where("queueId", "=", a.queueId)
    .where("parentId", a.parentId === null ? "is" : "=", a.parentId)
    .orderBy("order")
    .orderBy("id"),
);

/** One level of a queue's option tree (parentId null: its first level), in the editor's order. */
export function treeLevel(db: Db, companyId: number, queueId: number, parentId: number | null) {
  return optionsAt(db, { companyId, queueId, parentId });
}
export type TreeOption = Awaited<ReturnType<typeof treeLevel>>[number];

const optionById = compiledOnce((db, a: { companyId: number; id: number }) =>
  forCompany(db, a.companyId).selectFrom("chatbots").selectAll().where("id", "=", a.id),
);

export function treeOption(db: Db, companyId: number, id: number) {
  return optionById.first(db, { companyId, id });
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
  // With nothing to change, the update still claims the row (a no-op write) so the guard holds.
  const change = Object.keys(set).length ? set : { botPromptId: read.botPromptId };
  const res = await unmovedUpdate.result(db, { companyId, id: read.id, status: read.status, userId: read.userId, botPromptId: read.botPromptId, set: change });
  return Number(res.numAffectedRows) === 1;
}

type TicketChange = { readonly [K in keyof Updateable<TicketsTable>]: number | string | null | undefined };

const unmovedUpdate = compiledOnce(
  (db, a: { companyId: number; id: number; status: string; userId: number | null; botPromptId: number | null; set: TicketChange }) =>
    forCompany(db, a.companyId)
      .updateTable("tickets")
      .set(a.set as Updateable<TicketsTable>)
      .where("id", "=", a.id)
      .where("status", "=", a.status as TicketStatus)
      .where("userId", a.userId === null ? "is" : "=", a.userId)
      .where("botPromptId", a.botPromptId === null ? "is" : "=", a.botPromptId)
      .where("deletedAt", "is", null),
);

const ticketSet = compiledOnce((db, a: { companyId: number; ticketId: number; set: TicketChange }) =>
  forCompany(db, a.companyId)
    .updateTable("tickets")
    .set(a.set as Updateable<TicketsTable>)
    .where("id", "=", a.ticketId),
);

export async function setTicket(db: Db, companyId: number, ticketId: number, set: Updateable<TicketsTable>): Promise<void> {
  await ticketSet(db, { companyId, ticketId, set: set as TicketChange });
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
