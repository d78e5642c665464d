/**
 * Messenger Platform / Instagram Messaging webhook events (entry[].messaging[]) -> normalised inbound events,
 * delivery and read reports. Pure: media handles come from `deps.media`, names and pictures are added by the session.
 *
 * References (fixtures name the exact page each example was copied from):
 *   https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messages
 *   .../message-echoes, .../message-edits, .../messaging_postbacks, .../message-reactions, .../message-reads, .../message-deliveries
 *   https://developers.facebook.com/docs/messenger-platform/instagram/features/webhook
 */
import type { InboundChat, InboundEvent, InboundMedia, InboundMediaKind, InboundMessage } from "../../../../src/channels/adapter";
import type { MessagingEvent, MessengerAttachment } from "./payload";
import { emojiForReaction } from "./reactions";

export type { MessagingEvent } from "./payload";

export type MessengerAction =
  | { kind: "events"; chatId: string; fromMe: boolean; appId?: string; events: InboundEvent[] }
  | { kind: "delivery"; chatId: string; mids: string[]; watermark?: number }
  | { kind: "read"; chatId: string; watermark?: number; mid?: string }
  | { kind: "ignored"; reason: string };

export interface MessengerNormalizeDeps {
  /** A lazy media handle for an attachment URL, or undefined to keep only the link (Instagram CDN policy). */
  media(url: string, kind: InboundMediaKind): InboundMedia | undefined;
}

export function normalizeMessagingEvent(ev: MessagingEvent, deps: MessengerNormalizeDeps): MessengerAction {
  const senderId = ev.sender?.id;
  const recipientId = ev.recipient?.id;
  const timestamp = toMillis(ev.timestamp);
  const ts = timestamp ? { timestamp } : {};

  if (ev.message) {
    const m = ev.message;
    const fromMe = m.is_echo === true;
    const chatId = fromMe ? recipientId : senderId;
    if (!chatId) return { kind: "ignored", reason: "no chat id" };
    const chat: InboundChat = { id: chatId };
    const appId = m.app_id !== undefined ? String(m.app_id) : undefined;
    if (m.is_deleted) return { kind: "events", chatId, fromMe, events: [{ type: "revoke", chat, externalId: m.mid, ...ts }] };

    const first: InboundMessage = { type: "message", chat, externalId: m.mid, fromMe, body: m.text ?? "", ...ts };
    const data: Record<string, unknown> = {};
    if (m.quick_reply?.payload !== undefined) data.quickReply = { payload: m.quick_reply.payload };
    if (m.reply_to?.mid) first.quotedExternalId = m.reply_to.mid;
    if (m.reply_to?.story) data.storyReply = { id: m.reply_to.story.id, url: m.reply_to.story.url };
    if (m.referral) {
      first.kind = "adMetaPreview";
      data.referral = messengerReferral(m.referral);
    }
    if (m.is_unsupported && !first.body) first.body = "[Unsupported message]";

    const events: InboundMessage[] = [first];
    stickerAware(m.attachments ?? []).forEach((a, i) => {
      const target: InboundMessage = i === 0 ? first : { type: "message", chat, externalId: `${m.mid}#${i + 1}`, fromMe, body: "", ...ts };
      applyAttachment(target, a, deps);
      if (i > 0) events.push(target);
    });
    if (Object.keys(data).length) first.data = { ...first.data, ...data };
    if (!first.body && !first.media && !first.location && !first.kind) first.body = "[Empty message]";
    return { kind: "events", chatId, fromMe, ...(appId ? { appId } : {}), events };
  }

  if (!senderId) return { kind: "ignored", reason: "no sender id" };
  const chat: InboundChat = { id: senderId };

  if (ev.message_edit) {
    // The person changed the text of a message they sent: the stored message takes the new text.
    const e = ev.message_edit;
    return { kind: "events", chatId: senderId, fromMe: false, events: [{ type: "edit", chat, externalId: e.mid, body: e.text ?? "", ...ts }] };
  }

  if (ev.postback) {
    const p = ev.postback;
    const msg: InboundMessage = {
      type: "message",
      chat,
      externalId: p.mid ?? `postback:${senderId}:${ev.timestamp ?? ""}`,
      fromMe: false,
      body: p.title ?? p.payload ?? "",
      data: { postback: { title: p.title, payload: p.payload, ...(p.referral ? { referral: p.referral } : {}) } },
      ...ts,
    };
    if (!msg.body) msg.body = "[Button]";
    if (p.referral?.source === "ADS") {
      msg.kind = "adMetaPreview";
      msg.data = { ...msg.data, referral: messengerReferral(p.referral) };
    }
    return { kind: "events", chatId: senderId, fromMe: false, events: [msg] };
  }
  if (ev.reaction?.mid) {
    const r = ev.reaction;
    const emoji = r.action === "unreact" ? "" : (r.emoji ?? emojiForReaction(r.reaction));
    return { kind: "events", chatId: senderId, fromMe: false, events: [{ type: "reaction", chat, externalId: r.mid, fromMe: false, emoji, ...ts }] };
  }
  if (ev.delivery)
    return { kind: "delivery", chatId: senderId, mids: ev.delivery.mids ?? [], ...(ev.delivery.watermark ? { watermark: Number(ev.delivery.watermark) } : {}) };
  if (ev.read)
    return {
      kind: "read",
      chatId: senderId,
      ...(ev.read.watermark ? { watermark: Number(ev.read.watermark) } : {}),
      ...(ev.read.mid ? { mid: ev.read.mid } : {}),
    };
  if (ev.referral?.source === "ADS") {
    // A person already in a thread came back through a click-to-Messenger / click-to-Instagram ad: the ad is
    // shown in the conversation (no mid: one per person and time).
    const ctx = (ev.referral.ads_context_data ?? {}) as Record<string, unknown>;
    const msg: InboundMessage = {
      type: "message",
      chat,
      externalId: `referral:${senderId}:${ev.timestamp ?? ""}`,
      fromMe: false,
      body: typeof ctx.ad_title === "string" && ctx.ad_title ? ctx.ad_title : "Ad",
      kind: "adMetaPreview",
      data: { referral: messengerReferral(ev.referral) },
      ...ts,
    };
    return { kind: "events", chatId: senderId, fromMe: false, events: [msg] };
  }
  if (ev.referral) return { kind: "ignored", reason: "referral without an ad" };
  return { kind: "ignored", reason: "unhandled event" };
}

