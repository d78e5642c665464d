/**
 * The session manager: one live session per non-deleted connection. Starts them all at boot, restarts a broken
 * one with backoff (1 s, 2 s, 4 s … 5 min), persists every status on the connection row and pushes it to the web
 * app (company-{id}-whatsappSession and company-{id}-whatsapp). AUTH_EXPIRED is not retried: the connection shows
 * DISCONNECTED until a person acts (a lost authorisation is never only logged).
 *
 * A CONNECTED session that drops (lost, or reporting any other status) stamps `droppedAt` on the row and in the
 * frames, so the screen and the admins see when it dropped; CONNECTED again, or a person's disconnect, clears it.
 * A failed start or a lost session also keeps the plugin's message in `lastError` (row and managers' frames), so the
 * screen can say why nothing shows (e.g. the channel's service cannot be reached); a code shown, CONNECTED, a fresh
 * start or a person's disconnect clears it.
 * Boot and the admin routes launch sessions in the background (launch): nobody waits for a QR code or a network.
 * Its connection reads and writes are by connection id, across companies: it serves every company's sessions, and the
 * callers that act for a person have resolved the id within that person's company first.
 */
import type { AppContext } from "../context";
import { ChannelError, CONNECTION_STATUSES, type ChannelPlugin, type ChannelSession, type ConnectionStatus, type ImportProgress, withTimeout } from "./adapter";
import { createHost } from "./host";
import { recordImportProgress } from "./imports";
import type { InboundPipeline } from "./inbound";
import { KeyedChain } from "./keyed";
import type { SessionOwnership } from "./ownership";
import type { ChannelRegistry } from "./registry";
import { companyOf, liveConnectionIds, pluginConfig, type SessionRow, type StatusExtras, sessionRow, writeStatus } from "./session-rows";
import { createStateStore } from "./state";

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** How long a pairing request waits for the session to start and the channel to answer the code. */
const PAIRING_WAIT_MS = 30_000;

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
  /** The current session's start(), until it resolves or fails. */
  starting?: Promise<void>;
}

/** The plugin's words on a failure are kept on the row (for the connections screen), cut to this length. */
const LAST_ERROR_MAX = 500;

export interface SessionEvents {
  /** The session reported CONNECTED: send what waited for it. */
  connected(connectionId: number): void;
  /** This instance took the connection's session (at boot or from an instance that died): its sends cut short are failed. */
  claimed(connectionId: number): Promise<void>;
}

/** What a person asked of a session that runs on another instance (src/realtime/events.ts, connection.command). */
export type SessionCommand = "restart" | "reload" | "stop" | "logout" | "pair";

