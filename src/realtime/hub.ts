/**
 * The real-time hub: which sockets are connected, which rooms each one joined, and who receives an event.
 *
 * Modules never talk to sockets. They publish on the bus; a listener (realtime/listeners.ts) calls
 *
 *   ctx.hub.emit(companyId, companyEvent(companyId, "ticket"), { action: "update", ticket }, {
 *     room: [rooms.status(ticket.status), rooms.ticket(ticket.id), rooms.notification],
 *     shape: (actor, data) => (canSeeTicket(actor, data.ticket) ? serializeFor(actor, data) : undefined),
 *   });
 *
 * - Only sockets of `companyId` are considered; no option widens that.
 * - `room`: the socket must have joined at least one of these rooms (omit: every socket of the company).
 * - `users`: only sockets of these user ids (combined with `room`: both must hold).
 * - `shape(actor, data)`: this recipient's payload, or undefined to skip them. Rooms say what a client is
 *   looking at, never what it may see: joining is unchecked, so anything not meant for every user of the
 *   company must pass a `shape`. The actor is reloaded when the user changes, so a permission change
 *   applies to the next event.
 * Frames are JSON `{ event, data }`, serialised once per distinct payload.
 *
 * Rooms (build them with `rooms`): `notification`, `status:<status>`, `ticket:<id>` (numeric id), `chat:<uuid>`
 * (lower-case). Clients join them with the frames handled in socket.ts.
 *
 * A socket lives while its access token is unexpired and its token version is the user's current one.
 * Close codes (`CLOSE`): 4001 ERR_UNAUTHORIZED (bad token, session ended by login/logout/reset, user deleted or
 * moved), 4003 ERR_SESSION_EXPIRED (refresh the token, then reconnect), 1001 on shutdown (reconnect), 1012 when frames
 * may have been missed (reconnect and refetch).
 * Expiry is checked against ctx.clock at every emit and frame, and by `sweep()` on a timer for idle sockets.
 *
 * Public sockets (`connectPublic`): a socket without a session, such as the login page's, hears only `emitPublic`
 * frames (the public settings); it joins no company and no room.
 *
 * Presence (src/realtime/presence.ts): a user's first socket on this instance marks them online, their last one's
 * close marks them offline unless a socket of theirs is open on another instance sharing the database; both publish
 * `user.presence` on the bus. On SQLite (one instance) building a hub resets every user to offline (no socket
 * survives a restart), so only the serving process builds one; on PostgreSQL each instance renews its own presence
 * and drops that of instances that stopped renewing theirs (they died).
 */
import type { AppContext } from "../context";
import { loadActor } from "../http/auth";
import type { Actor } from "../http/permissions";
import { userQueueIds } from "../modules/tickets/queries";
import { KeyedChain } from "../channels/keyed";
import { arrive, clearPresence, depart, departAll, renewAndExpire, touch as touchPresence } from "./presence";

export const rooms = {
  notification: "notification",
  status: (status: string) => `status:${status}`,
  ticket: (ticketId: number) => `ticket:${ticketId}`,
  chat: (chatUuid: string) => `chat:${chatUuid}`,
} as const;

export const companyEvent = (companyId: number, topic: string) => `company-${companyId}-${topic}`;

export const CLOSE = {
  unauthorized: { code: 4001, reason: "ERR_UNAUTHORIZED" },
  expired: { code: 4003, reason: "ERR_SESSION_EXPIRED" },
  shutdown: { code: 1001, reason: "Server shutting down" },
  resync: { code: 1012, reason: "Reconnect to catch up" },
} as const;
type CloseKind = (typeof CLOSE)[keyof typeof CLOSE];

export interface EmitOptions<T> {
  room?: string | readonly string[];
  users?: readonly number[];
  shape?: (actor: Actor, data: T) => unknown;
}

/** The transport under a socket; socket.ts adapts Bun's ServerWebSocket to it. */
export interface SocketLink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export type SessionEndReason = "login" | "logout" | "reset";

