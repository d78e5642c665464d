/**
 * Our outbound messages as Baileys sendMessage arguments, message ids, and Baileys errors as ChannelErrors.
 *
 * Ids: WhatsApp Web ids are "3EB0" + 18 upper-case hex digits (Baileys' generateMessageIDV2: a sha256 cut to 18).
 * Ours are the same shape but DETERMINISTIC: sha256("<connectionId>:<messageId>"). A resend of the same message
 * after a crash carries the same id, so WhatsApp drops the duplicate and our store sees the same externalId.
 *
 * Content:
 *   text                      { text, linkPreview: null }   (no link previews: the server fetches no URLs)
 *   image / video + caption   { image|video: Buffer, caption, mimetype }
 *   audio                     { audio: Buffer, mimetype, ptt }   ptt (voice note) when the file is Ogg/Opus
 *                                                              (what WhatsApp plays as a voice note); any other
 *                                                              audio goes as a plain audio file; audio has no caption.
 *   anything else             { document: Buffer, mimetype, fileName, caption }
 *   vCard                     { contacts: { displayName, contacts: [{ displayName, vcard }] } }
 *   location (when given)     { location: { degreesLatitude, degreesLongitude, name, address } }
 * No jpegThumbnail is passed: Baileys tries its optional thumbnail step (sharp / ffmpeg), which fails quietly
 * inside the compiled binary; nothing depends on it.
 */
import { createHash } from "node:crypto";
import type { AnyMessageContent, WAMessage, WAMessageKey } from "baileys";
import { ChannelError, type MessageRef, type OutboundMessage } from "../../../src/channels/adapter";

/** Deterministic WhatsApp id for one outbound message of one connection. */
export function outboundMessageId(connectionId: number, messageId: number): string {
  return derivedMessageId(`${connectionId}:${messageId}`);
}

/** A WhatsApp-Web-shaped id ("3EB0" + 18 hex) derived from a seed: the same seed gives the same id. */
export function derivedMessageId(seed: string): string {
  return `3EB0${createHash("sha256").update(seed).digest("hex").toUpperCase().slice(0, 18)}`;
}

/** The JID to send to: a stored JID as is; bare digits as a phone (or group) JID. */
export function toJid(chatId: string, isGroup = false): string {
  const id = chatId.trim();
  if (id.includes("@")) return id;
  // Groups: digits, or the old "<creator>-<time>" form; people: the phone number's digits.
  const user = isGroup ? id.replace(/[^\d-]/g, "") : id.replace(/\D/g, "");
  if (!/\d/.test(user)) throw new ChannelError("NOT_ON_CHANNEL", `not a WhatsApp id: ${chatId}`);
  return isGroup ? `${user}@g.us` : `${user}@s.whatsapp.net`;
}

/** The Baileys content for one outbound message (reads the media bytes). */
export async function buildContent(msg: OutboundMessage): Promise<AnyMessageContent> {
  if (msg.vCard) return contactsContent(msg.vCard);
  if (msg.location) {
    const l = msg.location;
    return {
      location: {
        degreesLatitude: l.latitude,
        degreesLongitude: l.longitude,
        ...(l.name ? { name: l.name } : {}),
        ...(l.address ? { address: l.address } : {}),
      },
    };
  }
  const media = msg.media;
  if (!media) {
    if (!msg.body.trim()) throw new ChannelError("UNSUPPORTED", "empty message");
    return { text: msg.body, linkPreview: null };
  }
  const data = Buffer.from(await media.read());
  const caption = msg.body.trim() && msg.body !== media.name ? msg.body : undefined;
  const kind = mediaKind(media.kind, media.mime);
  switch (kind) {
    case "image":
      return { image: data, mimetype: media.mime, ...(caption ? { caption } : {}) };
    case "video":
      return { video: data, mimetype: media.mime, ...(caption ? { caption } : {}) };
    case "audio": {
      const ptt = isVoiceNote(media.mime, media.name);
      return { audio: data, mimetype: ptt ? "audio/ogg; codecs=opus" : media.mime, ptt };
    }
    default:
      return { document: data, mimetype: media.mime || "application/octet-stream", fileName: media.name || "file", ...(caption ? { caption } : {}) };
  }
}

