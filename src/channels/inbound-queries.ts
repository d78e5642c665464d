/**
 * The inbound pipeline's SQL (inbound.ts). Every read and write names the connection's company, or a row found
 * through it (a message by its connection and externalId, a ticket or contact by the id just read), so a channel
 * event only ever touches its own company's rows.
 */
import { BOT_RESET } from "../automation/state";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Connection, ContactsTable, DB, TicketStatus } from "../db/schema";
import { compiledOnce } from "../db/compiled";
import { forCompany } from "../db/scope";
import type { ConnectionRef } from "./inbound";

type Db = Kysely<DB>;

// The reads and writes every live message makes are compiled once (src/db/compiled.ts): Kysely building them anew
// cost more than SQLite takes to run them (bench/inbound.ts).

const connectionRow = compiledOnce((db, a: { companyId: number; id: number }) =>
  forCompany(db, a.companyId).selectFrom("connections").selectAll().where("id", "=", a.id).where("deletedAt", "is", null),
);

/** The live (not deleted) connection row a reference names. */
export function liveConnection(db: Db, ref: ConnectionRef): Promise<Connection | undefined> {
  return connectionRow.first(db, { companyId: ref.companyId, id: ref.id });
}

// ---------------------------------------------------------------------------------------------------------------
// Contacts

/** Contacts of the connection's company on its channel, with the columns the pipeline reads. */
function channelContacts(db: Db, conn: Pick<ConnectionRef, "companyId" | "channel">) {
  return forCompany(db, conn.companyId)
    .selectFrom("contacts")
    .select(["id", "name", "number", "identity", "urlPicture", "isGroup", "email"])
    .where("channel", "=", conn.channel);
}

const contactByIdentity = compiledOnce((db, a: { companyId: number; channel: string; chatId: string }) =>
  channelContacts(db, a).where("identity", "=", a.chatId),
);

/** The contact a chat id names on the connection's channel (a channel identity is unique per company and channel). */
export function contactOfChat(db: Db, conn: ConnectionRef, chatId: string) {
  return contactByIdentity.first(db, { companyId: conn.companyId, channel: conn.channel, chatId });
}

/** The oldest contact added by hand with this number on the channel: no channel identity yet, not a group. */
export function handAddedContact(db: Db, conn: ConnectionRef, number: string) {
  return channelContacts(db, conn).where("number", "=", number).where("identity", "is", null).where("isGroup", "=", 0).orderBy("id").executeTakeFirst();
}

export async function insertContact(db: Db, values: Insertable<ContactsTable>): Promise<{ id: number; name: string }> {
  return db.insertInto("contacts").values(values).returning(["id", "name"]).executeTakeFirstOrThrow();
}

