/**
 * WhatsApp Cloud API webhook payloads -> the core's normalised inbound events. Pure: media is fetched later through
 * the `media` callback the session supplies, and nothing here talks to the network.
 *
 * Payload reference: https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 * (one page per message type; fixtures in ./fixtures name the page each was copied from).
 */
import type { Ack, InboundEvent, InboundMedia, InboundMediaKind, InboundMessage } from "../../../src/channels/adapter";
import type { GraphError } from "../_meta-graph/graph-error";
import { mapStatusError } from "../_meta-graph/map-graph-error";
import type { WaChangeValue, WaMedia, WaMessage, WaStatus } from "./payload";
import { cardName, toVCard } from "./vcard";

export type { WaChangeValue, WaContact, WaMedia, WaMessage, WaStatus } from "./payload";

export interface NormalizeDeps {
  /** Builds the lazy media handle for a media id (GET /{media-id}, then the download URL). */
  media(m: WaMedia, kind: InboundMediaKind): InboundMedia;
}

const MEDIA_TYPES = ["image", "video", "audio", "document", "sticker"] as const;

/**
 * One message of `value.messages` (or, with fromMe, of `value.message_echoes`) as an inbound event; undefined for
 * notifications that carry no message (request_welcome).
 */
export function normalizeWhatsAppMessage(m: WaMessage, value: WaChangeValue, deps: NormalizeDeps, opts: { fromMe?: boolean } = {}): InboundEvent | undefined {
  const fromMe = opts.fromMe === true;
  const peer = userId(fromMe ? (m.to ?? "") : m.from);
  const contact = value.contacts?.find((c) => c.wa_id === peer) ?? (value.contacts?.length === 1 ? value.contacts[0] : undefined);
  const chat = { id: peer, ...(/^\d+$/.test(peer) ? { number: peer } : {}), ...(!fromMe && contact?.profile?.name ? { name: contact.profile.name } : {}) };
  const timestamp = toMillis(m.timestamp);

  if (m.type === "reaction" && m.reaction) {
    return { type: "reaction", chat, externalId: m.reaction.message_id, fromMe, emoji: m.reaction.emoji ?? "", ...(timestamp ? { timestamp } : {}) };
  }
  if (m.type === "request_welcome") return undefined;

  const msg: InboundMessage = { type: "message", chat, externalId: m.id, fromMe, body: "", ...(timestamp ? { timestamp } : {}) };
  const data: Record<string, unknown> = {};

  switch (m.type) {
    case "text":
      msg.body = m.text?.body ?? "";
      break;
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker": {
      const media = m[m.type];
      if (media?.id) {
        msg.media = deps.media(media, m.type === "document" ? "file" : m.type === "sticker" ? "image" : m.type);
        msg.body = media.caption ?? "";
        if (m.type === "audio" && media.voice) data.voice = true;
        if (m.type === "sticker") data.sticker = true;
      } else msg.body = unsupportedText(m.type, "media without an id");
      break;
    }
    case "location":
      if (m.location) {
        msg.location = {
          latitude: Number(m.location.latitude),
          longitude: Number(m.location.longitude),
          ...(m.location.name ? { name: m.location.name } : {}),
          ...(m.location.address ? { address: m.location.address } : {}),
        };
      }
      break;
    case "contacts": {
      const cards = m.contacts ?? [];
      msg.vCard = toVCard(cards);
      msg.body = cards.map(cardName).filter(Boolean).join(", ");
      break;
    }
    case "interactive": {
      const i = m.interactive;
      if (i?.type === "button_reply" && i.button_reply) msg.body = i.button_reply.title;
      else if (i?.type === "list_reply" && i.list_reply) msg.body = i.list_reply.title;
      else if (i?.type === "nfm_reply" && i.nfm_reply) msg.body = i.nfm_reply.body ?? i.nfm_reply.name ?? "Flow response";
      else msg.body = unsupportedText(`interactive ${i?.type ?? ""}`.trim());
      data.interactive = i;
      break;
    }
    case "button":
      msg.body = m.button?.text ?? "";
      data.button = m.button;
      break;
    case "order": {
      const items = m.order?.product_items ?? [];
      msg.body = [`Order: ${items.length} item${items.length === 1 ? "" : "s"}`, ...items.map((p) => `${p.quantity} x ${p.product_retailer_id}`), m.order?.text]
        .filter(Boolean)
        .join("\n");
      data.order = m.order;
      break;
    }
    case "system":
      msg.body = m.system?.body ?? "System message";
      data.system = m.system;
      break;
    default: {
      const err = m.errors?.[0];
      msg.body = unsupportedText(
        m.unsupported?.type ?? (m.type === "unsupported" || m.type === "unknown" ? undefined : m.type),
        err?.error_data?.details ?? err?.title,
      );
      data.unsupported = { type: m.unsupported?.type ?? m.type, ...(err?.code !== undefined ? { code: err.code } : {}) };
    }
  }

  const ctx = m.context;
  if (ctx?.id && !ctx.forwarded && !ctx.frequently_forwarded) msg.quotedExternalId = ctx.id;
  if (ctx?.forwarded || ctx?.frequently_forwarded) msg.isForwarded = true;
  if (ctx?.referred_product) data.referredProduct = ctx.referred_product;

  if (m.referral) {
    // Click-to-WhatsApp ad: the web app renders kind adMetaPreview from data.referral.
    msg.kind = "adMetaPreview";
    data.referral = adReferral(m.referral);
    if (!msg.body) msg.body = m.referral.headline ?? m.referral.body ?? "";
  }
  if (Object.keys(data).length) msg.data = data;
  return msg;
}

