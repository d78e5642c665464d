/**
 * One WhatsApp Cloud API connection. Nothing stays open: start() checks the credentials against the phone number,
 * subscribes the app to the business account's webhooks and registers the session for the webhook handler; events
 * then arrive through POST /api/webhooks/whatsappapi/:connectionId.
 */
import {
  ChannelError,
  type ChannelHost,
  type ChannelSession,
  type InboundMedia,
  type InboundMediaKind,
  type MessageRef,
  type OutboundMessage,
} from "../../../src/channels/adapter";
import type { z } from "zod";
import type { MetaEnv } from "../_meta-graph/env";
import { issuePath } from "../_meta-graph/issue-path";
import { GraphClient } from "../_meta-graph/graph-client";
import type { GraphError } from "../_meta-graph/graph-error";
import { buildContacts, buildMedia, buildReaction, buildRead, buildTemplate, buildText, mediaKindFor, type WaOutgoing } from "./build-message";
import type { WhatsAppCloudConfig } from "./manifest";
import { normalizeWhatsAppMessage, statusToAck } from "./normalize";
import { type WaChangeValue, type WaMedia, waMessageSchema, waStatusSchema } from "./payload";
import type { WaLiveSession, WaSessionRegistry } from "./registry";

export interface WaSessionDeps {
  env: MetaEnv;
  registry: WaSessionRegistry;
}