interface Client {
  id: string;
  link: SocketLink;
  actor: Actor;
  expiresAt: number;
  rooms: Set<string>;
}

const SWEEP_INTERVAL_MS = 10_000;
/** Several instances: how often each renews its users' presence, and how old an instance's presence is when it is dropped (it died). */
const PRESENCE_RENEW_MS = 30_000;
const PRESENCE_STALE_MS = 90_000;
/** Sessionless sockets are cheap to open, so their number is bounded; past it a new one is closed with 1013 (try again later). */
export const MAX_PUBLIC_SOCKETS = 10_000;
const TRY_AGAIN_LATER = { code: 1013, reason: "Too many public sockets" };
/** Clients that join rooms and never leave them (chat after chat) lose their oldest room instead of growing without bound. */
const MAX_ROOMS = 200;

export class Hub {
  private clients = new Map<string, Client>();
  private byCompany = new Map<number, Set<Client>>();
  private byUser = new Map<number, Set<Client>>();
  /** The queues of each user with a socket open (audience), dropped when their row changes or their last socket closes. */
  private queues = new Map<number, Promise<readonly number[]>>();
  /** Lowest token version still allowed per user: catches a socket authenticated just before its session ended but opened after. */
  private minVersion = new Map<number, number>();
  private publicLinks = new Map<string, SocketLink>();
  private timer: ReturnType<typeof setInterval>;
  private presenceTimer: ReturnType<typeof setInterval> | undefined;
  private presenceWrites = new KeyedChain();
  private closed = false;

  constructor(private ctx: AppContext) {
    this.timer = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref?.();
    if (ctx.store.kind === "sqlite") clearPresence(ctx.db).catch((err) => ctx.log.error("presence reset failed", { err: String(err) }));
    else {
      this.presenceTimer = setInterval(() => void this.renewPresence(), PRESENCE_RENEW_MS);
      this.presenceTimer.unref?.();
    }
  }

  /**
   * Several instances: this instance's presence renewed, and that of instances which stopped renewing theirs (they
   * died) dropped, their users announced offline. Runs on a timer; tests call it after moving the clock.
   */
  async renewPresence(): Promise<void> {
    const now = this.ctx.clock.now();
    try {
      const gone = await renewAndExpire(this.ctx.db, this.ctx.id, now.toISOString(), new Date(now.getTime() - PRESENCE_STALE_MS).toISOString());
      for (const { companyId, userId } of gone) this.ctx.bus.emit("user.presence", { companyId, userId, online: false });
    } catch (err) {
      this.ctx.log.error("presence renewal failed", { err: String(err) });
    }
  }

  /** Shutdown: this instance's presence goes, and the users it leaves offline are announced (by the other instances). */
  async releasePresence(): Promise<void> {
    clearInterval(this.presenceTimer);
    await this.presenceWrites.idle();
    if (this.ctx.store.kind === "sqlite") return;
    for (const { companyId, userId } of await departAll(this.ctx.db, this.ctx.id)) this.ctx.bus.emit("user.presence", { companyId, userId, online: false });
  }

  /** Registers an authenticated socket; closes it at once if its session already ended. */
  connect(id: string, link: SocketLink, actor: Actor, expiresAt: number): void {
    if (this.closed) {
      link.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
      return;
    }
    if (actor.tokenVersion < (this.minVersion.get(actor.userId) ?? 0)) {
      link.close(CLOSE.unauthorized.code, CLOSE.unauthorized.reason);
      return;
    }
    const client: Client = { id, link, actor, expiresAt, rooms: new Set() };
    this.clients.set(id, client);
    add(this.byCompany, actor.companyId, client);
    if (add(this.byUser, actor.userId, client) === 1) this.presence(actor, true);
  }

  /** The socket closed (by the client or by us). */
  disconnect(id: string): void {
    const client = this.clients.get(id);
    if (client) this.remove(client);
  }

  join(id: string, room: string): void {
    const client = this.live(id);
    if (!client) return;
    client.rooms.delete(room);
    client.rooms.add(room);
    if (client.rooms.size > MAX_ROOMS) client.rooms.delete(client.rooms.values().next().value!);
  }

