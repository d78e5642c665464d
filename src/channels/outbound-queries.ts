/**
 * The outbound pipeline's SQL (outbound.ts).
 *
 * Two kinds of reads and writes: those for a company's request (queue a message on its ticket, a person's retry, the
 * quoted message) are scoped through forCompany; the send worker's (claim, sent, failed, queued again, the boot
 * recovery and the sweeps) go by message, connection or ticket id across companies on purpose — those ids come only
 * from rows the core itself queued, never from a request, and one worker serves every company.
 */
import { sql } from "kysely";
import type { Db } from "../db/database";
import { compiledOnce } from "../db/compiled";
import { forCompany } from "../db/scope";

type Row = { id: number; ticketId: number };
type Event = Row & { companyId: number };

// ---------------------------------------------------------------------------------------------------------------
// A company's requests

// Every message sent (an agent's, the bot's) runs the statements below once or more: those are compiled once
// (src/db/compiled.ts), as Kysely building them anew cost more than SQLite takes to run them (bench/inbound.ts).

const ticketOfMessage = compiledOnce((db, a: { companyId: number; ticketId: number }) =>
  forCompany(db, a.companyId).selectFrom("tickets").select(["id", "contactId", "whatsappId", "queueId"]).where("id", "=", a.ticketId),
);

/** The ticket a new message is stored on, with what the message copies from it. */
export async function ticketForMessage(db: Db, companyId: number, ticketId: number) {
  const ticket = await ticketOfMessage.first(db, { companyId, ticketId });
  if (!ticket) throw new Error(`ticket ${ticketId} of company ${companyId} not found`);
  return ticket;
}

const lastMessageSet = compiledOnce((db, a: { companyId: number; ticketId: number; lastMessage: string; nowIso: string }) =>
  forCompany(db, a.companyId).updateTable("tickets").set({ lastMessage: a.lastMessage, unreadMessages: 0, updatedAt: a.nowIso }).where("id", "=", a.ticketId),
);

/** The ticket shows the message as its last one; agents answering have read the rest. */
export async function setTicketLastMessage(db: Db, companyId: number, ticketId: number, lastMessage: string, nowIso: string): Promise<void> {
  await lastMessageSet(db, { companyId, ticketId, lastMessage, nowIso });
}

export function failedMessage(db: Db, companyId: number, messageId: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select(["ticketId", "mediaType"])
    .where("id", "=", messageId)
    .where("sendStatus", "=", "failed")
    .executeTakeFirst();
}

/** A failed message that the core may send (not a note, not from the channel) queued again as if new. */
export function requeueFailed(db: Db, companyId: number, messageId: number, nowIso: string): Promise<Row | undefined> {
  return forCompany(db, companyId)
    .updateTable("messages")
    .set({
      sendStatus: "queued",
      queuedAt: nowIso,
      sendingAt: null,
      retryAt: null,
      errorCode: null,
      errorMessage: null,
      updatedAt: nowIso,
    })
    .where("id", "=", messageId)
    .where("sendStatus", "=", "failed")
    .where("isPrivate", "=", 0)
    .where("origin", "not in", ["contact", "phone"])
    .returning(["id", "ticketId"])
    .executeTakeFirst();
}

