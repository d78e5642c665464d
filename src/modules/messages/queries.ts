import type { Db } from "../../db/database";
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
      "users.name as userName",
    ]);
}
export type MessageViewRow = Awaited<ReturnType<ReturnType<typeof messageViewQuery>["execute"]>>[number];

export function listTicketMessages(db: Db, companyId: number, ticketId: number, limit: number, offset: number) {
  return messageViewQuery(db, companyId)
    .where("messages.ticketId", "=", ticketId)
    .orderBy("messages.createdAt", "desc")
    .orderBy("messages.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
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

/** The columns the send and retry guards need. */
export function findMessageCore(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select(["id", "ticketId", "fromMe", "isPrivate", "origin", "sendStatus"])
    .where("id", "=", id)
    .executeTakeFirst();
}