/** The referral of a Click-to-WhatsApp ad in the shape the web app's ad preview reads. */
export function adReferral(r: Record<string, unknown>): Record<string, unknown> {
  const pick = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : undefined);
  const out: Record<string, unknown> = {
    title: pick("headline"),
    body: pick("body"),
    sourceUrl: pick("source_url"),
    sourceId: pick("source_id"),
    sourceType: pick("source_type"),
    mediaType: pick("media_type"),
    imageUrl: pick("image_url"),
    videoUrl: pick("video_url"),
    thumbnailUrl: pick("thumbnail_url"),
    ctwaClid: pick("ctwa_clid"),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * A status webhook as an ack. sent -> 1, delivered -> 2, read -> 3, played (voice messages) -> 4;
 * failed -> ack 0 with the error mapped from Meta's code (the core marks the message failed and shows the reason).
 * Other statuses (deleted, warning) give undefined.
 */
export function statusToAck(s: WaStatus): { externalId: string; ack: Ack; error?: GraphError } | undefined {
  switch (s.status) {
    case "sent":
      return { externalId: s.id, ack: 1 };
    case "delivered":
      return { externalId: s.id, ack: 2 };
    case "read":
      return { externalId: s.id, ack: 3 };
    case "played":
      return { externalId: s.id, ack: 4 };
    case "failed":
      return { externalId: s.id, ack: 0, error: mapStatusError(s.errors?.[0] ?? { message: "Message failed to send" }) };
    default:
      return undefined;
  }
}

/** A phone-like id as digits ("+16505551234" -> "16505551234"); other ids as given. */
function userId(v: string): string {
  return /^[+\d\s()-]+$/.test(v) ? v.replace(/\D/g, "") : v;
}

function unsupportedText(type?: string, detail?: string): string {
  return `[Unsupported WhatsApp message${type ? `: ${type}` : ""}]${detail ? ` ${detail}` : ""}`;
}

/** The Cloud API's `timestamp` is a Unix time in seconds (a string in its payloads). */
function toMillis(t: string | number | undefined): number | undefined {
  if (t === undefined || t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n * 1000 : undefined;
}

export { MEDIA_TYPES };
