/**
 * The session manager: one live session per non-deleted connection. Starts them all at boot, restarts a broken
 * one with backoff (1 s, 2 s, 4 s … 5 min), persists every status on the connection row and pushes it to the web
 * app (company-{id}-whatsappSession and company-{id}-whatsapp). AUTH_EXPIRED is not retried: the connection shows
 * DISCONNECTED until a person acts (a lost authorisation is never only logged).
 */
import type { AppContext } from "../context";
import { can } from "../http/permissions";
import { ChannelError, CONNECTION_STATUSES, type ChannelPlugin, type ChannelSession, type ConnectionStatus } from "./adapter";
import { createHost } from "./host";
import type { InboundPipeline } from "./inbound";
import { KeyedChain } from "./keyed";
import type { ChannelRegistry } from "./registry";
import { createStateStore } from "./state";

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;

interface Entry {
  connectionId: number;
  companyId: number;
  channel: string;
  plugin: ChannelPlugin<any>;
  config: unknown;
  session?: ChannelSession;
  status: ConnectionStatus;
  /** Failures since the last CONNECTED (drives the backoff; stored as `retries`). */
  failures: number;
  /** Bumped at every new attempt: reports from an older session object are ignored. */
  generation: number;
  timer?: ReturnType<typeof setTimeout>;
  stopping: boolean;
}

export interface SessionEvents {
  /** The session reported CONNECTED: send what waited for it. */
  connected(connectionId: number): void;
}

export class SessionManager {
  private entries = new Map<number, Entry>();
  private writes = new KeyedChain();
  private closed = false;

  constructor(
    private ctx: AppContext,
    private registry: ChannelRegistry,
    private inbound: InboundPipeline,
    private events: SessionEvents,
  ) {}

  /** Boot: starts the session of every connection that is not deleted. */
  async startAll(): Promise<void> {
    const rows = await this.ctx.db.selectFrom("connections").select("id").where("deletedAt", "is", null).orderBy("id").execute();
    await Promise.all(rows.map((r) => this.start(r.id).catch((err) => this.ctx.log.error("session start failed", { connectionId: r.id, err: String(err) }))));
  }

