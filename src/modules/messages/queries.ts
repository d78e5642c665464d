import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database";
import { compiledOnce, compiledOnceForIds } from "../../db/compiled";
import type { MessagesTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

/** Messages of a ticket with their quoted message, author and contact; newest first. */
export function messageViewQuery(db: Db, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .leftJoin("messages as quoted", "quoted.id", "messages.quotedMsgId")
    .leftJoin("contacts", "contacts.id", "messages.contactId")
    .leftJoin("users", "users.id", "messages.userId")
    .select([
      "messages.id",
      "messages.companyId",
      "messages.ticketId",
      "messages.contactId",
      "messages.connectionId",
      "messages.externalId",
      "messages.body",
      "messages.fromMe",
      "messages.read",
      "messages.isPrivate",
      "messages.isDeleted",
      "messages.isEdited",
      "messages.isForwarded",
      "messages.mediaKey",
      "messages.mediaType",
      "messages.mimetype",
      "messages.mediaName",
      "messages.quotedMsgId",
      "messages.ack",
      "messages.origin",
      "messages.sendStatus",
      "messages.attempts",
      "messages.errorCode",
      "messages.errorMessage",
      "messages.retryAt",
      "messages.vCard",
      "messages.data",
      "messages.participant",
      "messages.senderName",
      "messages.queueId",
      "messages.userId",
      "messages.writtenAt",
      "messages.createdAt",
      "messages.updatedAt",
      "quoted.body as quotedBody",
      "quoted.fromMe as quotedFromMe",
      "quoted.mediaType as quotedMediaType",
      "quoted.mediaKey as quotedMediaKey",
      "quoted.isDeleted as quotedIsDeleted",
      "quoted.senderName as quotedSenderName",
      "contacts.name as contactName",
      "contacts.isGroup as contactIsGroup",
      "users.name as userName",
    ]);
}
export type MessageViewRow = Awaited<ReturnType<ReturnType<typeof messageViewQuery>["execute"]>>[number];

/** One page of the messages of these tickets (one ticket, or a contact's history), newest first. */
export function listTicketMessages(db: Db, companyId: number, ticketIds: readonly number[], limit: number, offset: number) {
  return messagesPage(db, { companyId, ticketIds, limit, offset });
}
// The conversation's page is read on every open and scroll: compiled once (src/db/compiled.ts).
const messagesPage = compiledOnce((db, a: { companyId: number; ticketIds: readonly number[]; limit: number; offset: number }) =>
  (a.ticketIds.length === 1
    ? messageViewQuery(db, a.companyId).where("messages.ticketId", "=", a.ticketIds[0]!)
    : messageViewQuery(db, a.companyId).where("messages.ticketId", "in", a.ticketIds)
  )
    .orderBy("messages.createdAt", "desc")
    .orderBy("messages.id", "desc")
    .limit(a.limit)
    .offset(a.offset),
);

/** One message as the views show it; every new message and socket frame reads one. */
export async function messageViewRow(db: Db, companyId: number, messageId: number): Promise<MessageViewRow | undefined> {
  return (await messageById(db, { companyId, messageId }))[0];
}
const messageById = compiledOnce((db, a: { companyId: number; messageId: number }) => messageViewQuery(db, a.companyId).where("messages.id", "=", a.messageId));

/**
 * The contact's tickets on the connection whose messages an allHistoric user sees in one conversation: the live ones
 * in the selected queues or in none (every queue when none is selected), this ticket always.
 */
export async function historyTicketIds(
  db: Db,
  companyId: number,
  ticket: { id: number; contactId: number; whatsappId: number | null },
  selectedQueues: readonly number[] | undefined,
): Promise<number[]> {
  let q = forCompany(db, companyId)
    .selectFrom("tickets")
    .select("id")
    .where("contactId", "=", ticket.contactId)
    .where("whatsappId", ticket.whatsappId === null ? "is" : "=", ticket.whatsappId)
    .where("deletedAt", "is", null);
  if (selectedQueues?.length) q = q.where((eb) => eb.or([eb("queueId", "in", [...selectedQueues]), eb("queueId", "is", null), eb("id", "=", ticket.id)]));
  const rows = await q.execute();
  return rows.map((r) => r.id);
}

// Read for every page of a conversation and every message an agent's socket is sent.
function reactionsOf(db: Db, a: { companyId: number; messageIds: readonly number[] }) {
  return forCompany(db, a.companyId)
    .selectFrom("message_reactions")
    .select(["messageId", "emoji", "fromMe", "reactor", "userId"])
    .where("messageId", "in", a.messageIds)
    .orderBy("id");
}
const compiledReactionsOf = compiledOnceForIds(reactionsOf, (a) => a.messageIds);

export async function messageReactions(db: Db, companyId: number, messageIds: readonly number[]) {
  const out = new Map<number, { emoji: string; fromMe: boolean; reactor: string; userId: number | null }[]>();
  if (!messageIds.length) return out;
  const rows = await compiledReactionsOf(db, { companyId, messageIds });
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    list.push({ emoji: r.emoji, fromMe: r.fromMe === 1, reactor: r.reactor, userId: r.userId });
    out.set(r.messageId, list);
  }
  return out;
}

