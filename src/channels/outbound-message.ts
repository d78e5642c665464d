/**
 * What the plugin is handed for one stored message: the recipient, the text (without WhatsApp's marks on channels that
 * show them literally), the file with its bytes and a signed link, the quoted message, and the location or template
 * kept in the message's data.
 */
import type { AppContext } from "../context";
import type { InboundLocation, MessageRef, OutboundMessage, OutboundTemplate } from "./adapter";
import { mediaTypeOf } from "./inbound-media";
import { readMessageData } from "./message-data";
import { quotedMessage } from "./outbound-queries";
import { plainText } from "./text-format";

export async function buildOutbound(
  ctx: AppContext,
  row: {
    id: number;
    companyId: number;
    ticketId: number;
    body: string;
    mediaKey: string | null;
    mediaType: string | null;
    quotedMsgId: number | null;
    vCard: string | null;
    data: string | null;
    identity: string | null;
    number: string;
    isGroup: number;
    channel: string | null;
  },
): Promise<OutboundMessage> {
  // A channel that shows WhatsApp's marks literally gets the text without them (the signature as "Name:").
  const plain = row.channel !== null && ctx.channels.registry.get(row.channel)?.manifest.formatting === "plain";
  const msg: OutboundMessage = {
    messageId: row.id,
    ticketId: row.ticketId,
    to: { chatId: row.identity ?? row.number, isGroup: row.isGroup === 1, number: row.number || undefined },
    body: plain ? plainText(row.body) : row.body,
  };
  if (row.vCard) msg.vCard = row.vCard;
  const data = readMessageData(row.data);
  const location = locationOf(data);
  if (location) msg.location = location;
  const template = templateOf(data);
  if (template) msg.template = template;
  if (row.mediaKey) {
    const found = await ctx.media.get(row.companyId, row.mediaKey);
    if (found) {
      const base = ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? "";
      msg.media = {
        mime: found.media.mime,
        name: found.media.name,
        size: found.media.size,
        kind: row.mediaType ?? mediaTypeOf(found.media.mime),
        read: async () => new Uint8Array(await found.file.arrayBuffer()),
        url: base + ctx.media.url(row.companyId, row.mediaKey),
      };
    }
  }
  if (row.quotedMsgId) {
    const q = await quotedMessage(ctx.db, row.companyId, row.quotedMsgId);
    if (q?.externalId) {
      const ref: MessageRef = { externalId: q.externalId, chatId: msg.to.chatId, fromMe: q.fromMe === 1, body: q.isDeleted === 1 ? "" : q.body };
      if (q.participant) ref.participant = q.participant;
      msg.quoted = ref;
    }
  }
  return msg;
}

/** The location stored with a message (data.location), when it is a well-formed one. */
function locationOf(data: Record<string, unknown>): InboundLocation | undefined {
  const l = data.location as Partial<InboundLocation> | undefined;
  if (!l || !Number.isFinite(l.latitude) || !Number.isFinite(l.longitude)) return undefined;
  return {
    latitude: l.latitude!,
    longitude: l.longitude!,
    ...(typeof l.name === "string" && l.name ? { name: l.name } : {}),
    ...(typeof l.address === "string" && l.address ? { address: l.address } : {}),
  };
}

/** The template stored with a message (data.template), when it is a well-formed one. */
function templateOf(data: Record<string, unknown>): OutboundTemplate | undefined {
  const t = data.template as Partial<OutboundTemplate> | undefined;
  if (!t || typeof t.name !== "string" || typeof t.language !== "string") return undefined;
  return { name: t.name, language: t.language, ...(Array.isArray(t.components) ? { components: t.components } : {}) };
}
