import type { Db } from "../../db/database";
import { compiledOnce } from "../../db/compiled";
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
  (a.ticketIds.length === 1 ? messageViewQuery(db, a.companyId).where("messages.ticketId", "=", a.ticketIds[0]!) : messageViewQuery(db, a.companyId).where("messages.ticketId", "in", a.ticketIds))
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

export async function messageReactions(db: Db, companyId: number, messageIds: readonly number[]) {
  const out = new Map<number, { emoji: string; fromMe: boolean; reactor: string; userId: number | null }[]>();
  if (!messageIds.length) return out;
  const rows = await forCompany(db, companyId)
    .selectFrom("message_reactions")
    .select(["messageId", "emoji", "fromMe", "reactor", "userId"])
    .where("messageId", "in", [...messageIds])
    .orderBy("id")
    .execute();
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
