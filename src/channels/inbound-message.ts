/**
 * The inbound writer's step for one message, inside the batch's transaction: the contact found or created by its
 * channel identity (name and picture refreshed), the ticket (the contact's live ticket on the connection; else its
 * latest reopened as pending within connection.timeCreateNewTicket minutes unless the rating dialogue closed it; else
 * a new pending one, or a group one, in the connection's queue when it has exactly one),
 * the message stored once per (connection, externalId) with its origin, then the ticket's last message, unread count
 * and log. History imports keep the message's own time and open imported tickets instead.
 */
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Connection, DB, MessageOrigin, Ticket } from "../db/schema";
import type { StoredMedia } from "../storage/media";
import type { InboundChat, InboundMessage, InboundResult } from "./adapter";
import type { Effects } from "./inbound-effects";
import { enqueueInboundMedia, mediaFileName, mediaKindOf, mediaTypeOf, mediaTypeOfKind } from "./inbound-media";
import { writeMessageData } from "./message-data";
import {
  bumpTicket,
  bumpTicketFromHistory,
  contactOfChat,
  handAddedContact,
  insertContact,
  latestTicketOf,
  liveTicketOf,
  messageByExternalId,
  reopenTicket,
  soleQueueOf,
  updateContact,
} from "./inbound-queries";
import { insertMessage } from "../modules/messages/queries";
import { addTicketLog, insertTicket } from "../modules/tickets/queries";

type Trx = Transaction<DB>;

const LAST_MESSAGE_MAX = 255;

/** The ticket a message lands on, as the writer leaves it (the automation hook is told its state). */
type LandedTicket = Pick<Ticket, "id" | "queueId" | "status" | "botStage" | "sendInactiveMessage">;

/** The file stored, its error, or a handle to fetch it after the message is stored (inbound-media.ts). */
export type MediaOutcome = { stored: StoredMedia } | { error: string } | { pending: Record<string, unknown> } | undefined;

export async function writeMessage(
  ctx: AppContext,
  trx: Trx,
  conn: Connection,
  e: InboundMessage,
  media: MediaOutcome,
  fx: Effects,
  imported: boolean,
): Promise<InboundResult> {
  const isGroup = e.chat.isGroup === true;
  if (isGroup && conn.allowGroup !== 1) return { status: "dropped", reason: "group_not_allowed" };

  const dup = await messageByExternalId(trx, conn.id, e.externalId);
  if (dup) return { status: "duplicate", messageId: dup.id, ticketId: dup.ticketId, contactId: dup.contactId };

  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  // An imported message keeps the time it was sent; a live one is stored at arrival (ordering is arrival).
  const at = imported ? ((e.timestamp !== undefined ? toIso(e.timestamp) : undefined) ?? nowIso) : nowIso;
  const contact = await upsertContact(ctx, trx, conn, e.chat, fx);
  const { ticket, created } = imported
    ? await findOrOpenImportTicket(trx, conn, contact.id, isGroup, at, nowIso, fx)
    : await findOrOpenTicket(trx, conn, contact.id, isGroup, now, fx);

  const quoted = e.quotedExternalId ? await messageByExternalId(trx, conn.id, e.quotedExternalId) : undefined;

  const stored = media && "stored" in media ? media.stored : undefined;
  const pending = media && "pending" in media ? media.pending : undefined;
  const data: Record<string, unknown> = { ...e.data };
  if (e.location) data.location = e.location;
  // A file not held (yet) keeps the kind the channel named: shown as downloading, or as unavailable with its error.
  const mediaKind = e.media && !stored ? (e.media.kind ?? mediaKindOf(e.media.mime)) : undefined;
  if (mediaKind) data.mediaKind = mediaKind;
  if (pending) data.mediaPending = true;
  if (media && "error" in media) data.mediaError = media.error;
  if (e.timestamp !== undefined) data.sentAt = toIso(e.timestamp);
  let body = typeof e.body === "string" ? e.body : "";
  if (!body && e.location) body = `https://maps.google.com/maps?q=${e.location.latitude},${e.location.longitude}`;
  const mediaType =
    e.kind ?? (stored ? mediaTypeOf(stored.mime) : e.location ? "locationMessage" : e.vCard ? "contactMessage" : mediaKind ? mediaTypeOfKind(mediaKind) : null);
  const origin: MessageOrigin = e.fromMe ? "phone" : "contact";

  const messageId = await insertMessage(trx, {
    companyId: conn.companyId,
    ticketId: ticket.id,
    contactId: contact.id,
    connectionId: conn.id,
    externalId: e.externalId,
    body,
    fromMe: e.fromMe ? 1 : 0,
    read: e.fromMe || imported ? 1 : 0,
    isForwarded: e.isForwarded ? 1 : 0,
    mediaKey: stored?.key ?? null,
    mediaType,
    mimetype: stored?.mime ?? e.media?.mime ?? null,
    mediaName: stored?.name ?? e.media?.name ?? null,
    quotedMsgId: quoted?.id ?? null,
    ack: e.fromMe ? 1 : 0,
    origin,
    sendStatus: null,
    vCard: e.vCard ?? null,
    data: writeMessageData(data),
    participant: e.participant?.id ?? null,
    senderName: e.participant?.name ?? null,
    queueId: ticket.queueId,
    writtenAt: imported ? at : writtenAt(e.timestamp, nowIso),
    createdAt: at,
    updatedAt: nowIso,
  });
  if (pending) {
    await enqueueInboundMedia(ctx, trx, { companyId: conn.companyId, connectionId: conn.id, messageId, ref: pending, name: mediaFileName(e.media ?? {}) });
  }

  const lastMessage = summary(body, stored?.name ?? mediaType);
  if (imported) {
    // History is read and unanswered by now: no unread count, and an older message never becomes the ticket's last.
    await bumpTicketFromHistory(trx, conn.companyId, ticket.id, lastMessage, at);
    fx.ticketTouched(conn.companyId, ticket.id);
    return { status: "stored", messageId, ticketId: ticket.id, contactId: contact.id, ticketCreated: created };
  }
  await bumpTicket(trx, conn.companyId, ticket.id, { lastMessage, nowIso, fromMe: e.fromMe });

  fx.messagesCreated.push({ companyId: conn.companyId, ticketId: ticket.id, messageId });
  fx.ticketTouched(conn.companyId, ticket.id);
  fx.hooks.push({
    companyId: conn.companyId,
    connectionId: conn.id,
    ticketId: ticket.id,
    contactId: contact.id,
    messageId,
    ticketCreated: created,
    fromMe: e.fromMe,
    isGroup,
    body,
    mediaType,
    ticketStatus: ticket.status,
    botStage: ticket.botStage,
    inactiveWarned: ticket.sendInactiveMessage === 1,
    callRefused: e.callRefused === true && !e.fromMe,
  });
  return { status: "stored", messageId, ticketId: ticket.id, contactId: contact.id, ticketCreated: created };
}