export function createWhatsAppCloudSession(host: ChannelHost, config: WhatsAppCloudConfig, deps: WaSessionDeps): ChannelSession {
  let started = false;
  let lostReported = false;
  const env = deps.env;
  const graph = new GraphClient({
    baseUrl: env.graphUrl,
    fetch: env.fetch,
    accessToken: config.accessToken,
    auth: "bearer",
    onError: (err: GraphError) => {
      // A token that stops working after start is a lost authorisation: the connection shows it, the admins see it.
      if (err.code === "AUTH_EXPIRED" && started && !lostReported) {
        lostReported = true;
        host.lost(err);
      }
    },
  });
  const phoneId = config.phoneNumberId;

  // GET /{media-id} gives a short-lived URL that is downloaded with the same bearer token: the handle is the media id.
  const fetchMedia = async (ref: Record<string, unknown>) => {
    if (typeof ref.id !== "string") throw new ChannelError("UNKNOWN", "The media handle has no id");
    const info = await graph.get<{ url?: string; mime_type?: string }>(`/${ref.id}`, { phone_number_id: phoneId });
    if (!info?.url) throw new ChannelError("UNKNOWN", "Meta gave no download URL for the media");
    return (await graph.download(info.url)).bytes;
  };
  const media = (m: WaMedia, kind: InboundMediaKind): InboundMedia => {
    const ref = { id: m.id };
    return {
      ...(m.mime_type ? { mime: m.mime_type } : {}),
      ...(m.filename ? { name: m.filename } : {}),
      kind,
      ref,
      fetch: () => fetchMedia(ref),
    };
  };

  const live: WaLiveSession = {
    connectionId: host.connection.id,
    config,
    host,
    async handleChange(field: string, value: WaChangeValue) {
      if (field === "messages") {
        for (const s of valid(waStatusSchema, value.statuses, "statuses")) {
          const a = statusToAck(s);
          if (a) host.ack(a.externalId, a.ack, a.error);
        }
        for (const m of valid(waMessageSchema, value.messages, "messages")) {
          const ev = normalizeWhatsAppMessage(m, value, { media });
          if (ev) await host.inbound(ev);
        }
        for (const e of value.errors ?? []) host.log.warn("WhatsApp reported an error", { error: e as Record<string, unknown> });
      } else if (field === "smb_message_echoes") {
        // Messages the business sent from the WhatsApp Business app (coexistence): shown as sent from the phone.
        for (const m of valid(waMessageSchema, value.message_echoes, "message_echoes")) {
          const ev = normalizeWhatsAppMessage(m, value, { media }, { fromMe: true });
          if (ev) await host.inbound(ev);
        }
      } else host.log.debug("webhook field ignored", { field });
    },
  };

  /** The items of a change's list that have the documented shape; the others are logged and skipped. */
  const valid = <S extends z.ZodType>(schema: S, items: unknown[] | undefined, list: string): z.output<S>[] => {
    const out: z.output<S>[] = [];
    for (const [i, item] of (items ?? []).entries()) {
      const parsed = schema.safeParse(item);
      if (parsed.success) out.push(parsed.data);
      else host.log.warn("webhook item malformed; skipped", { at: `${list}.${i}.${issuePath(parsed.error)}` });
    }
    return out;
  };

  const post = async (body: WaOutgoing): Promise<string> => {
    const res = await graph.post<{ messages?: { id?: string }[] }>(`/${phoneId}/messages`, body);
    const id = res?.messages?.[0]?.id;
    if (!id) throw new ChannelError("UNKNOWN", "Meta accepted the message but returned no id", res);
    return id;
  };

  const upload = async (bytes: Uint8Array, mime: string, name: string): Promise<string> => {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", mime);
    form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }), name);
    const res = await graph.postForm<{ id?: string }>(`/${phoneId}/media`, form);
    if (!res?.id) throw new ChannelError("UNKNOWN", "Meta accepted the upload but returned no media id", res);
    return res.id;
  };

  return {
    async start() {
      deps.registry.register(live);
      try {
        host.status("OPENING");
        const phone = await graph.get<{ display_phone_number?: string; verified_name?: string }>(`/${phoneId}`, {
          fields: "display_phone_number,verified_name",
        });
        try {
          // Makes sure the business account's webhooks reach this app (idempotent). With PUBLIC_URL known, the
          // account's callback is pointed at this connection's endpoint too (Meta verifies it with a GET first).
          const override = env.publicUrl
            ? { override_callback_uri: `${env.publicUrl.replace(/\/+$/, "")}/api/webhooks/whatsappapi/${host.connection.id}`, verify_token: config.verifyToken }
            : undefined;
          await graph.post(`/${config.businessAccountId}/subscribed_apps`, override);
        } catch (err) {
          if ((err as GraphError).code === "AUTH_EXPIRED") throw err;
          host.log.warn("could not subscribe the app to the business account's webhooks", { reason: (err as Error).message });
        }
        started = true;
        lostReported = false;
        const number = phone?.display_phone_number?.replace(/\D/g, "");
        host.status("CONNECTED", undefined, number ? { number } : undefined);
      } catch (err) {
        deps.registry.unregister(live);
        throw ChannelError.from(err);
      }
    },

    async stop() {
      started = false;
      deps.registry.unregister(live);
    },

    async logout() {
      started = false;
      deps.registry.unregister(live);
      await host.authState.clear();
    },

    async send(msg: OutboundMessage) {
      if (msg.to.isGroup) throw new ChannelError("UNSUPPORTED", "The WhatsApp Cloud API has no group chats");
      const to = recipient(msg);
      const replyTo = msg.quoted?.externalId;
      let body: WaOutgoing;
      if (msg.template) body = buildTemplate(to, msg.template, replyTo);
      else if (msg.media) {
        const kind = mediaKindFor(msg.media.kind, msg.media.mime);
        const id = await upload(await msg.media.read(), msg.media.mime, msg.media.name);
        const caption = msg.body && msg.body !== msg.media.name ? msg.body : undefined;
        body = buildMedia(to, kind, id, { caption, filename: msg.media.name, replyTo });
      } else if (msg.vCard) body = buildContacts(to, msg.vCard, replyTo);
      else if (msg.body.trim()) body = buildText(to, msg.body, replyTo);
      else throw new ChannelError("UNSUPPORTED", "Nothing to send");
      return { externalId: await post(body) };
    },

    async react(ref: MessageRef, emoji: string) {
      await post(buildReaction(digits(ref.chatId), ref.externalId, emoji));
    },

    fetchMedia,

    async markRead(refs: MessageRef[]) {
      // Marking a message read marks the earlier ones of the chat too: one call per chat, for its newest message.
      const newest = new Map<string, MessageRef>();
      for (const r of refs) if (!r.fromMe) newest.set(r.chatId, r);
      for (const r of newest.values()) await graph.post(`/${phoneId}/messages`, buildRead(r.externalId));
    },
  };
}

function recipient(msg: OutboundMessage): string {
  const id = /^\+?\d+$/.test(msg.to.chatId) ? msg.to.chatId : (msg.to.number ?? msg.to.chatId);
  const to = digits(id);
  if (!to) throw new ChannelError("NOT_ON_CHANNEL", "The contact has no WhatsApp number");
  return to;
}

function digits(v: string): string {
  return v.replace(/\D/g, "");
}
