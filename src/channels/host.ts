/**
 * The ChannelHost a plugin session receives: the only door from a channel into the core. Contacts, tickets and
 * messages coming from a channel are written here (through the inbound pipeline), nowhere else.
 */
import type { AppContext } from "../context";
import { messageReactions } from "../modules/messages/queries";
import { companySettingsList } from "../modules/settings/queries";
import {
  ChannelError,
  type Ack,
  type ChannelHost,
  type ConnectionStatus,
  type HostMessage,
  type ImportProgress,
  type InboundChat,
  PEER_DATA_MAX_BYTES,
} from "./adapter";
import type { ConnectionRef, InboundPipeline } from "./inbound";
import { contactOfChat } from "./inbound-queries";
import { createStateStore } from "./state";

/** What the session manager does with a session's reports. */
export interface HostReports {
  status(status: ConnectionStatus, qrcode?: string, info?: { number?: string }): void;
  lost(error: ChannelError): void;
  importProgress(progress: ImportProgress): void;
}

export function createHost(ctx: AppContext, conn: ConnectionRef, inbound: InboundPipeline, reports: HostReports): ChannelHost {
  const log = ctx.log.child({ connectionId: conn.id, channel: conn.channel });
  return {
    connection: Object.freeze({ id: conn.id, companyId: conn.companyId, channel: conn.channel }),
    log,
    clock: ctx.clock,
    status(status, qrcode, info) {
      reports.status(status, qrcode, info);
    },
    inbound(event) {
      return inbound.submit(conn, event);
    },
    ack(externalId, ack, error) {
      if (typeof externalId !== "string" || !externalId || !isAck(ack)) {
        log.warn("invalid ack ignored", { externalId, ack });
        return;
      }
      inbound
        .ack(conn, externalId, ack, error ? ChannelError.from(error) : undefined)
        .catch((err) => log.error("ack not stored", { externalId, err: String(err) }));
    },
    lost(error) {
      reports.lost(ChannelError.from(error));
    },
    contact(chat: InboundChat) {
      return inbound.contact(conn, chat);
    },
    history(chatId, opts) {
      return readHistory(ctx, conn, chatId, opts);
    },
    authState: createStateStore(ctx.db, conn.id, ctx.clock),
    peers: {
      send(data) {
        if (Buffer.byteLength(JSON.stringify(data ?? null)) > PEER_DATA_MAX_BYTES) return false;
        ctx.bus.emit("channel.peers", { connectionId: conn.id, origin: ctx.id, data });
        return true;
      },
    },
    mergeChats(fromChatId, toChatId) {
      return inbound.merge(conn, fromChatId, toChatId);
    },
    importMessage(event) {
      return inbound.submit(conn, event, { imported: true });
    },
    importProgress(progress) {
      const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.trunc(v) : 0);
      reports.importProgress({ processed: n(progress?.processed), total: n(progress?.total), done: progress?.done === true });
    },
    async settings(keys) {
      const wanted = new Set(keys);
      const all = await companySettingsList(ctx.db, conn.companyId);
      return Object.fromEntries(all.filter((s) => wanted.has(s.key)).map((s) => [s.key, s.value]));
    },
  };
}

function isAck(v: unknown): v is Ack {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 5;
}

/** The chat's messages on this connection (every ticket), newest first, never private notes. */
async function readHistory(ctx: AppContext, conn: ConnectionRef, chatId: string, opts: { beforeId?: number; limit?: number } = {}): Promise<HostMessage[]> {
  const contact = await contactOfChat(ctx.db, conn, chatId);
  if (!contact) return [];
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50), 1), 200);
  const rows = await ctx.db
    .selectFrom("messages")
    .innerJoin("tickets", "tickets.id", "messages.ticketId")
    .select([
      "messages.id",
      "messages.externalId",
      "messages.body",
      "messages.fromMe",
      "messages.ack",
      "messages.mediaKey",
      "messages.mediaType",
      "messages.mediaName",
      "messages.isDeleted",
      "messages.isEdited",
      "messages.createdAt",
    ])
    .where("tickets.companyId", "=", conn.companyId)
    .where("tickets.contactId", "=", contact.id)
    .where("tickets.whatsappId", "=", conn.id)
    .where("messages.isPrivate", "=", 0)
    .$if(opts.beforeId !== undefined, (q) => q.where("messages.id", "<", opts.beforeId!))
    .orderBy("messages.id", "desc")
    .limit(limit)
    .execute();
  // The same reactions the agents' view lists (one query for the page), of which a contact sees the agents' own.
  const reactions = await messageReactions(
    ctx.db,
    conn.companyId,
    rows.filter((r) => r.isDeleted !== 1).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    externalId: r.externalId,
    body: r.isDeleted === 1 ? "" : r.body,
    fromMe: r.fromMe === 1,
    ack: r.ack as Ack,
    mediaUrl: r.mediaKey && r.isDeleted !== 1 ? ctx.media.url(conn.companyId, r.mediaKey) : null,
    mediaType: r.mediaType,
    mediaName: r.mediaName,
    isDeleted: r.isDeleted === 1,
    isEdited: r.isEdited === 1,
    reactions: (reactions.get(r.id) ?? []).filter((x) => x.fromMe).map((x) => x.emoji),
    createdAt: r.createdAt,
  }));
}
