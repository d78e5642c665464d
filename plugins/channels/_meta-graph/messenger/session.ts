/**
 * One Facebook Page or Instagram account connection (Messenger Platform). Nothing stays open: start() checks the
 * Page token and registers the session in the hub; events arrive through the shared /api/webhooks/meta endpoint.
 *
 * Send API: POST /{page-id}/messages with recipient.id (PSID / IGSID), messaging_type RESPONSE; when Meta answers
 * that the 24-hour window is closed and the connection enables humanAgentTag, the same message is sent once more
 * with messaging_type MESSAGE_TAG and tag HUMAN_AGENT. Facebook media is uploaded (POST /{page-id}/message_attachments)
 * and sent by attachment_id; Instagram media is sent by its signed public link (needs PUBLIC_URL).
 */
import {
  ChannelError,
  type ChannelHost,
  type ChannelSession,
  type InboundEvent,
  type InboundMedia,
  type InboundMediaKind,
  type MessageRef,
  type OutboundMessage,
} from "../../../../src/channels/adapter";
import type { MetaEnv } from "../env";
import { GraphClient } from "../graph-client";
import type { GraphError } from "../graph-error";
import type { MessengerConfig } from "./config";
import type { MessengerHub, MessengerLiveSession } from "./hub";
import { normalizeMessagingEvent } from "./normalize";
import type { MessagingEvent } from "./payload";
import { ProfileCache } from "./profile";
import { reactionForEmoji } from "./reactions";
import { SentLog } from "./sent-log";

export interface MessengerSessionDeps {
  channel: "facebook" | "instagram";
  env: MetaEnv;
  hub: MessengerHub;
}

type Attachment = { type: "image" | "video" | "audio" | "file"; payload: Record<string, unknown> };