/** The columns the message actions and their guards need. */
export function findMessageCore(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select([
      "id",
      "ticketId",
      "connectionId",
      "externalId",
      "fromMe",
      "isPrivate",
      "isDeleted",
      "origin",
      "sendStatus",
      "userId",
      "body",
      "mediaKey",
      "mediaType",
      "mimetype",
      "mediaName",
      "vCard",
      "participant",
      "createdAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}
export type MessageCore = NonNullable<Awaited<ReturnType<typeof findMessageCore>>>;

/** The message when it is one of this ticket's (a quote must be). */
export function findTicketMessage(db: Db, companyId: number, ticketId: number, id: number) {
  return forCompany(db, companyId).selectFrom("messages").select("id").where("id", "=", id).where("ticketId", "=", ticketId).executeTakeFirst();
}

export async function updateMessage(db: Db, companyId: number, id: number, set: Updateable<MessagesTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("messages").set(set).where("id", "=", id).execute();
}

/** The ticket's unread count and its messages' read flags go to read together (every opened conversation). */
export async function markTicketRead(db: Db, companyId: number, ticketId: number): Promise<void> {
  await ticketReadCount(db, { companyId, ticketId });
  await messagesRead(db, { companyId, ticketId });
}
const ticketReadCount = compiledOnce((db, a: { companyId: number; ticketId: number }) =>
  forCompany(db, a.companyId).updateTable("tickets").set({ unreadMessages: 0 }).where("id", "=", a.ticketId),
);
const messagesRead = compiledOnce((db, a: { companyId: number; ticketId: number }) =>
  forCompany(db, a.companyId).updateTable("messages").set({ read: 1 }).where("ticketId", "=", a.ticketId).where("read", "=", 0),
);

/** The newest message of the ticket that is not a private note (the one its list item shows). */
export async function newestPublicMessageId(db: Db, companyId: number, ticketId: number): Promise<number | undefined> {
  const row = await forCompany(db, companyId)
    .selectFrom("messages")
    .select("id")
    .where("ticketId", "=", ticketId)
    .where("isPrivate", "=", 0)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function mediaKeyInUse(db: Db, companyId: number, key: string): Promise<boolean> {
  return (await forCompany(db, companyId).selectFrom("messages").select("id").where("mediaKey", "=", key).limit(1).executeTakeFirst()) !== undefined;
}

// Every message stored goes through here (a contact's, the bot's, an agent's): compiled once per set of columns.
const insertedMessage = compiledOnce((db, a: { values: Insertable<MessagesTable> }) => db.insertInto("messages").values(a.values).returning("id"));

/** Stores a message (an agent's, a channel's or an import's); answers its id. */
export async function insertMessage(db: Db, values: Insertable<MessagesTable>): Promise<number> {
  const row = await insertedMessage.first(db, { values });
  if (!row) throw new Error("message insert returned no row");
  return row.id;
}

export async function removeReaction(db: Db, companyId: number, messageId: number, reactor: string): Promise<void> {
  await forCompany(db, companyId).deleteFrom("message_reactions").where("messageId", "=", messageId).where("reactor", "=", reactor).execute();
}

/** One reaction per reactor and message: a new emoji replaces the previous one. */
export async function upsertReaction(
  db: Db,
  companyId: number,
  r: { messageId: number; reactor: string; emoji: string; fromMe: boolean; userId?: number; createdAt: string },
): Promise<void> {
  await forCompany(db, companyId)
    .insertInto("message_reactions", { ...r, fromMe: r.fromMe ? 1 : 0 })
    .onConflict((oc) => oc.columns(["messageId", "reactor"]).doUpdateSet({ emoji: r.emoji, createdAt: r.createdAt }))
    .execute();
}

/** A forwarded copy already made by an earlier run of the same forward link. */
export function forwardedCopy(db: Db, companyId: number, c: { ticketId: number; userId: number; body: string; since: string }) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select("id")
    .where("ticketId", "=", c.ticketId)
    .where("isForwarded", "=", 1)
    .where("userId", "=", c.userId)
    .where("body", "=", c.body)
    .where("createdAt", ">=", c.since)
    .executeTakeFirst();
}

/** The ticket contact's address on the channel (identity, else number). */
export function ticketChat(db: Db, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .select(["contacts.identity", "contacts.number"])
    .where("tickets.id", "=", ticketId)
    .executeTakeFirstOrThrow();
}
