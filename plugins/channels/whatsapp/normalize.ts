/**
 * Baileys messages (proto.IWebMessageInfo as Baileys hands them over in messages.upsert / messaging-history.set)
 * to the core's one inbound shape. Pure: everything a message needs from outside (LID map, group subjects, the
 * media downloader) comes in the context.
 *
 * Protocol messages are read from the message itself, not from Baileys' derived events: a REVOKE protocolMessage
 * is an InboundRevoke, a MESSAGE_EDIT one (bare or inside editedMessage) an InboundEdit, a reactionMessage an
 * InboundReaction. The session therefore ignores 'messages.reaction' and the edit/revoke parts of 'messages.update'
 * (both are emitted for the same upserted message), and history imports map the same way.
 */
import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  normalizeMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type WAMessage,
} from "baileys";
import type { InboundChat, InboundEvent, InboundMedia, InboundMessage, InboundParticipant } from "../../../src/channels/adapter";

export interface NormalizeContext {
  /** Phone JID for a LID JID when the map knows it. */
  pnForLid?(lidJid: string): string | undefined;
  /** A group's subject when known. */
  groupSubject?(groupJid: string): string | undefined;
  /** Downloads (and decrypts) a media message's bytes; the core calls it once it knows the message is new. */
  download?(message: WAMessage): Promise<Uint8Array>;
}

type Content = proto.IMessage;

/** One Baileys message as one inbound event; null for what the core does not store (status, protocol noise, ...). */
export function normalizeMessage(m: WAMessage, ctx: NormalizeContext = {}): InboundEvent | null {
  const key = m.key;
  const remoteJid = key?.remoteJid;
  if (!remoteJid || !key.id) return null;
  if (isJidStatusBroadcast(remoteJid) || isJidBroadcast(remoteJid) || isJidNewsletter(remoteJid)) return null;

  const fromMe = key.fromMe === true;
  const chat = chatOf(m, ctx);
  if (!chat) return null;
  const participant = participantOf(m);
  const timestamp = timestampOf(m);
  const common = { chat, ...(participant ? { participant } : {}), ...(timestamp ? { timestamp } : {}) };

  if (m.messageStubType) return stubEvent(m, common, fromMe);

  const wrapped = m.message;
  const content = normalizeMessageContent(wrapped);
  if (!content) return null;

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return null;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { type: "revoke", externalId: target, ...common };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const edited = normalizeMessageContent(protocol.editedMessage);
      const body = edited ? textOf(edited) : undefined;
      return body === undefined ? null : { type: "edit", externalId: target, body, ...common };
    }
    return null;
  }

  const reaction = content.reactionMessage;
  if (reaction) {
    const target = reaction.key?.id;
    if (!target) return null;
    return { type: "reaction", externalId: target, fromMe, emoji: reaction.text ?? "", ...common };
  }

  const msg = messageOf(m, content, ctx);
  if (!msg) return null;
  const event: InboundMessage = { type: "message", externalId: key.id, fromMe, ...common, ...msg };
  const flags: Record<string, unknown> = { ...(msg.data ?? {}) };
  if (isViewOnce(wrapped)) flags.viewOnce = true;
  if (Object.keys(flags).length) event.data = flags;
  else delete event.data;
  return event;
}

// -------------------------------------------------------------------------------------------------------------
// Chat, sender, time

/**
 * The chat: a group by its JID (subject as name when known), or a person by phone JID. A person who writes under a
 * LID gets the phone JID when known (key.remoteJidAlt from the stanza, or the LID map), otherwise the LID itself.
 */
