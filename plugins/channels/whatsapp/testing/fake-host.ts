/**
 * A fake ChannelHost that records what a session reports (statuses, inbound events, acks, losses, LID merges,
 * imports), fetches inbound media the way the core does, and keeps authState in memory with the real store's
 * semantics (values stored as JSON text; setMany null deletes; clear forgets all).
 */
import type {
  ChannelError,
  ChannelHost,
  ImportProgress,
  InboundEvent,
  InboundMessage,
  InboundResult,
  KeyValueStore,
  ConnectionStatus,
  Ack,
} from "../../../../src/channels/adapter";
import type { Logger } from "../../../../src/log";

/**
 * The host's optional services the WhatsApp session uses (the core's host has them all; a test may leave them out):
 * mergeChats (LID merge), settings (acceptCallWhatsapp, AcceptCallWhatsappMessage), importMessage / importProgress.
 */
export type WhatsAppHostExtras = Pick<ChannelHost, "mergeChats" | "settings" | "importMessage" | "importProgress">;

export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  async get<T>(key: string) {
    const v = this.data.get(key);
    return (v === undefined ? undefined : JSON.parse(v)) as T | undefined;
  }
  async getMany<T>(keys: readonly string[]) {
    const out: Record<string, T | undefined> = {};
    for (const k of keys) out[k] = await this.get<T>(k);
    return out;
  }
  async set(key: string, value: unknown) {
    if (value === undefined || value === null) this.data.delete(key);
    else this.data.set(key, JSON.stringify(value));
  }
  async setMany(entries: Record<string, unknown | null>) {
    for (const [k, v] of Object.entries(entries)) await this.set(k, v);
  }
  async delete(key: string) {
    this.data.delete(key);
  }
  async clear() {
    this.data.clear();
  }
}

export interface Recorded {
  status: { status: ConnectionStatus; qrcode?: string; info?: { number?: string } }[];
  inbound: InboundEvent[];
  /** Bytes the fake core fetched for inbound media, by externalId. */
  media: Map<string, Uint8Array>;
  acks: { externalId: string; ack: Ack; error?: ChannelError }[];
  lost: ChannelError[];
  merges: { lid: string; pn: string }[];
  imported: InboundMessage[];
  progress: ImportProgress[];
  logs: { level: string; msg: string; data?: Record<string, unknown> }[];
}

export function createFakeHost(opts: { store?: MemoryStore; connectionId?: number; extras?: WhatsAppHostExtras | false } = {}) {
  const store = opts.store ?? new MemoryStore();
  const rec: Recorded = { status: [], inbound: [], media: new Map(), acks: [], lost: [], merges: [], imported: [], progress: [], logs: [] };
  const log = (bindings: Record<string, unknown> = {}): Logger => ({
    debug: () => undefined,
    info: (msg, data) => void rec.logs.push({ level: "info", msg, data: { ...bindings, ...data } }),
    warn: (msg, data) => void rec.logs.push({ level: "warn", msg, data: { ...bindings, ...data } }),
    error: (msg, data) => void rec.logs.push({ level: "error", msg, data: { ...bindings, ...data } }),
    child: (b) => log({ ...bindings, ...b }),
  });
  let nextId = 1;
  const extras: WhatsAppHostExtras =
    opts.extras === false
      ? {}
      : {
          async mergeChats(lid, pn) {
            rec.merges.push({ lid, pn });
          },
          async importMessage(event) {
            rec.imported.push(event);
            return { status: "stored", messageId: nextId++, ticketId: 1, contactId: 1, ticketCreated: false };
          },
          importProgress(p) {
            rec.progress.push(p);
          },
          ...opts.extras,
        };
  const host: ChannelHost = {
    connection: { id: opts.connectionId ?? 7, companyId: 1, channel: "whatsapp" },
    log: log(),
    clock: { now: () => new Date() },
    status(status, qrcode, info) {
      rec.status.push({ status, ...(qrcode !== undefined ? { qrcode } : {}), ...(info ? { info } : {}) });
    },
    async inbound(event): Promise<InboundResult> {
      rec.inbound.push(event);
      if (event.type === "message" && event.media?.fetch) {
        const data = await event.media.fetch();
        rec.media.set(event.externalId, data instanceof Uint8Array ? data : new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data));
      }
      return { status: "stored", messageId: nextId++, ticketId: 1, contactId: 1, ticketCreated: false };
    },
    ack(externalId, ack, error) {
      rec.acks.push({ externalId, ack, ...(error ? { error } : {}) });
    },
    lost(error) {
      rec.lost.push(error);
    },
    async contact(chat) {
      return { id: 1, name: chat.name ?? chat.id };
    },
    async history() {
      return [];
    },
    authState: store,
    // One instance: no other session of the connection to reach.
    peers: { send: () => true },
    ...extras,
  };
  return { host, rec, store };
}