function mediaKind(kind: string, mime: string): "image" | "video" | "audio" | "document" {
  const k = kind === "image" || kind === "video" || kind === "audio" ? kind : mime.split("/")[0];
  // Only formats WhatsApp shows inline; the rest goes as a document (e.g. image/svg+xml, image/bmp, video/x-msvideo).
  if (k === "image" && /^image\/(jpeg|png|webp)$/.test(mime)) return "image";
  if (k === "video" && /^video\/(mp4|3gpp)$/.test(mime)) return "video";
  if (k === "audio") return "audio";
  return "document";
}

/** Ogg/Opus goes as a push-to-talk voice note (WhatsApp's own voice note format). */
export function isVoiceNote(mime: string, name: string): boolean {
  return /^audio\/(ogg|opus)\b/i.test(mime) || /\.(ogg|opus|oga)$/i.test(name);
}

function contactsContent(vCard: string): AnyMessageContent {
  const cards = splitVCards(vCard);
  const names = cards.map((c) => vCardName(c) ?? "");
  const displayName = cards.length === 1 ? names[0] || undefined : `${cards.length} contacts`;
  return {
    contacts: {
      ...(displayName ? { displayName } : {}),
      contacts: cards.map((vcard, i) => ({ ...(names[i] ? { displayName: names[i] } : {}), vcard })),
    },
  };
}

export function splitVCards(text: string): string[] {
  const cards = text.match(/BEGIN:VCARD[\s\S]*?END:VCARD/gi);
  return cards?.length ? cards : [text];
}

function vCardName(card: string): string | undefined {
  return card.match(/^FN(?:;[^:\r\n]*)?:(.*)$/im)?.[1]?.trim() || undefined;
}

/** The key of a message a MessageRef points at. */
export function keyOf(ref: MessageRef): WAMessageKey {
  const remoteJid = toJid(ref.chatId);
  return { remoteJid, id: ref.externalId, fromMe: ref.fromMe, ...(ref.participant && !ref.fromMe ? { participant: ref.participant } : {}) };
}

/**
 * The quoted message for sendMessage's `quoted` option. Baileys copies quoted.message into the reply's
 * contextInfo.quotedMessage (the preview the recipient sees): the cached original when we still have it, else the
 * text the core gives (or an empty text, which still links the reply).
 */
export function quotedMessage(ref: MessageRef, cached?: WAMessage): WAMessage {
  return { key: keyOf(ref), message: cached?.message ?? { conversation: ref.body ?? "" } };
}

/** Any error Baileys throws as a ChannelError. Boom errors carry an HTTP-like status in output.statusCode. */
export function toChannelError(err: unknown, opts: { group?: boolean } = {}): ChannelError {
  if (err instanceof ChannelError) return err;
  const status = boomStatus(err);
  const message = err instanceof Error ? err.message : String(err);
  switch (status) {
    case 401:
      return new ChannelError("AUTH_EXPIRED", message, err);
    case 403:
      // In a group, 403 is "not a member / not allowed to post there"; anywhere else the account itself is refused.
      return new ChannelError(opts.group ? "NOT_ON_CHANNEL" : "AUTH_EXPIRED", message, err);
    case 404:
      return new ChannelError("NOT_ON_CHANNEL", message, err);
    case 429:
      return new ChannelError("RATE_LIMITED", message, err);
    case 408:
    case 428:
    case 440:
    case 500:
    case 502:
    case 503:
    case 504:
    case 515:
      return new ChannelError("TEMPORARY", message, err);
  }
  if (/connection (closed|lost|terminated)|timed? ?out|ECONNRESET|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|socket hang up|fetch failed/i.test(message)) {
    return new ChannelError("TEMPORARY", message, err);
  }
  return new ChannelError("UNKNOWN", message, err);
}

export function boomStatus(err: unknown): number | undefined {
  const e = err as { isBoom?: boolean; output?: { statusCode?: number } } | null | undefined;
  return e && typeof e === "object" && e.output && typeof e.output.statusCode === "number" ? e.output.statusCode : undefined;
}