function chatOf(m: WAMessage, ctx: NormalizeContext): InboundChat | undefined {
  const key = m.key;
  const remote = jidNormalizedUser(key.remoteJid ?? "");
  if (!remote) return undefined;
  if (isJidGroup(remote)) {
    const name = ctx.groupSubject?.(remote);
    return { id: remote, isGroup: true, ...(name ? { name } : {}) };
  }
  // On our own messages Baileys fills remoteJidAlt from the stanza's sender attributes, i.e. with OUR alternate id,
  // not the contact's (lib/Utils/decode-wa-message.js): only the LID map is trusted there.
  const id = phoneJidOf(remote, key.fromMe ? undefined : key.remoteJidAlt, ctx);
  const chat: InboundChat = { id };
  if (isPnUser(id)) chat.number = jidDecode(id)!.user;
  // pushName is the sender's own profile name; on our own messages it is ours, not the contact's.
  if (!key.fromMe && m.pushName) chat.name = m.pushName;
  return chat;
}

/** A LID JID resolved to its phone JID when known; any other JID as is. */
export function phoneJidOf(jid: string, alt: string | null | undefined, ctx: NormalizeContext): string {
  const j = jidNormalizedUser(jid);
  if (!isLidUser(j)) return j;
  if (alt && isPnUser(alt)) return jidNormalizedUser(alt);
  return ctx.pnForLid?.(j) ?? j;
}

/** Who wrote in a group (never set for our own messages). The JID is kept as WhatsApp addressed it (LID or phone). */
function participantOf(m: WAMessage): InboundParticipant | undefined {
  const key = m.key;
  if (!isJidGroup(key.remoteJid ?? "") || key.fromMe) return undefined;
  const jid = key.participant || m.participant;
  if (!jid) return undefined;
  const p: InboundParticipant = { id: jidNormalizedUser(jid) };
  if (m.pushName) p.name = m.pushName;
  return p;
}

function timestampOf(m: WAMessage): number | undefined {
  const s = toNumber(m.messageTimestamp as number | null | undefined);
  return s > 0 ? s * 1000 : undefined;
}

// -------------------------------------------------------------------------------------------------------------
// Stubs: missed calls are stored as call logs; a message that arrives already revoked is a revoke; the rest is noise.

const MISSED_CALLS: Record<number, { video: boolean; group: boolean }> = {
  [WAMessageStubType.CALL_MISSED_VOICE]: { video: false, group: false },
  [WAMessageStubType.CALL_MISSED_VIDEO]: { video: true, group: false },
  [WAMessageStubType.CALL_MISSED_GROUP_VOICE]: { video: false, group: true },
  [WAMessageStubType.CALL_MISSED_GROUP_VIDEO]: { video: true, group: true },
};

function stubEvent(m: WAMessage, common: { chat: InboundChat }, fromMe: boolean): InboundEvent | null {
  const stub = m.messageStubType!;
  if (stub === WAMessageStubType.REVOKE) return { type: "revoke", externalId: m.key.id!, ...common };
  const call = MISSED_CALLS[stub];
  if (call) return callLog(m.key.id!, common, fromMe, { video: call.video, group: call.group, outcome: "missed" });
  return null;
}

export function callLog(
  externalId: string,
  common: { chat: InboundChat; participant?: InboundParticipant; timestamp?: number },
  fromMe: boolean,
  call: { video: boolean; group?: boolean; outcome: string; durationSecs?: number },
): InboundMessage {
  const what = call.video ? "video call" : "voice call";
  const body =
    call.outcome === "missed"
      ? `Missed ${what}`
      : call.outcome === "rejected"
        ? `Rejected ${what}`
        : `${what[0]!.toUpperCase()}${what.slice(1)}${call.durationSecs ? ` (${formatDuration(call.durationSecs)})` : ""}`;
  return { type: "message", externalId, fromMe, ...common, body, kind: "call_log", data: { call } };
}

