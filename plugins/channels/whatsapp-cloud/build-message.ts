/**
 * Request bodies of POST /{phone-number-id}/messages, one function per kind. Pure.
 * Reference: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 */
import type { OutboundTemplate } from "../../../src/channels/adapter";
import { parseVCard } from "./vcard";

export type WaOutgoing = Record<string, unknown> & { messaging_product: "whatsapp"; to?: string };

function base(to: string, replyTo?: string): WaOutgoing {
  return { messaging_product: "whatsapp", recipient_type: "individual", to, ...(replyTo ? { context: { message_id: replyTo } } : {}) };
}

export function buildText(to: string, body: string, replyTo?: string): WaOutgoing {
  return { ...base(to, replyTo), type: "text", text: { preview_url: /https?:\/\//i.test(body), body } };
}

/** Media already uploaded (POST /{phone-number-id}/media answered its id). Audio and stickers take no caption. */
export function buildMedia(
  to: string,
  kind: "image" | "video" | "audio" | "document" | "sticker",
  mediaId: string,
  opts: { caption?: string; filename?: string; replyTo?: string } = {},
): WaOutgoing {
  const obj: Record<string, unknown> = { id: mediaId };
  if (opts.caption && kind !== "audio" && kind !== "sticker") obj.caption = opts.caption;
  if (kind === "document" && opts.filename) obj.filename = opts.filename;
  return { ...base(to, opts.replyTo), type: kind, [kind]: obj };
}

export function buildContacts(to: string, vCard: string, replyTo?: string): WaOutgoing {
  const contacts = parseVCard(vCard);
  return { ...base(to, replyTo), type: "contacts", contacts };
}

export function buildReaction(to: string, messageId: string, emoji: string): WaOutgoing {
  // An empty emoji removes the reaction.
  return { ...base(to), type: "reaction", reaction: { message_id: messageId, emoji } };
}

/** Components go exactly as the Cloud API takes them (header/body/button parameters). */
export function buildTemplate(to: string, t: OutboundTemplate, replyTo?: string): WaOutgoing {
  return {
    ...base(to, replyTo),
    type: "template",
    template: { name: t.name, language: { code: t.language }, ...(t.components?.length ? { components: t.components } : {}) },
  };
}

/** Marks an incoming message (and the earlier ones of the chat) as read. */
export function buildRead(messageId: string): WaOutgoing {
  return { messaging_product: "whatsapp", status: "read", message_id: messageId };
}

/** The Cloud API message kind for a stored media kind (spec mediaType image/audio/video/application). */
export function mediaKindFor(kind: string, mime: string): "image" | "video" | "audio" | "document" | "sticker" {
  if (mime === "image/webp") return "sticker";
  if (kind === "image" || mime.startsWith("image/")) return mime === "image/jpeg" || mime === "image/png" ? "image" : "document";
  if (kind === "video" || mime.startsWith("video/")) return mime === "video/mp4" || mime === "video/3gpp" ? "video" : "document";
  if (kind === "audio" || mime.startsWith("audio/")) return "audio";
  return "document";
}