/**
 * The contact of a chat within the company and channel; created on first sight, name and picture refreshed. A
 * contact an agent added by hand (same channel and number, no channel identity yet) is that chat's contact: it
 * takes the identity instead of a second contact being created beside it.
 */
export async function upsertContact(ctx: AppContext, trx: Trx, conn: Connection, chat: InboundChat, fx: Effects) {
  const nowIso = ctx.clock.now().toISOString();
  let existing = await contactOfChat(trx, conn, chat.id);
  if (!existing && chat.number && !chat.isGroup) {
    const added = await handAddedContact(trx, conn, chat.number);
    if (added) {
      await updateContact(trx, conn.companyId, added.id, { identity: chat.id, updatedAt: nowIso });
      fx.contactsUpdated.set(added.id, conn.companyId);
      existing = { ...added, identity: chat.id };
    }
  }
  const name = chat.name?.trim();
  if (!existing) {
    const row = await insertContact(trx, {
      companyId: conn.companyId,
      name: name || chat.number || chat.id,
      number: chat.number ?? "",
      email: chat.email ?? "",
      channel: conn.channel,
      identity: chat.id,
      isGroup: chat.isGroup ? 1 : 0,
      urlPicture: chat.picture ?? null,
      whatsappId: conn.id,
      createdAt: nowIso,
      updatedAt: nowIso,
    });
    fx.contactsCreated.set(row.id, conn.companyId);
    return row;
  }
  const patch: { name?: string; urlPicture?: string; number?: string } = {};
  // A name typed by an agent is kept; the channel's name replaces only a placeholder (or a group's subject).
  const placeholder = existing.name === "" || existing.name === existing.number || existing.name === existing.identity;
  if (name && name !== existing.name && (placeholder || existing.isGroup === 1)) patch.name = name;
  if (chat.picture && chat.picture !== existing.urlPicture) patch.urlPicture = chat.picture;
  if (chat.number && !existing.number) patch.number = chat.number;
  if (Object.keys(patch).length) {
    await updateContact(trx, conn.companyId, existing.id, { ...patch, updatedAt: nowIso });
    if (!fx.contactsCreated.has(existing.id)) fx.contactsUpdated.set(existing.id, conn.companyId);
  }
  return { id: existing.id, name: patch.name ?? existing.name };
}

