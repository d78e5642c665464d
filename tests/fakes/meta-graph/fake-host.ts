/**
 * A ChannelHost that records what a plugin reports (inbound events, acks, statuses, lost) instead of writing the
 * store; inbound media is fetched the way the core does (fetch() once the event is accepted), bytes kept by
 * externalId. Used until the channels core's runChannelContract is available, and for plugin unit tests.
 */
import type { Ack, ChannelError, ChannelHost, ConnectionStatus, InboundChat, InboundEvent, InboundResult, KeyValueStore } from "../../../src/channels/adapter";
import { MovableClock } from "../../helpers/clock";
import { createLogger } from "../../../src/log";

export interface FakeHost {
  host: ChannelHost;
  inbound: InboundEvent[];
  acks: { externalId: string; ack: Ack; error?: ChannelError }[];
  statuses: { status: ConnectionStatus; qrcode?: string; info?: { number?: string } }[];
  lost: ChannelError[];
  contacts: InboundChat[];
  /** Fetched media bytes by externalId. */
  media: Map<string, Uint8Array>;
  /** Media fetch failures by externalId. */
  mediaErrors: Map<string, unknown>;
  logs: string[];
  state: Map<string, unknown>;
  clock: MovableClock;
}

export function createFakeHost(conn: { id?: number; companyId?: number; channel: string }, opts: { clock?: MovableClock } = {}): FakeHost {
  const rec: Omit<FakeHost, "host"> = {
    inbound: [],
    acks: [],
    statuses: [],
    lost: [],
    contacts: [],
    media: new Map(),
    mediaErrors: new Map(),
    logs: [],
    state: new Map(),
    clock: opts.clock ?? new MovableClock(),
  };
  const seen = new Set<string>();
  let nextId = 1;
  const authState: KeyValueStore = {
    async get<T>(key: string) {
      return structuredClone(rec.state.get(key)) as T | undefined;
    },
    async getMany<T>(keys: readonly string[]) {
      return Object.fromEntries(keys.map((k) => [k, structuredClone(rec.state.get(k)) as T | undefined]));
    },
    async set(key, value) {
      if (value === null || value === undefined) rec.state.delete(key);
      else rec.state.set(key, structuredClone(value));
    },
    async setMany(entries) {
      for (const [k, v] of Object.entries(entries)) await authState.set(k, v);
    },
    async delete(key) {
      rec.state.delete(key);
    },
    async clear() {
      rec.state.clear();
    },
  };
  const host: ChannelHost = {
    connection: Object.freeze({ id: conn.id ?? 1, companyId: conn.companyId ?? 1, channel: conn.channel }),
    log: createLogger("debug", { connectionId: conn.id ?? 1 }, (l) => rec.logs.push(l)),
    clock: rec.clock,
    status(status, qrcode, info) {
      rec.statuses.push({ status, ...(qrcode !== undefined ? { qrcode } : {}), ...(info ? { info } : {}) });
    },
    async inbound(event): Promise<InboundResult> {
      rec.inbound.push(event);
      const key = `${event.type}:${event.externalId}:${event.type === "reaction" ? event.emoji : ""}`;
      if (event.type === "message" && seen.has(key)) return { status: "duplicate", messageId: 0, ticketId: 1, contactId: 1 };
      seen.add(key);
      if (event.type === "message" && event.media?.fetch) {
        try {
          const data = await event.media.fetch();
          rec.media.set(event.externalId, data instanceof Uint8Array ? data : new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data));
        } catch (err) {
          rec.mediaErrors.set(event.externalId, err);
        }
      }
      if (event.type === "message") return { status: "stored", messageId: nextId++, ticketId: 1, contactId: 1, ticketCreated: nextId === 2 };
      return { status: "updated", messageId: nextId++, ticketId: 1 };
    },
    ack(externalId, ack, error) {
      rec.acks.push({ externalId, ack, ...(error ? { error } : {}) });
    },
    lost(error) {
      rec.lost.push(error);
    },
    async contact(chat) {
      rec.contacts.push(chat);
      return { id: rec.contacts.length, name: chat.name ?? chat.id };
    },
    async history() {
      return [];
    },
    authState,
    // One instance: no other session of the connection to reach.
    peers: { send: () => true },
  };
  return { host, ...rec } as FakeHost;
}