  leave(id: string, room: string): void {
    this.live(id)?.rooms.delete(room);
  }

  /** The client's presence ping (userStatus). */
  touch(id: string): void {
    const client = this.live(id);
    if (!client) return;
    const { companyId, userId } = client.actor;
    touchPresence(this.ctx.db, companyId, userId, this.nowIso()).catch((err) => this.ctx.log.error("presence write failed", { userId, err: String(err) }));
  }

  /**
   * The users with a socket open in the company for whom `visible` holds, judged on the actors the hub keeps current
   * and each user's queues (read once while they are online, read again after their row changes): a ticket's audience
   * costs no read per event, whatever the number of users.
   */
  async audience(companyId: number, visible: (actor: Actor, queueIds: readonly number[]) => boolean): Promise<number[]> {
    const targets = this.byCompany.get(companyId);
    if (!targets) return [];
    const actors = new Map<number, Actor>();
    for (const client of targets) actors.set(client.actor.userId, client.actor);
    const users: number[] = [];
    for (const [userId, actor] of actors) if (visible(actor, await this.queuesOf(userId))) users.push(userId);
    return users;
  }

  private queuesOf(userId: number): Promise<readonly number[]> {
    let queues = this.queues.get(userId);
    if (!queues) {
      queues = userQueueIds(this.ctx.db, userId);
      this.queues.set(userId, queues);
      queues.catch(() => this.queues.delete(userId));
    }
    return queues;
  }

  emit<T>(companyId: number, event: string, data: T, opts: EmitOptions<T> = {}): void {
    const targets = this.byCompany.get(companyId);
    if (!targets) return;
    const roomList = typeof opts.room === "string" ? [opts.room] : opts.room;
    const users = opts.users && new Set(opts.users);
    const now = this.ctx.clock.now().getTime();
    const frames = new Map<unknown, string>();
    for (const client of targets) {
      if (client.expiresAt <= now) {
        this.drop(client, CLOSE.expired);
        continue;
      }
      if (users && !users.has(client.actor.userId)) continue;
      if (roomList && !roomList.some((room) => client.rooms.has(room))) continue;
      let payload: unknown = data;
      if (opts.shape) {
        try {
          payload = opts.shape(client.actor, data);
        } catch (err) {
          this.ctx.log.error("socket payload shaper failed", { event, userId: client.actor.userId, err: String(err) });
          continue;
        }
        if (payload === undefined) continue;
      }
      let frame = frames.get(payload);
      if (frame === undefined) {
        frame = JSON.stringify({ event, data: payload });
        frames.set(payload, frame);
      }
      client.link.send(frame);
    }
  }

  /** Registers a sessionless socket; answers false (and closes it) on shutdown or past MAX_PUBLIC_SOCKETS. */
  connectPublic(id: string, link: SocketLink): boolean {
    const refusal = this.closed ? CLOSE.shutdown : this.publicLinks.size >= MAX_PUBLIC_SOCKETS ? TRY_AGAIN_LATER : undefined;
    if (refusal) {
      link.close(refusal.code, refusal.reason);
      return false;
    }
    this.publicLinks.set(id, link);
    return true;
  }

  disconnectPublic(id: string): void {
    this.publicLinks.delete(id);
  }

  /** One frame to every sessionless socket: only data anyone may read before logging in. */
  emitPublic(event: string, data: unknown): void {
    if (this.publicLinks.size === 0) return;
    const frame = JSON.stringify({ event, data });
    for (const link of this.publicLinks.values()) link.send(frame);
  }

  /** Open sockets, with a session and sessionless (GET /metrics). */
  socketCounts(): { session: number; public: number } {
    return { session: this.clients.size, public: this.publicLinks.size };
  }

  /** Companies with at least one socket: platform-wide changes are announced to each of them under its own event name. */
  companyIds(): number[] {
    return [...this.byCompany.keys()];
  }

