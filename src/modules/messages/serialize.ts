import { readMessageData } from "../../channels/message-data";
import type { AppContext } from "../../context";
import type { Actor } from "../../http/permissions";
import { DELETED_NOTICE, type LgpdPolicy, maskContact, masksNumbersFor } from "../tickets/lgpd";
import { messageReactions, messageViewRow, type MessageViewRow } from "./queries";

type Reaction = { emoji: string; fromMe: boolean; reactor: string; userId: number | null };

/** A message as the API and the socket carry it, with its origin and delivery state. */
export function serializeMessage(ctx: AppContext, row: MessageViewRow, reactions: Reaction[] = []) {
  const link = (key: string | null) => (key ? ctx.media.url(row.companyId, key) : null);
  // Null when the message carries no extra facts (an empty object is never stored).
  const data = row.data ? readMessageData(row.data) : null;
  return {
    id: row.id,
    ticketId: row.ticketId,
    contactId: row.contactId,
    body: row.body,
    fromMe: row.fromMe === 1,
    read: row.read === 1,
    isPrivate: row.isPrivate === 1,
    isDeleted: row.isDeleted === 1,
    isEdited: row.isEdited === 1,
    isForwarded: row.isForwarded === 1,
    mediaUrl: link(row.mediaKey),
    mediaType: row.mediaType,
    mimetype: row.mimetype,
    mediaName: row.mediaName,
    quotedMsgId: row.quotedMsgId,
    quotedMsg:
      row.quotedMsgId !== null && row.quotedBody !== null
        ? {
            id: row.quotedMsgId,
            body: row.quotedBody,
            fromMe: row.quotedFromMe === 1,
            mediaType: row.quotedMediaType,
            mediaUrl: link(row.quotedMediaKey),
            isDeleted: row.quotedIsDeleted === 1,
            senderName: row.quotedSenderName,
          }
        : null,
    ack: row.ack,
    origin: row.origin,
    sendStatus: row.sendStatus,
    attempts: row.attempts,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    /** When a send queued again after a provider's throttling goes out next (null otherwise). */
    retryAt: row.retryAt,
    vCard: row.vCard,
    data,
    mediaState: mediaStateOf(row.mediaKey, data),
    participant: row.participant,
    senderName: row.senderName,
    queueId: row.queueId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    contact: row.contactId !== null && row.contactName !== null ? { id: row.contactId, name: row.contactName, isGroup: row.contactIsGroup === 1 } : null,
    reactions,
    /** A message from the channel: when the contact wrote it (the channel's timestamp, never after createdAt). */
    writtenAt: row.writtenAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type MessageView = ReturnType<typeof serializeMessage>;

type MediaKind = "image" | "video" | "audio" | "file";
const MEDIA_KINDS: readonly string[] = ["image", "video", "audio", "file"];

/**
 * A file the channel sent that we do not hold: still downloading, or unavailable (its download failed for good),
 * with the kind the channel named and the error. Null when the message has its file, or none.
 */
function mediaStateOf(
  mediaKey: string | null,
  data: Record<string, unknown> | null,
): { status: "downloading" | "unavailable"; kind: MediaKind; error: string | null } | null {
  if (mediaKey || !data) return null;
  const status = data.mediaPending === true ? "downloading" : typeof data.mediaError === "string" ? "unavailable" : null;
  if (!status) return null;
  const kind = typeof data.mediaKind === "string" && MEDIA_KINDS.includes(data.mediaKind) ? (data.mediaKind as MediaKind) : "file";
  return { status, kind, error: typeof data.mediaError === "string" ? data.mediaError : null };
}

export async function serializeMessages(ctx: AppContext, companyId: number, rows: MessageViewRow[]): Promise<MessageView[]> {
  const reactions = await messageReactions(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeMessage(ctx, r, reactions.get(r.id)));
}

/**
 * The message as this viewer may see it (LGPD): a deleted message shows the removed notice under lgpdDeleteMessage,
 * and a plain user sees a contact named by its number masked (groups excepted) under lgpdHideNumber.
 */
export function messageForViewer(view: MessageView, viewer: Pick<Actor, "profile" | "super">, lgpd: LgpdPolicy): MessageView {
  let out = view;
  if (view.isDeleted && lgpd.deleteNotice) out = { ...out, body: DELETED_NOTICE, mediaUrl: null, mediaName: null, vCard: null, data: null, mediaState: null };
  if (out.contact && masksNumbersFor(viewer, lgpd)) out = { ...out, contact: maskContact(out.contact) };
  return out;
}

/** One message as the API shows it (the real-time listeners use this too). */
export async function loadMessageView(ctx: AppContext, companyId: number, messageId: number): Promise<MessageView | undefined> {
  const row = await messageViewRow(ctx.db, companyId, messageId);
  if (!row) return undefined;
  const [view] = await serializeMessages(ctx, companyId, [row]);
  return view;
}