export class SessionManager {
  private entries = new Map<number, Entry>();
  private writes = new KeyedChain();
  private launched = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private ctx: AppContext,
    private registry: ChannelRegistry,
    private inbound: InboundPipeline,
    private events: SessionEvents,
    private ownership: SessionOwnership,
  ) {
    ownership.onLost(() => {
      this.ctx.log.warn("session locks lost with their database connection: this instance's sessions stop", { count: this.entries.size });
      for (const id of [...this.entries.keys()]) void this.stop(id, { persist: false, release: false, forward: false });
    });
  }

  /** Boot: launches the session of every connection that is not deleted (those another instance runs are left to it). */
  async startAll(): Promise<void> {
    await Promise.all((await liveConnectionIds(this.ctx.db)).map((id) => this.launch(id, { forward: false })));
  }

  /** This instance runs the connection's session. */
  runs(connectionId: number): boolean {
    return this.entries.has(connectionId);
  }

  private forward(connectionId: number, command: SessionCommand, number?: string): void {
    this.ctx.bus.emit("connection.command", { connectionId, command, origin: this.ctx.id, ...(number ? { number } : {}) });
  }

  /** (Re)starts one connection's session from its row and waits for the plugin's start (QR shown, connected, failed). */
  async start(connectionId: number): Promise<void> {
    const opened = await this.open(connectionId);
    if (opened === "elsewhere") this.forward(connectionId, "restart");
    else await opened?.starting;
  }

  /**
   * (Re)starts one connection's session in the background: resolves once the session exists and its start() was
   * called. Failures are logged and shown as DISCONNECTED (a failing plugin start is retried with backoff as usual);
   * idle() waits for the rest. Unless `forward` is false (boot, or a command from another instance), the other
   * instances hear of it: the one running the session restarts it, and for a channel that runs on every instance each
   * starts (or restarts) its own.
   */
  async launch(connectionId: number, opts: { forward?: boolean } = {}): Promise<void> {
    try {
      const opened = await this.open(connectionId);
      const everywhere =
        opened !== undefined && opened !== "elsewhere" && this.ownership.shared && !this.oneInstance(this.entries.get(connectionId)?.channel ?? "");
      if ((opened === "elsewhere" || everywhere) && opts.forward !== false) this.forward(connectionId, "restart");
      if (!opened || opened === "elsewhere") return;
      const starting = opened.starting;
      this.launched.add(starting);
      void starting.finally(() => this.launched.delete(starting));
    } catch (err) {
      this.ctx.log.error("session start failed", { connectionId, err: String(err) });
      const companyId = await companyOf(this.ctx.db, connectionId).catch(() => undefined);
      if (companyId && !this.closed) this.persist(companyId, connectionId, "DISCONNECTED", "", 0);
    }
  }

  /**
   * Pairing-code login by phone number on a QR-code connection (the code is reported as status PAIRING). Starts the
   * session first when it is not running. UNSUPPORTED when the session has no requestPairingCode.
   */
  async requestPairingCode(connectionId: number, number: string): Promise<string | undefined> {
    const request = async () => {
      const running = this.entries.get(connectionId);
      if (running?.session) await running.starting;
      else {
        const opened = await this.open(connectionId);
        // The code reaches the screen as the session's status (PAIRING), from the instance that runs it.
        if (opened === "elsewhere") return void this.forward(connectionId, "pair", number);
        await opened?.starting;
      }
      const session = this.entries.get(connectionId)?.session;
      if (!session) throw new ChannelError("TEMPORARY", "the session is not running");
      if (typeof session.requestPairingCode !== "function") throw new ChannelError("UNSUPPORTED", "this channel does not pair by phone number");
      return (await session.requestPairingCode(number)) || undefined;
    };
    return withTimeout(request(), PAIRING_WAIT_MS);
  }

  /**
   * Creates the entry and calls the plugin's start; answers that start's promise (never rejecting), boxed so it is not
   * awaited here; "elsewhere" when another instance runs the session.
   */
  private async open(connectionId: number): Promise<{ starting: Promise<void> } | "elsewhere" | undefined> {
    if (this.closed) return undefined;
    const running = this.entries.has(connectionId);
    if (running) await this.stop(connectionId, { persist: false, release: false });
    const row = await sessionRow(this.ctx.db, connectionId);
    if (!row) return undefined;
    const plugin = this.registry.get(row.channel);
    if (!running && this.oneInstance(row.channel) && !this.ownership.holds(connectionId)) {
      if (!(await this.ownership.claim(connectionId))) return "elsewhere";
      if (this.ownership.shared) await this.events.claimed(connectionId);
    }
    const opened = plugin ? this.create(row, plugin) : undefined;
    if (!plugin) {
      this.ctx.log.warn("no plugin for connection's channel", { connectionId, channel: row.channel });
      this.persist(row.companyId, connectionId, "DISCONNECTED", "", 0);
    }
    if (!opened) await this.ownership.release(connectionId);
    return opened;
  }

  /** The channel's sessions run on one instance of those sharing the store (see ChannelManifest.instances). */
  private oneInstance(channel: string): boolean {
    return this.registry.get(channel)?.manifest.instances !== "every";
  }

  private create(row: SessionRow, plugin: ChannelPlugin<any>): { starting: Promise<void> } | undefined {
    const connectionId = row.id;
    let config: unknown;
    try {
      config = pluginConfig(plugin, row);
    } catch (err) {
      this.ctx.log.error("connection config invalid", { connectionId, err: String(err) });
      this.persist(row.companyId, connectionId, "DISCONNECTED", "", 0, { lastError: String(err).slice(0, LAST_ERROR_MAX) });
      return undefined;
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
    // A fresh start (boot, a person's retry or restart) forgets the last failure; backoff attempts keep it.
    this.setStatus(entry, "OPENING", "", { lastError: null });
    return { starting: this.attempt(entry) };
  }

  /**
   * Stops the session (logout also forgets the plugin's credentials). Persists DISCONNECTED unless told not to. A
   * session another instance runs is stopped there (unless `forward` is false); `release: false` keeps the claim (a restart).
   */
  async stop(connectionId: number, opts: { logout?: boolean; persist?: boolean; release?: boolean; forward?: boolean } = {}): Promise<void> {
    const entry = this.entries.get(connectionId);
    // Stopped wherever it runs: on the instance that runs it, or on every instance for a channel that runs on each.
    const elsewhere = !entry || !this.oneInstance(entry.channel);
    if (elsewhere && this.ownership.shared && opts.forward !== false) this.forward(connectionId, opts.logout ? "logout" : "stop");
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
      if (opts.release !== false) await this.ownership.release(connectionId).catch(() => undefined);
    }
    if (opts.logout) await createStateStore(this.ctx.db, connectionId, this.ctx.clock).clear();
    if (opts.persist !== false && !this.closed) {
      // A person's disconnect is not a drop.
      const companyId = entry?.companyId ?? (await companyOf(this.ctx.db, connectionId));
      if (companyId) this.persist(companyId, connectionId, "DISCONNECTED", "", 0, { droppedAt: null, lastError: null });
    }
  }

  /** Stops and launches again (credentials kept), on the instance that runs the session. */
  async restart(connectionId: number, opts: { forward?: boolean } = {}): Promise<void> {
    if (this.entries.has(connectionId)) await this.stop(connectionId, { persist: false, release: false, forward: false });
    await this.launch(connectionId, opts);
  }

  /** A running session reads its changed configuration: restarted wherever it runs; nothing when none runs. */
  async reload(connectionId: number): Promise<void> {
    if (this.entries.has(connectionId)) await this.restart(connectionId);
    else if (this.ownership.shared) this.forward(connectionId, "reload");
  }

  /** Shutdown: stops every session (keeping credentials), waits for status writes and lets other instances take them. */
  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.entries.keys()].map((id) => this.stop(id, { persist: false, forward: false })));
    await this.writes.idle();
    await this.ownership.close();
  }

  /** The session when its connection is CONNECTED (what outbound sends through). */
  liveSession(connectionId: number): ChannelSession | undefined {
    const e = this.entries.get(connectionId);
    return e && !e.stopping && e.status === "CONNECTED" ? e.session : undefined;
  }

  /** Each session's channel and status (GET /metrics counts them). */
  states(): { channel: string; status: ConnectionStatus }[] {
    return [...this.entries.values()].map((e) => ({ channel: e.channel, status: e.status }));
  }

  /** The session object whatever its status (plugins' optional capabilities, tests). */
  session(connectionId: number): ChannelSession | undefined {
    return this.entries.get(connectionId)?.session;
  }

  /** The session object of a connection of this channel, whatever its status (a plugin's public routes reach only their own). */
  sessionOf(channel: string, connectionId: number): ChannelSession | undefined {
    const e = this.entries.get(connectionId);
    return e?.channel === channel ? e.session : undefined;
  }

  status(connectionId: number): ConnectionStatus | undefined {
    return this.entries.get(connectionId)?.status;
  }

  /**
   * A send through `session` answered AUTH_EXPIRED: same as the session reporting it lost. A plugin may have reported
   * it already (host.lost) before throwing; then that session is no longer the entry's, and nothing happens twice:
   * one status change, one notice to the web app.
   */
  authExpired(connectionId: number, session: ChannelSession, error: ChannelError): void {
    const entry = this.entries.get(connectionId);
    if (entry && !entry.stopping && entry.session === session) this.lost(entry, entry.generation, error);
  }

  /** Resolves when launched starts and pending status writes are done (tests). */
  async idle(): Promise<void> {
    while (this.launched.size) await Promise.all(this.launched);
    await this.writes.idle();
  }

  // ---------------------------------------------------------------------------------------------------------

  /** Creates the session and calls its start (synchronously up to the plugin's first await); answers when it settles. */
  private attempt(entry: Entry): Promise<void> {
    const generation = ++entry.generation;
    const current = () => !entry.stopping && entry.generation === generation && this.entries.get(entry.connectionId) === entry;
    const ref = { id: entry.connectionId, companyId: entry.companyId, channel: entry.channel };
    const host = createHost(this.ctx, ref, this.inbound, {
      status: (status, qrcode, info) => {
        if (current()) this.reported(entry, status, qrcode, info);
      },
      lost: (error) => {
        if (current()) this.lost(entry, generation, error);
      },
      importProgress: (progress: ImportProgress) => {
        // Ordered with the connection's status writes; a report of a replaced session still counts (the messages did).
        void this.writes
          .run(`conn:${ref.id}`, () => recordImportProgress(this.ctx, ref.companyId, ref.id, progress))
          .catch((err) => this.ctx.log.error("import progress not stored", { connectionId: ref.id, err: String(err) }));
      },
    });
    const starting = (async () => {
      try {
        entry.session = entry.plugin.createSession(host, entry.config);
        await entry.session.start();
      } catch (err) {
        if (current()) this.lost(entry, generation, ChannelError.from(err));
      }
    })();
    entry.starting = starting;
    return starting;
  }

  private reported(entry: Entry, status: ConnectionStatus, qrcode?: string, info?: { number?: string }): void {
    if (!CONNECTION_STATUSES.includes(status)) {
      this.ctx.log.warn("unknown connection status ignored", { connectionId: entry.connectionId, status });
      return;
    }
    if (status === "CONNECTED") entry.failures = 0;
    // The QR code, or the pairing code, is what the connections screen shows.
    const code = status === "qrcode" || status === "PAIRING" ? (qrcode ?? "") : "";
    const droppedAt = status === "CONNECTED" ? null : entry.status === "CONNECTED" ? this.ctx.clock.now().toISOString() : undefined;
    // A code to show or a connection means the channel's service answered: the last failure no longer applies.
    const lastError = status === "CONNECTED" || status === "qrcode" || status === "PAIRING" ? null : undefined;
    this.setStatus(entry, status, code, { number: info?.number, droppedAt, lastError });
    if (status === "CONNECTED") this.events.connected(entry.connectionId);
  }

  private lost(entry: Entry, generation: number, error: ChannelError): void {
    if (entry.generation !== generation || entry.stopping) return;
    entry.generation++;
    const old = entry.session;
    entry.session = undefined;
    if (old)
      Promise.resolve()
        .then(() => old.stop())
        .catch(() => undefined);
    this.ctx.log.warn("channel session lost", { connectionId: entry.connectionId, code: error.code, err: error.message });
    const dropped = {
      ...(entry.status === "CONNECTED" ? { droppedAt: this.ctx.clock.now().toISOString() } : {}),
      lastError: (error.message || error.code).slice(0, LAST_ERROR_MAX),
    };
    if (error.code === "AUTH_EXPIRED") {
      this.setStatus(entry, "DISCONNECTED", "", dropped);
      return;
    }
    const delay = Math.min(BACKOFF_BASE_MS * 2 ** entry.failures, BACKOFF_MAX_MS);
    entry.failures++;
    this.setStatus(entry, "DISCONNECTED", "", dropped);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.stopping || this.entries.get(entry.connectionId) !== entry) return;
      this.setStatus(entry, "OPENING", "");
      void this.attempt(entry);
    }, delay);
    entry.timer.unref?.();
  }

  private setStatus(entry: Entry, status: ConnectionStatus, qrcode: string, extras: StatusExtras = {}): void {
    entry.status = status;
    this.persist(entry.companyId, entry.connectionId, status, qrcode, entry.failures, extras);
  }

  /** Writes the status (in order per connection) and announces it. */
  private persist(companyId: number, connectionId: number, status: ConnectionStatus, qrcode: string, retries: number, extras: StatusExtras = {}): void {
    void this.writes
      .run(`conn:${connectionId}`, async () => {
        const row = await writeStatus(this.ctx.db, this.ctx.clock, { companyId, connectionId }, status, qrcode, retries, extras);
        if (!row) return;
        this.ctx.bus.emit("connection.status", { companyId, connection: row });
        this.ctx.bus.emit("connection.updated", { companyId, connectionId });
      })
      .catch((err) => this.ctx.log.error("connection status not stored", { connectionId, err: String(err) }));
  }
}