export async function updateContact(
  db: Db,
  companyId: number,
  contactId: number,
  set: { identity?: string; name?: string; urlPicture?: string; number?: string; updatedAt: string },
): Promise<void> {
  await forCompany(db, companyId).updateTable("contacts").set(set).where("id", "=", contactId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets

/** The contact's tickets on the connection. */
function ticketsOf(db: Db, conn: Pick<Connection, "id" | "companyId">, contactId: number) {
  return forCompany(db, conn.companyId)
    .selectFrom("tickets")
    .select(["id", "queueId", "status", "updatedAt", "botStage", "sendInactiveMessage"])
    .where("whatsappId", "=", conn.id)
    .where("contactId", "=", contactId);
}

/** The queue a new ticket of the connection starts in: its only linked queue; none when it has several or none. */
export async function soleQueueOf(db: Db, conn: Connection): Promise<number | null> {
  const rows = await forCompany(db, conn.companyId).selectFrom("connection_queues").select("queueId").where("connectionId", "=", conn.id).limit(2).execute();
  return rows.length === 1 ? rows[0]!.queueId : null;
}

// A literal, not a parameter: SQLite can only use the partial "live ticket" index when it sees the constant.
const liveTicket = compiledOnce((db, a: { companyId: number; connectionId: number; contactId: number }) =>
  ticketsOf(db, { id: a.connectionId, companyId: a.companyId }, a.contactId).where("status", "<>", sql.lit("closed")),
);

/** The contact's live (not closed) ticket on the connection. */
export function liveTicketOf(db: Db, conn: Connection, contactId: number) {
  return liveTicket.first(db, { companyId: conn.companyId, connectionId: conn.id, contactId });
}

/** The contact's most recently active ticket on the connection, leaving out tickets emptied by a contact merge. */
export function latestTicketOf(db: Db, conn: Connection, contactId: number) {
  return ticketsOf(db, conn, contactId).where("mergedIntoId", "is", null).orderBy("updatedAt", "desc").orderBy("id", "desc").executeTakeFirst();
}

/** A closed ticket back to the queue: no agent, no closing time, a new dialogue with the bot. */
export async function reopenTicket(db: Db, companyId: number, ticketId: number, status: TicketStatus, nowIso: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("tickets")
    .set({ status, userId: null, closedAt: null, updatedAt: nowIso, ...BOT_RESET })
    .where("id", "=", ticketId)
    .execute();
}

const bumped = compiledOnce((db, a: { companyId: number; ticketId: number; lastMessage: string; nowIso: string; fromMe: boolean }) =>
  forCompany(db, a.companyId)
    .updateTable("tickets")
    .set((eb) => ({ lastMessage: a.lastMessage, updatedAt: a.nowIso, unreadMessages: a.fromMe ? 0 : eb("unreadMessages", "+", 1) }))
    .where("id", "=", a.ticketId),
);

/** A live message on the ticket: its last message, its activity time, and one more unread unless it is our own. */
export async function bumpTicket(db: Db, companyId: number, ticketId: number, set: { lastMessage: string; nowIso: string; fromMe: boolean }): Promise<void> {
  await bumped(db, { companyId, ticketId, ...set });
}

/** An imported message is the ticket's last only if nothing newer is: history never moves a ticket back in time. */
export async function bumpTicketFromHistory(db: Db, companyId: number, ticketId: number, lastMessage: string, at: string): Promise<void> {
  await forCompany(db, companyId).updateTable("tickets").set({ lastMessage, updatedAt: at }).where("id", "=", ticketId).where("updatedAt", "<=", at).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

const messageByExternal = compiledOnce((db, a: { connectionId: number; externalId: string }) =>
  db
    .selectFrom("messages")
    .select(["id", "ticketId", "contactId", "isDeleted"])
    .where("connectionId", "=", a.connectionId)
    .where("externalId", "=", a.externalId),
);

/** A message of the connection by the channel's id for it (unique per connection). */
export function messageByExternalId(db: Db, connectionId: number, externalId: string) {
  return messageByExternal.first(db, { connectionId, externalId });
}

export async function markEdited(db: Db, companyId: number, messageId: number, body: string, nowIso: string): Promise<void> {
  await forCompany(db, companyId).updateTable("messages").set({ body, isEdited: 1, updatedAt: nowIso }).where("id", "=", messageId).execute();
}

export async function markRevoked(db: Db, companyId: number, messageId: number, nowIso: string): Promise<void> {
  await forCompany(db, companyId).updateTable("messages").set({ isDeleted: 1, updatedAt: nowIso }).where("id", "=", messageId).execute();
}

/** What an ack is checked against: the message's ack so far and whether it is one of our sends. */
export function messageForAck(db: Db, conn: ConnectionRef, externalId: string) {
  return forCompany(db, conn.companyId)
    .selectFrom("messages")
    .select(["id", "ticketId", "ack", "sendStatus", "fromMe"])
    .where("connectionId", "=", conn.id)
    .where("externalId", "=", externalId)
    .executeTakeFirst();
}

/** The channel reported that our send did not go through after all. */
export async function failSend(db: Db, companyId: number, messageId: number, error: { code: string; message: string }, nowIso: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("messages")
    .set({ sendStatus: "failed", errorCode: error.code, errorMessage: error.message, updatedAt: nowIso })
    .where("id", "=", messageId)
    .execute();
}

/** Acks only move forward. */
export async function raiseAck(db: Db, companyId: number, messageId: number, ack: number, nowIso: string): Promise<void> {
  await forCompany(db, companyId).updateTable("messages").set({ ack, updatedAt: nowIso }).where("id", "=", messageId).where("ack", "<", ack).execute();
}

/** A message whose file is still being downloaded (inbound-media.ts): what the download needs to finish it. */
export function messageAwaitingMedia(db: Db, companyId: number, messageId: number) {
  return forCompany(db, companyId).selectFrom("messages").select(["id", "ticketId", "mediaKey", "data"]).where("id", "=", messageId).executeTakeFirst();
}

/** The file arrived, or will never arrive: the message takes its media fields and its new extras. Once only. */
export async function settleMessageMedia(
  db: Db,
  companyId: number,
  messageId: number,
  set: { mediaKey?: string; mimetype?: string; mediaName?: string; mediaType: string; data: string | null; updatedAt: string },
): Promise<boolean> {
  const res = await forCompany(db, companyId).updateTable("messages").set(set).where("id", "=", messageId).where("mediaKey", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