  /**
   * The user's token version changed (login elsewhere, logout, password reset): every socket opened with an
   * older version gets `company-{id}-auth` {action: reason, user: {id}} and is closed. Sockets opened with the
   * current version (the new login's) stay.
   */
  endUserSessions(userId: number, reason: SessionEndReason): Promise<void> {
    return this.reconcile(userId, reason);
  }

  /** The user's row changed: later events are shaped with the new permissions; a deleted or moved user's sockets end. */
  refreshUser(userId: number): Promise<void> {
    return this.reconcile(userId, "logout");
  }

  /** Closes sockets whose access token has expired; runs on a timer, and tests call it after moving the clock. */
  sweep(): void {
    const now = this.ctx.clock.now().getTime();
    for (const client of this.clients.values()) if (client.expiresAt <= now) this.drop(client, CLOSE.expired);
  }

  /** Frames may have been missed (the events of other instances stopped arriving for a while): clients reconnect and refetch. */
  resync(): void {
    for (const client of this.clients.values()) client.link.close(CLOSE.resync.code, CLOSE.resync.reason);
  }

  /** Shutdown: closes every socket without touching the store (it is closing too; the next start resets presence). */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const client of this.clients.values()) client.link.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
    for (const link of this.publicLinks.values()) link.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
    this.publicLinks.clear();
    this.clients.clear();
    this.byCompany.clear();
    this.byUser.clear();
  }

  private async reconcile(userId: number, reason: SessionEndReason): Promise<void> {
    this.queues.delete(userId);
    const actor = await loadActor(this.ctx, userId);
    this.minVersion.set(userId, actor?.tokenVersion ?? Number.POSITIVE_INFINITY);
    for (const client of this.byUser.get(userId) ?? []) {
      const current = actor && actor.companyId === client.actor.companyId && actor.tokenVersion === client.actor.tokenVersion;
      if (current) {
        client.actor = actor;
        continue;
      }
      client.link.send(JSON.stringify({ event: companyEvent(client.actor.companyId, "auth"), data: { action: reason, user: { id: userId } } }));
      this.drop(client, CLOSE.unauthorized);
    }
  }

  /** The client if its socket is registered and its token still valid; an expired one is closed here. */
  private live(id: string): Client | undefined {
    const client = this.clients.get(id);
    if (client && client.expiresAt <= this.ctx.clock.now().getTime()) {
      this.drop(client, CLOSE.expired);
      return undefined;
    }
    return client;
  }

  /** Unregisters first, so no further event reaches a socket we are closing. */
  private drop(client: Client, kind: CloseKind): void {
    this.remove(client);
    client.link.close(kind.code, kind.reason);
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client.id)) return;
    remove(this.byCompany, client.actor.companyId, client);
    if (remove(this.byUser, client.actor.userId, client) === 0) {
      this.queues.delete(client.actor.userId);
      this.presence(client.actor, false);
    }
  }

  private presence(actor: Actor, online: boolean): void {
    if (this.closed) return;
    const { companyId, userId } = actor;
    const now = this.nowIso();
    // In order per user: a socket that opens and closes at once must not have its arrival written after its departure.
    this.presenceWrites
      .run(String(userId), () =>
        online
          ? arrive(this.ctx.db, this.ctx.id, companyId, userId, now).then(() => true)
          : depart(this.ctx.db, this.ctx.id, companyId, userId, now).then((elsewhere) => !elsewhere),
      )
      .then((changed) => changed && this.ctx.bus.emit("user.presence", { companyId, userId, online }))
      .catch((err) => this.ctx.log.error("presence write failed", { userId, err: String(err) }));
  }

  private nowIso(): string {
    return this.ctx.clock.now().toISOString();
  }
}

/** Adds to the set under key; answers the set's new size. */
function add<K, V>(index: Map<K, Set<V>>, key: K, value: V): number {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
  return set.size;
}

/** Removes from the set under key (dropping empty sets); answers what is left. */
function remove<K, V>(index: Map<K, Set<V>>, key: K, value: V): number {
  const set = index.get(key);
  if (!set) return 0;
  set.delete(value);
  if (set.size === 0) index.delete(key);
  return set.size;
}