async function findOrOpenTicket(
  trx: Trx,
  conn: Connection,
  contactId: number,
  isGroup: boolean,
  now: Date,
  fx: Effects,
): Promise<{ ticket: LandedTicket; created: boolean }> {
  const live = await liveTicketOf(trx, conn, contactId);
  if (live) return { ticket: live, created: false };

  const nowIso = now.toISOString();
  const status = newTicketStatus(conn, isGroup);
  // A ticket emptied by a contact merge is never reopened: its conversation lives in the ticket it was merged into.
  // Nor is one the rating dialogue closed: the contact who rated (or was asked to) starts a new conversation.
  const latest = await latestTicketOf(trx, conn, contactId);
  const windowMs = conn.timeCreateNewTicket * 60_000;
  if (latest && latest.botStage !== "nps" && windowMs > 0 && now.getTime() - Date.parse(latest.updatedAt) <= windowMs) {
    await reopenTicket(trx, conn.companyId, latest.id, status, nowIso);
    await addTicketLog(trx, conn.companyId, { ticketId: latest.id, type: "reopen", queueId: latest.queueId, createdAt: nowIso });
    fx.ticketTouched(conn.companyId, latest.id);
    return { ticket: { id: latest.id, queueId: latest.queueId, status, botStage: null, sendInactiveMessage: latest.sendInactiveMessage }, created: false };
  }

  const queueId = await soleQueueOf(trx, conn);
  return openTicket(trx, conn, contactId, isGroup, { queueId, createdAt: nowIso, updatedAt: nowIso }, nowIso, fx);
}

/**
 * History import: the contact's live ticket on this connection, else a new one marked imported, in the connection's
 * import queue, dated by the message (no reopen window: old messages do not revive closed tickets).
 */
async function findOrOpenImportTicket(
  trx: Trx,
  conn: Connection,
  contactId: number,
  isGroup: boolean,
  at: string,
  nowIso: string,
  fx: Effects,
): Promise<{ ticket: LandedTicket; created: boolean }> {
  const live = await liveTicketOf(trx, conn, contactId);
  if (live) return { ticket: live, created: false };
  return openTicket(trx, conn, contactId, isGroup, { queueId: conn.queueIdImportMessages, imported: nowIso, createdAt: at, updatedAt: at }, nowIso, fx);
}

/** A new or reopened ticket is pending; a group chat's is status group unless the connection's groupAsTicket is enabled. */
function newTicketStatus(conn: Connection, isGroup: boolean): "group" | "pending" {
  return isGroup && conn.groupAsTicket !== "enabled" ? "group" : "pending";
}

/** A new ticket of the contact on the connection, with its create log. */
async function openTicket(
  trx: Trx,
  conn: Connection,
  contactId: number,
  isGroup: boolean,
  values: { queueId?: number | null; imported?: string; createdAt: string; updatedAt: string },
  nowIso: string,
  fx: Effects,
): Promise<{ ticket: LandedTicket; created: boolean }> {
  const status = newTicketStatus(conn, isGroup);
  const queueId = values.queueId ?? null;
  const id = await insertTicket(trx, conn.companyId, {
    uuid: crypto.randomUUID(),
    status,
    contactId,
    whatsappId: conn.id,
    channel: conn.channel,
    isGroup: isGroup ? 1 : 0,
    ...values,
  });
  await addTicketLog(trx, conn.companyId, { ticketId: id, type: "create", queueId, createdAt: nowIso });
  fx.ticketsCreated.set(id, conn.companyId);
  return { ticket: { id, queueId, status, botStage: null, sendInactiveMessage: 0 }, created: true };
}

/** What the ticket list shows as the last message. */
export function summary(body: string, fallback: string | null | undefined): string {
  const text = body.trim() || fallback || "";
  return text.length > LAST_MESSAGE_MAX ? text.slice(0, LAST_MESSAGE_MAX) : text;
}

/**
 * When the contact wrote, by the channel's timestamp: a provider redelivers late (Meta for up to 36 hours), so arrival
 * is not when the message was written; a timestamp in the future (a skewed clock) counts as the arrival.
 */
function writtenAt(t: number | Date | string | undefined, nowIso: string): string {
  const ms = t !== undefined ? Date.parse(toIso(t) ?? "") : Number.NaN;
  return Number.isFinite(ms) && ms < Date.parse(nowIso) ? new Date(ms).toISOString() : nowIso;
}

function toIso(t: number | Date | string): string | undefined {
  const d = t instanceof Date ? t : new Date(typeof t === "number" && t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