export function createMessengerSession(host: ChannelHost, config: MessengerConfig, deps: MessengerSessionDeps): ChannelSession {
  const env = deps.env;
  const isInstagram = deps.channel === "instagram";
  let started = false;
  let lostReported = false;
  const graph = new GraphClient({
    baseUrl: env.graphUrl,
    fetch: env.fetch,
    accessToken: config.pageAccessToken,
    auth: "query",
    appSecret: env.appSecret,
    onError: (err: GraphError) => {
      if (err.code === "AUTH_EXPIRED" && started && !lostReported) {
        lostReported = true;
        host.lost(err);
      }
    },
  });
  const accountId = isInstagram ? config.instagramAccountId : config.pageId;
  if (!accountId) throw new ChannelError("UNKNOWN", "The Instagram connection has no instagramAccountId");
  const profiles = new ProfileCache(graph, deps.channel, () => host.clock.now().getTime());
  const sentLog = new SentLog(host);
  /** Mids we sent that the core does not know (a caption sent after its attachment): their echoes are ours. */
  const extraMids = new Set<string>();

  /** Attachment files are public CDN links (no token): the handle is the link itself. */
  const fetchMedia = async (ref: Record<string, unknown>) => {
    if (typeof ref.url !== "string") throw new ChannelError("UNKNOWN", "The media handle has no URL");
    return (await graph.download(ref.url, { auth: false })).bytes;
  };
  const media = (url: string, kind: InboundMediaKind): InboundMedia | undefined => {
    if (isInstagram && !env.downloadInstagramMedia) return undefined;
    const name = decodeURIComponent(new URL(url, "http://x").pathname.split("/").pop() ?? "") || undefined;
    const ref = { url };
    return { ...(name ? { name } : {}), kind, ref, fetch: () => fetchMedia(ref) };
  };

  const live: MessengerLiveSession = {
    object: isInstagram ? "instagram" : "page",
    accountId,
    host,
    async handleEvent(ev: MessagingEvent) {
      const action = normalizeMessagingEvent(ev, { media });
      switch (action.kind) {
        case "events": {
          if (action.fromMe && action.events.every((e) => extraMids.has(e.externalId))) return;
          const profile = await profiles.get(action.chatId);
          for (const e of action.events) {
            const chat = { ...e.chat, ...(profile.name ? { name: profile.name } : {}), ...(profile.picture ? { picture: profile.picture } : {}) };
            await host.inbound({ ...e, chat } as InboundEvent);
          }
          return;
        }
        case "delivery":
          for (const mid of action.mids) host.ack(mid, 2);
          if (!action.mids.length && action.watermark) await sentLog.ackUpTo(action.chatId, action.watermark, 2);
          return;
        case "read":
          if (action.watermark) await sentLog.ackUpTo(action.chatId, action.watermark, 3);
          if (action.mid) await sentLog.ackUpToMid(action.chatId, action.mid, 3);
          return;
        default:
          host.log.debug("messenger event ignored", { reason: action.reason });
      }
    },
  };

  /** POST /{page-id}/messages, with the HUMAN_AGENT fallback; answers the message id. */
  const sendMessage = async (recipient: string, message: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> => {
    const base = { recipient: { id: recipient }, message, ...extra };
    const sentAt = host.clock.now().getTime();
    let res: { message_id?: string };
    try {
      res = await graph.post(`/${config.pageId}/messages`, { ...base, messaging_type: "RESPONSE" });
    } catch (err) {
      if ((err as GraphError).code !== "OUTSIDE_WINDOW" || !config.humanAgentTag) throw err;
      res = await graph.post(`/${config.pageId}/messages`, { ...base, messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
    }
    if (!res?.message_id) throw new ChannelError("UNKNOWN", "Meta accepted the message but returned no id", res);
    await sentLog.record(recipient, res.message_id, sentAt);
    return res.message_id;
  };

  const attachmentFor = async (m: NonNullable<OutboundMessage["media"]>): Promise<Attachment> => {
    const type = attachmentType(m.kind, m.mime);
    if (isInstagram) {
      if (!/^https?:\/\//i.test(m.url)) throw new ChannelError("UNSUPPORTED", "Instagram fetches media by link: set PUBLIC_URL to send files");
      return { type, payload: { url: m.url } };
    }
    const form = new FormData();
    form.set("message", JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
    form.set("filedata", new Blob([(await m.read()) as Uint8Array<ArrayBuffer>], { type: m.mime }), m.name);
    const res = await graph.postForm<{ attachment_id?: string }>(`/${config.pageId}/message_attachments`, form);
    if (!res?.attachment_id) throw new ChannelError("UNKNOWN", "Meta accepted the upload but returned no attachment id", res);
    return { type, payload: { attachment_id: res.attachment_id } };
  };

  return {
    async start() {
      deps.hub.register(live);
      try {
        host.status("OPENING");
        if (isInstagram) await graph.get(`/${accountId}`, { fields: "id,username" });
        else await graph.get(`/${config.pageId}`, { fields: "id,name" });
        started = true;
        lostReported = false;
        host.status("CONNECTED");
      } catch (err) {
        deps.hub.unregister(live);
        throw ChannelError.from(err);
      }
    },

    async stop() {
      started = false;
      deps.hub.unregister(live);
    },

    async logout() {
      started = false;
      deps.hub.unregister(live);
      await host.authState.clear();
    },

    async send(msg: OutboundMessage) {
      if (msg.to.isGroup) throw new ChannelError("UNSUPPORTED", "Messenger and Instagram have no group chats here");
      const to = msg.to.chatId;
      const reply = msg.quoted?.externalId ? { reply_to: { mid: msg.quoted.externalId } } : {};
      if (msg.media) {
        const attachment = await attachmentFor(msg.media);
        const id = await sendMessage(to, { attachment }, reply);
        const caption = msg.body.trim() && msg.body !== msg.media.name ? msg.body : "";
        if (caption) {
          // Attachments carry no caption on Messenger: the text follows as its own message.
          const captionId = await sendMessage(to, { text: caption });
          extraMids.add(captionId);
          if (extraMids.size > 500) extraMids.delete(extraMids.values().next().value!);
        }
        return { externalId: id };
      }
      const text = msg.vCard ? vCardAsText(msg.vCard, msg.body) : msg.body;
      if (!text.trim()) throw new ChannelError("UNSUPPORTED", "Nothing to send");
      return { externalId: await sendMessage(to, { text }, reply) };
    },

    async react(ref: MessageRef, emoji: string) {
      const base = { recipient: { id: ref.chatId } };
      if (!emoji) {
        await graph.post(`/${config.pageId}/messages`, { ...base, sender_action: "unreact", payload: { message_id: ref.externalId } });
        return;
      }
      const reaction = isInstagram ? (reactionForEmoji(emoji) === "love" ? "love" : undefined) : reactionForEmoji(emoji);
      if (!reaction) throw new ChannelError("UNSUPPORTED", isInstagram ? "Instagram only takes the heart reaction" : `Messenger has no ${emoji} reaction`);
      await graph.post(`/${config.pageId}/messages`, { ...base, sender_action: "react", payload: { message_id: ref.externalId, reaction } });
    },

    async markRead(refs: MessageRef[]) {
      for (const chatId of new Set(refs.filter((r) => !r.fromMe).map((r) => r.chatId))) {
        await graph.post(`/${config.pageId}/messages`, { recipient: { id: chatId }, sender_action: "mark_seen" });
      }
    },

    async profilePicture(chatId: string) {
      return (await profiles.get(chatId)).picture;
    },

    fetchMedia,
  };
}

function attachmentType(kind: string, mime: string): Attachment["type"] {
  if (kind === "image" || mime.startsWith("image/")) return "image";
  if (kind === "video" || mime.startsWith("video/")) return "video";
  if (kind === "audio" || mime.startsWith("audio/")) return "audio";
  return "file";
}

/** Messenger has no contact cards: the card goes as text (name, then phones and emails). */
function vCardAsText(vCard: string, body: string): string {
  const lines: string[] = [];
  for (const raw of vCard.replace(/\r?\n[ \t]/g, "").split(/\r?\n/)) {
    const idx = raw.indexOf(":");
    if (idx < 0) continue;
    const name = raw.slice(0, idx).split(";")[0]!.toUpperCase();
    const value = raw
      .slice(idx + 1)
      .replace(/\\([,;\\])/g, "$1")
      .trim();
    if (name === "FN") lines.push(value);
    else if ((name === "TEL" || name === "EMAIL") && value) lines.push(value);
  }
  return lines.length ? lines.join("\n") : body;
}