  /** (Re)starts one connection's session from its row. */
  async start(connectionId: number): Promise<void> {
    if (this.closed) return;
    if (this.entries.has(connectionId)) await this.stop(connectionId, { persist: false });
    const row = await this.ctx.db
      .selectFrom("connections")
      .select(["id", "companyId", "channel", "config"])
      .where("id", "=", connectionId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    if (!row) return;
    const plugin = this.registry.get(row.channel);
    if (!plugin) {
      this.ctx.log.warn("no plugin for connection's channel", { connectionId, channel: row.channel });
      this.persist(row.companyId, connectionId, "DISCONNECTED", "", 0);
      return;
    }
    let config: unknown;
    try {
      config = plugin.manifest.configSchema.parse(JSON.parse(row.config || "{}"));
    } catch (err) {
      this.ctx.log.error("connection config invalid", { connectionId, err: String(err) });
      this.persist(row.companyId, connectionId, "DISCONNECTED", "", 0);
      return;
    }
    const entry: Entry = {
      connectionId,
      companyId: row.companyId,
      channel: row.channel,
      plugin,
      config,
      status: "OPENING",
      failures: 0,
      generation: 0,
      stopping: false,
    };
    this.entries.set(connectionId, entry);
    this.setStatus(entry, "OPENING", "");
    await this.attempt(entry);
  }

  /** Stops the session (logout also forgets the plugin's credentials). Persists DISCONNECTED unless told not to. */
  async stop(connectionId: number, opts: { logout?: boolean; persist?: boolean } = {}): Promise<void> {
    const entry = this.entries.get(connectionId);
    if (entry) {
      entry.stopping = true;
      entry.generation++;
      if (entry.timer) clearTimeout(entry.timer);
      this.entries.delete(connectionId);
      try {
        if (opts.logout) await entry.session?.logout();
        else await entry.session?.stop();
      } catch (err) {
        this.ctx.log.warn("session stop failed", { connectionId, err: String(err) });
      }
    }
    if (opts.logout) await createStateStore(this.ctx.db, connectionId, this.ctx.clock).clear();
    if (opts.persist !== false && !this.closed) {
      const companyId = entry?.companyId ?? (await this.companyOf(connectionId));
      if (companyId) this.persist(companyId, connectionId, "DISCONNECTED", "", 0);
    }
  }

  async restart(connectionId: number): Promise<void> {
    await this.stop(connectionId, { persist: false });
    await this.start(connectionId);
  }

  /** Shutdown: stops every session (keeping credentials) and waits for status writes. */
  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.entries.keys()].map((id) => this.stop(id, { persist: false })));
    await this.writes.idle();
  }

  /** The session when its connection is CONNECTED (what outbound sends through). */
  liveSession(connectionId: number): ChannelSession | undefined {
    const e = this.entries.get(connectionId);
    return e && !e.stopping && e.status === "CONNECTED" ? e.session : undefined;
  }

  /** The session object whatever its status (plugins' optional capabilities, tests). */
  session(connectionId: number): ChannelSession | undefined {
    return this.entries.get(connectionId)?.session;
  }

  status(connectionId: number): ConnectionStatus | undefined {
    return this.entries.get(connectionId)?.status;
  }

  /** A send answered AUTH_EXPIRED: same as the session reporting it lost. */
  authExpired(connectionId: number, error: ChannelError): void {
    const entry = this.entries.get(connectionId);
    if (entry && !entry.stopping) this.lost(entry, entry.generation, error);
  }

  /** Resolves when pending status writes are done (tests). */
  idle(): Promise<void> {
    return this.writes.idle();
  }

  // ---------------------------------------------------------------------------------------------------------

  private async attempt(entry: Entry): Promise<void> {
    const generation = ++entry.generation;
    const current = () => !entry.stopping && entry.generation === generation && this.entries.get(entry.connectionId) === entry;
    const host = createHost(this.ctx, { id: entry.connectionId, companyId: entry.companyId, channel: entry.channel }, this.inbound, {
      status: (status, qrcode, info) => {
        if (current()) this.reported(entry, status, qrcode, info);
      },
      lost: (error) => {
        if (current()) this.lost(entry, generation, error);
      },
    });
    try {
      entry.session = entry.plugin.createSession(host, entry.config);
      await entry.session.start();
    } catch (err) {
      if (current()) this.lost(entry, generation, ChannelError.from(err));
    }
  }

  private reported(entry: Entry, status: ConnectionStatus, qrcode?: string, info?: { number?: string }): void {
    if (!CONNECTION_STATUSES.includes(status)) {
      this.ctx.log.warn("unknown connection status ignored", { connectionId: entry.connectionId, status });
      return;
    }
    if (status === "CONNECTED") entry.failures = 0;
    this.setStatus(entry, status, status === "qrcode" ? (qrcode ?? "") : "", info?.number);
    if (status === "CONNECTED") this.events.connected(entry.connectionId);
  }

  private lost(entry: Entry, generation: number, error: ChannelError): void {
    if (entry.generation !== generation || entry.stopping) return;
    entry.generation++;
    const old = entry.session;
    entry.session = undefined;
    if (old) Promise.resolve().then(() => old.stop()).catch(() => undefined);
    this.ctx.log.warn("channel session lost", { connectionId: entry.connectionId, code: error.code, err: error.message });
    if (error.code === "AUTH_EXPIRED") {
      this.setStatus(entry, "DISCONNECTED", "");
      return;
    }
    const delay = Math.min(BACKOFF_BASE_MS * 2 ** entry.failures, BACKOFF_MAX_MS);
    entry.failures++;
    this.setStatus(entry, "DISCONNECTED", "");
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.stopping || this.entries.get(entry.connectionId) !== entry) return;
      this.setStatus(entry, "OPENING", "");
      void this.attempt(entry);
    }, delay);
    entry.timer.unref?.();
  }

  private setStatus(entry: Entry, status: ConnectionStatus, qrcode: string, number?: string): void {
    entry.status = status;
    this.persist(entry.companyId, entry.connectionId, status, qrcode, entry.failures, number);
  }

  /** Writes the status (in order per connection) and announces it. */
  private persist(companyId: number, connectionId: number, status: ConnectionStatus, qrcode: string, retries: number, number?: string): void {
    void this.writes
      .run(`conn:${connectionId}`, async () => {
        const row = await this.ctx.db
          .updateTable("connections")
          .set({ status, qrcode, retries, updatedAt: this.ctx.clock.now().toISOString(), ...(number ? { number } : {}) })
          .where("id", "=", connectionId)
          .where("companyId", "=", companyId)
          .returning(["id", "name", "channel", "status", "qrcode", "number", "isDefault", "retries", "updatedAt"])
          .executeTakeFirst();
        if (!row) return;
        this.announce(companyId, row);
        this.ctx.bus.emit("connection.updated", { companyId, connectionId });
      })
      .catch((err) => this.ctx.log.error("connection status not stored", { connectionId, err: String(err) }));
  }

  private announce(
    companyId: number,
    row: { id: number; name: string; channel: string; status: string; qrcode: string; number: string | null; isDefault: number; retries: number; updatedAt: string },
  ): void {
    const full = { ...row, isDefault: row.isDefault === 1 };
    const picker = { id: row.id, name: row.name, channel: row.channel, status: row.status, isDefault: row.isDefault === 1 };
    const manager = (actor: Parameters<typeof can>[0]) => can(actor, "connections-page:addConnection");
    this.ctx.hub.emit(
      companyId,
      `company-${companyId}-whatsappSession`,
      { action: "update", session: full },
      { shape: (actor, data) => (manager(actor) ? data : { action: "update", session: { id: row.id, status: row.status, updatedAt: row.updatedAt } }) },
    );
    this.ctx.hub.emit(
      companyId,
      `company-${companyId}-whatsapp`,
      { action: "update", whatsapp: full },
      { shape: (actor, data) => (manager(actor) ? data : { action: "update", whatsapp: picker }) },
    );
  }

  private async companyOf(connectionId: number): Promise<number | undefined> {
    const r = await this.ctx.db.selectFrom("connections").select("companyId").where("id", "=", connectionId).executeTakeFirst();
    return r?.companyId;
  }
}