function formatDuration(secs: number): string {
  const m = Math.floor(secs / 60);
  const s = secs % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

// -------------------------------------------------------------------------------------------------------------
// Content

type MessagePart = Pick<InboundMessage, "body"> &
  Partial<Pick<InboundMessage, "media" | "quotedExternalId" | "vCard" | "location" | "kind" | "data" | "isForwarded">>;

function messageOf(m: WAMessage, c: Content, ctx: NormalizeContext): MessagePart | null {
  const type = contentType(c);
  const part = partOf(m, c, type, ctx);
  if (!part) return null;

  const info = contextInfoOf(c, type);
  if (info?.stanzaId) part.quotedExternalId = info.stanzaId;
  if (info?.isForwarded || (info?.forwardingScore ?? 0) > 0) part.isForwarded = true;
  const ad = info?.externalAdReply;
  if (ad) {
    part.data = {
      ...part.data,
      ad: compact({
        title: ad.title,
        body: ad.body,
        sourceUrl: ad.sourceUrl,
        sourceId: ad.sourceId,
        sourceType: ad.sourceType,
        thumbnailUrl: ad.thumbnailUrl,
        mediaUrl: ad.mediaUrl,
        ctwaClid: ad.ctwaClid,
      }),
    };
    // The ad preview is the message's kind when nothing else (a media file) decides how it renders.
    if (!part.media && !part.location && !part.vCard && !part.kind) part.kind = "adMetaPreview";
  }
  return part;
}

function partOf(m: WAMessage, c: Content, type: string | undefined, ctx: NormalizeContext): MessagePart | null {
  const media = (mime: string | null | undefined, name?: string | null): InboundMedia => {
    const out: InboundMedia = {};
    if (mime) out.mime = mime;
    if (name) out.name = name;
    if (ctx.download) out.fetch = () => ctx.download!(m);
    return out;
  };

  switch (type) {
    case "conversation":
      return { body: c.conversation ?? "" };
    case "extendedTextMessage":
      return { body: c.extendedTextMessage?.text ?? "" };
    case "imageMessage":
      return { body: c.imageMessage?.caption ?? "", media: media(c.imageMessage?.mimetype ?? "image/jpeg") };
    case "videoMessage":
      return {
        body: c.videoMessage?.caption ?? "",
        media: media(c.videoMessage?.mimetype ?? "video/mp4"),
        ...(c.videoMessage?.gifPlayback ? { data: { gif: true } } : {}),
      };
    case "ptvMessage":
      return { body: c.ptvMessage?.caption ?? "", media: media(c.ptvMessage?.mimetype ?? "video/mp4"), data: { videoNote: true } };
    case "audioMessage":
      return { body: "", media: media(c.audioMessage?.mimetype ?? "audio/ogg"), ...(c.audioMessage?.ptt ? { data: { ptt: true } } : {}) };
    case "documentMessage": {
      const d = c.documentMessage!;
      return { body: d.caption ?? "", media: media(d.mimetype ?? "application/octet-stream", d.fileName || d.title) };
    }
    case "stickerMessage":
      return { body: "", media: media(c.stickerMessage?.mimetype ?? "image/webp"), data: { sticker: true } };
    case "locationMessage": {
      const l = c.locationMessage!;
      return {
        body: l.comment ?? "",
        location: compact({ latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0, name: l.name, address: l.address }),
      };
    }
    case "liveLocationMessage": {
      const l = c.liveLocationMessage!;
      return { body: l.caption ?? "", location: { latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0 }, data: { liveLocation: true } };
    }
    case "contactMessage": {
      const v = c.contactMessage!;
      return { body: v.displayName ?? "", vCard: v.vcard ?? "" };
    }
    case "contactsArrayMessage": {
      const list = c.contactsArrayMessage?.contacts ?? [];
      const cards = list.map((x) => x.vcard).filter((x): x is string => !!x);
      if (!cards.length) return null;
      const names = list.map((x) => x.displayName).filter(Boolean);
      return { body: c.contactsArrayMessage?.displayName || names.join(", "), vCard: cards.join("\n") };
    }
    case "buttonsResponseMessage":
      return { body: c.buttonsResponseMessage?.selectedDisplayText ?? c.buttonsResponseMessage?.selectedButtonId ?? "" };
    case "templateButtonReplyMessage":
      return { body: c.templateButtonReplyMessage?.selectedDisplayText ?? c.templateButtonReplyMessage?.selectedId ?? "" };
    case "listResponseMessage":
      return { body: c.listResponseMessage?.title ?? c.listResponseMessage?.singleSelectReply?.selectedRowId ?? "" };
    case "interactiveResponseMessage":
      return { body: c.interactiveResponseMessage?.body?.text ?? "" };
    case "pollCreationMessage":
    case "pollCreationMessageV2":
    case "pollCreationMessageV3": {
      const p = c[type]!;
      const options = (p.options ?? []).map((o) => `- ${o.optionName ?? ""}`);
      return { body: [p.name ?? "", ...options].join("\n"), data: { poll: true } };
    }
    case "eventMessage":
      return { body: [c.eventMessage?.name, c.eventMessage?.description].filter(Boolean).join("\n") };
    case "groupInviteMessage":
      return { body: [c.groupInviteMessage?.groupName, c.groupInviteMessage?.caption].filter(Boolean).join("\n") };
    case "call":
      // A group call was offered (Baileys turns the offer into this message); 1:1 missed calls come as stubs.
      return callPart(false, "offered");
    case "callLogMesssage": {
      // WAProto spells it with three s. A call made or taken on the phone, logged into the chat.
      const l = c.callLogMesssage!;
      const outcome = proto.Message.CallLogMessage.CallOutcome[l.callOutcome ?? 0]?.toLowerCase() ?? "connected";
      return callPart(l.isVideo === true, outcome, toNumber(l.durationSecs as number | null | undefined));
    }
    default:
      return null;
  }
}

/** Baileys' getContentType, plus the two call payloads whose names it does not match ("call", "callLogMesssage"). */
function contentType(c: Content): string | undefined {
  const type = getContentType(c);
  if (type) return type;
  if (c.call) return "call";
  if (c.callLogMesssage) return "callLogMesssage";
  return undefined;
}

function callPart(video: boolean, outcome: string, durationSecs?: number): MessagePart {
  const { body, kind, data } = callLog("", { chat: { id: "" } }, false, { video, outcome, ...(durationSecs ? { durationSecs } : {}) });
  return { body, kind: kind!, data: data! };
}

/** The visible text of a message (what an edit replaces the body with). */
export function textOf(c: Content): string | undefined {
  if (typeof c.conversation === "string") return c.conversation;
  if (c.extendedTextMessage) return c.extendedTextMessage.text ?? "";
  if (c.imageMessage) return c.imageMessage.caption ?? "";
  if (c.videoMessage) return c.videoMessage.caption ?? "";
  if (c.documentMessage) return c.documentMessage.caption ?? "";
  return undefined;
}

function contextInfoOf(c: Content, type: string | undefined): proto.IContextInfo | null | undefined {
  if (!type || type === "conversation") return undefined;
  const inner = (c as Record<string, unknown>)[type];
  if (!inner || typeof inner !== "object") return undefined;
  return (inner as { contextInfo?: proto.IContextInfo | null }).contextInfo;
}

/** True when the message came wrapped as view-once (v1, v2 or v2 extension), or a media flagged viewOnce. */
function isViewOnce(c: Content | null | undefined): boolean {
  for (let i = 0; c && i < 5; i++) {
    if (c.viewOnceMessage || c.viewOnceMessageV2 || c.viewOnceMessageV2Extension) return true;
    if (c.imageMessage?.viewOnce || c.videoMessage?.viewOnce || c.audioMessage?.viewOnce) return true;
    c = c.ephemeralMessage?.message ?? c.documentWithCaptionMessage?.message ?? c.editedMessage?.message;
  }
  return false;
}

function compact<T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], null | undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== "")) as never;
}