function applyAttachment(target: InboundMessage, a: MessengerAttachment, deps: MessengerNormalizeDeps): void {
  const url = a.payload?.url ?? a.url;
  const title = a.payload?.title ?? a.title;
  target.data ??= {};
  const extra = target.data;
  const addText = (text: string) => {
    target.body = [target.body, text].filter(Boolean).join("\n");
  };
  switch (a.type) {
    case "image":
    case "sticker":
    case "video":
    case "audio":
    case "file":
    case "reel":
    case "ig_reel":
    case "animated_image": {
      const kind = MEDIA_KINDS[a.type]!;
      const media = url ? deps.media(url, kind) : undefined;
      if (media) target.media = { ...media, kind };
      else if (url) {
        addText(url);
        extra.attachment = { type: a.type, url };
      } else addText(`[${a.type}]`);
      // A sticker is shown as its image, the way WhatsApp stickers are.
      if (a.type === "sticker" || (a.payload?.sticker_id !== undefined && a.payload?.sticker_id !== null)) extra.sticker = true;
      break;
    }
    case "location": {
      const c = a.payload?.coordinates;
      if (c && Number.isFinite(Number(c.lat)) && Number.isFinite(Number(c.long))) {
        target.location = { latitude: Number(c.lat), longitude: Number(c.long), ...(title ? { name: title } : {}) };
      } else addText(title ?? "[Location]");
      break;
    }
    case "story_mention":
      // Instagram: the story is ephemeral and Meta forbids storing its media; keep the CDN link only.
      addText("Mentioned you in their story");
      extra.storyMention = { url };
      break;
    case "fallback":
    case "share":
    case "post":
    case "ig_post":
      addText([title, url].filter(Boolean).join("\n") || "[Shared content]");
      extra.attachment = { type: a.type, ...(url ? { url } : {}), ...(title ? { title } : {}) };
      break;
    case "template":
      addText(a.payload?.text ?? title ?? "[Template]");
      extra.attachment = { type: a.type, payload: a.payload };
      break;
    case "like_heart":
      addText("❤️");
      break;
    default:
      addText(`[${a.type}]${url ? ` ${url}` : ""}`);
      extra.attachment = { type: a.type, ...(url ? { url } : {}) };
  }
  if (Object.keys(extra).length === 0) delete target.data;
}

/** The kind of file each media attachment type names. */
const MEDIA_KINDS: Record<string, InboundMediaKind> = {
  image: "image",
  sticker: "image",
  animated_image: "image",
  video: "video",
  reel: "video",
  ig_reel: "video",
  audio: "audio",
  file: "file",
};

/**
 * A sticker arrives as a `sticker` attachment (with its sticker_id); while Meta moves to that type, the same sticker
 * may come twice, also as an `image` attachment carrying the sticker_id. Only the sticker attachment is kept then.
 */
function stickerAware(attachments: MessengerAttachment[]): MessengerAttachment[] {
  if (!attachments.some((a) => a.type === "sticker")) return attachments;
  return attachments.filter((a) => !(a.type === "image" && a.payload?.sticker_id !== undefined && a.payload?.sticker_id !== null));
}

/** A click-to-Messenger / click-to-Instagram ad referral in the shape of the web app's ad preview. */
export function messengerReferral(r: Record<string, unknown>): Record<string, unknown> {
  const ctx = (r.ads_context_data ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {
    title: ctx.ad_title,
    imageUrl: ctx.photo_url,
    videoUrl: ctx.video_url,
    postId: ctx.post_id,
    productId: ctx.product_id,
    sourceId: r.ad_id,
    ref: r.ref,
    source: r.source,
    sourceType: r.type,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined && v !== null));
}

/** Messenger and Instagram events carry `timestamp` in milliseconds since the epoch. */
function toMillis(t: string | number | undefined): number | undefined {
  if (t === undefined || t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