/** The quoted message as the channel needs to refer to it. */
export function quotedMessage(db: Db, companyId: number, messageId: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select(["externalId", "fromMe", "participant", "body", "isDeleted"])
    .where("id", "=", messageId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------------
// The send worker (by id, across companies)

const toSend = compiledOnce((db, a: { messageId: number }) =>
  db
    .selectFrom("messages")
    .innerJoin("tickets", "tickets.id", "messages.ticketId")
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .leftJoin("connections", "connections.id", "messages.connectionId")
    .select([
      "messages.id",
      "messages.companyId",
      "messages.ticketId",
      "messages.connectionId",
      "messages.body",
      "messages.isPrivate",
      "messages.origin",
      "messages.sendStatus",
      "messages.queuedAt",
      "messages.retryAt",
      "messages.attempts",
      "messages.mediaKey",
      "messages.mediaType",
      "messages.quotedMsgId",
      "messages.vCard",
      "messages.data",
      "contacts.identity",
      "contacts.number",
      "contacts.isGroup",
      "connections.deletedAt as connectionDeletedAt",
      "connections.channel",
    ])
    .where("messages.id", "=", a.messageId),
);

/** What a send needs: the message, its contact's address and its connection. */
export function messageToSend(db: Db, messageId: number) {
  return toSend.first(db, { messageId });
}

const claimed = compiledOnce((db, a: { messageId: number; nowIso: string }) =>
  db
    .updateTable("messages")
    .set((eb) => ({ sendStatus: "sending", attempts: eb("attempts", "+", 1), sendingAt: a.nowIso, updatedAt: a.nowIso }))
    .where("id", "=", a.messageId)
    .where("sendStatus", "=", "queued"),
);

/** The claim: attempts and sendingAt, only if still queued (answers whether this caller got it). */
export async function claimForSend(db: Db, messageId: number, nowIso: string): Promise<boolean> {
  const r = await claimed.result(db, { messageId, nowIso });
  return Number(r.numAffectedRows) === 1;
}

/** A send refused for now queued again for `retryAt`, keeping why (only if it is still the one being sent). */
export async function requeueForLater(
  db: Db,
  messageId: number,
  set: {
    retryAt: string;
    errorCode: string;
    errorMessage: string;
    nowIso: string;
  },
): Promise<boolean> {
  const r = await db
    .updateTable("messages")
    .set({
      sendStatus: "queued",
      retryAt: set.retryAt,
      errorCode: set.errorCode,
      errorMessage: set.errorMessage,
      updatedAt: set.nowIso,
    })
    .where("id", "=", messageId)
    .where("sendStatus", "=", "sending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const sent = compiledOnce((db, a: { messageId: number; externalId: string | null; nowIso: string }) =>
  db
    .updateTable("messages")
    .set((eb) => ({
      sendStatus: "sent",
      retryAt: null,
      errorCode: null,
      errorMessage: null,
      updatedAt: a.nowIso,
      externalId: a.externalId,
      ack: sql<number>`case when ${eb.ref("ack")} > 1 then ${eb.ref("ack")} else 1 end`,
    }))
    .where("id", "=", a.messageId),
);

/** Sent: its externalId, and an ack of at least 1 (an early ack may already be there). */
export async function markSent(db: Db, messageId: number, externalId: string | null, nowIso: string): Promise<void> {
  await sent(db, { messageId, externalId, nowIso });
}

/** The channel's echo of our own send, stored first as a phone message under the same externalId. */
export async function deleteEchoOf(db: Db, connectionId: number, externalId: string, messageId: number): Promise<void> {
  await db
    .deleteFrom("messages")
    .where("connectionId", "=", connectionId)
    .where("externalId", "=", externalId)
    .where("origin", "=", "phone")
    .where("id", "<>", messageId)
    .execute();
}

export async function markFailed(db: Db, messageId: number, code: string, message: string, nowIso: string): Promise<void> {
  await db
    .updateTable("messages")
    .set({
      sendStatus: "failed",
      retryAt: null,
      errorCode: code,
      errorMessage: message,
      updatedAt: nowIso,
    })
    .where("id", "=", messageId)
    .execute();
}

/** Whether the message is still failed for a timeout (a late answer then says it went out). */
export async function isTimedOut(db: Db, messageId: number): Promise<boolean> {
  const row = await db
    .selectFrom("messages")
    .select("id")
    .where("id", "=", messageId)
    .where("sendStatus", "=", "failed")
    .where("errorCode", "=", "TIMEOUT")
    .executeTakeFirst();
  return row !== undefined;
}

const earlierRetry = compiledOnce((db, a: { messageId: number; ticketId: number; connectionId: number }) =>
  db
    .selectFrom("messages")
    .select("id")
    .where("connectionId", "=", a.connectionId)
    .where("sendStatus", "=", sql.lit("queued"))
    .where("ticketId", "=", a.ticketId)
    .where("retryAt", "is not", null)
    .where("id", "<", a.messageId)
    .limit(1),
);

/** An earlier message of the ticket queued again for later, among the connection's queued rows (their partial index). */
export async function hasEarlierRetry(db: Db, a: { messageId: number; ticketId: number; connectionId: number }): Promise<boolean> {
  return (await earlierRetry.first(db, a)) !== undefined;
}

/** The ticket's queued messages, oldest first. */
export function queuedOfTicket(db: Db, ticketId: number) {
  return db.selectFrom("messages").select("id").where("ticketId", "=", ticketId).where("sendStatus", "=", "queued").orderBy("id").execute();
}

/** The connection's queued messages, oldest first. */
export function queuedOfConnection(db: Db, connectionId: number): Promise<Row[]> {
  return db
    .selectFrom("messages")
    .select(["id", "ticketId"])
    .where("sendStatus", "=", sql.lit("queued"))
    .where("connectionId", "=", connectionId)
    .orderBy("queuedAt")
    .orderBy("id")
    .execute();
}

/** Queued messages whose retryAt has come. No ORDER BY: it would scan every message instead of the queued rows' partial index. */
export function retriesDue(db: Db, nowIso: string): Promise<Row[]> {
  return db.selectFrom("messages").select(["id", "ticketId"]).where("sendStatus", "=", sql.lit("queued")).where("retryAt", "<=", nowIso).execute();
}

/**
 * Unsent messages failed with this code and text: those left `sending` (boot), or those queued before a cutoff
 * (expiry). The status is a literal so SQLite uses its partial index (messages_send_queued, messages_send_sending).
 */
export function failUnsent(
  db: Db,
  which: { sending: true; connectionId?: number } | { queuedBefore: string },
  error: { code: string; message: string },
  nowIso: string,
): Promise<Event[]> {
  const q = db.updateTable("messages").set({ sendStatus: "failed", errorCode: error.code, errorMessage: error.message, updatedAt: nowIso });
  const unsent =
    "queuedBefore" in which
      ? q.where("sendStatus", "=", sql.lit("queued")).where("queuedAt", "<", which.queuedBefore)
      : which.connectionId === undefined
        ? q.where("sendStatus", "=", sql.lit("sending"))
        : q.where("sendStatus", "=", sql.lit("sending")).where("connectionId", "=", which.connectionId);
  return unsent.returning(["id", "ticketId", "companyId"]).execute();
}
