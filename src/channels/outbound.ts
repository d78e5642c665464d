/**
 * The outbound pipeline: guards, storing, sending through the plugin, acks, failures, retries and restart rules.
 *
 * Guards live here, in the core, before any plugin is called:
 *   - private notes are stored and never sent;
 *   - messages that came from the channel (origin contact or phone) are never sent back;
 *   - agents send only on open or group tickets they can see (assertAgentCanSend).
 *
 * A message is stored `sendStatus: queued, ack 0`, then sent in-process, in order per ticket:
 *   queued -> (attempts + 1, sendingAt recorded, committed) -> plugin.send -> sent (externalId, ack 1)
 *                                                                         \-> failed (errorCode, errorMessage)
 *                                                                         \-> queued again (RATE_LIMITED, TEMPORARY)
 * A session that is not CONNECTED leaves the message queued; it goes out when the session reports CONNECTED.
 * A send the channel refused for now (RATE_LIMITED, TEMPORARY: the provider did not take it) is queued again with
 * `retryAt` (the provider's hint, at least 1 s, 2 s, 4 s, 8 s), keeping its errorCode so the person sees why it
 * waits, up to MAX_SEND_ATTEMPTS attempts and never past 24 h after it was queued; later messages of the ticket wait
 * behind it so the chat keeps its order. Any other refusal fails the message at once.
 * On window24h channels a message other than a template is refused (ERR_OUTSIDE_WINDOW) once the reply window has
 * closed, before anything is stored (window.ts).
 *
 * Restart rules (recover() at boot): a message left `sending` was in flight and may or may not have reached the
 * contact, so it is marked failed (INTERRUPTED) with a retry button, never resent on its own; queued rows that were
 * never attempted go out when their session connects; nothing is sent automatically more than 24 h after it was
 * queued (EXPIRED). A person's retry (POST /api/messages/:id/retry) queues it again.
 *
 * Why not the jobs table: sends must keep per-chat order, start at once, and be at-most-once; the message row itself
 * is the durable record (queued / sending / sent / failed), and recover() is the reclaiming job (docs/decisions.md).
 */
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/errors";
import type { Transaction } from "kysely";
import type { DB, MessageOrigin } from "../db/schema";
import { noPermission } from "../http/errors";
import type { StoredMedia } from "../storage/media";
import { insertMessage } from "../modules/messages/queries";
import { canSeeTicket, type VisibilityActor, type VisibilityTicket } from "../modules/tickets/visibility";
import { ChannelError, type ChannelErrorCode, type ChannelSession, type InboundLocation, type OutboundTemplate, withTimeout } from "./adapter";
import type { ConnectionRef } from "./inbound";
import { mediaTypeOf } from "./inbound-media";
import { buildOutbound } from "./outbound-message";
import { summary } from "./inbound-message";
import { KeyedChain } from "./keyed";
import {
  claimForSend,
  deleteEchoOf,
  failedMessage,
  failUnsent,
  hasEarlierRetry,
  isTimedOut,
  markFailed,
  markSent,
  messageToSend,
  queuedOfConnection,
  queuedOfTicket,
  requeueFailed,
  requeueForLater,
  retriesDue,
  setTicketLastMessage,
  ticketForMessage,
} from "./outbound-queries";
import { assertReplyWindowOpen } from "./window";
import { outboundMessages } from "../metrics/registry";

/** Codes the core stores on a failed message besides the plugins' ChannelError codes. */
export type CoreSendErrorCode =
  /** In flight when the process stopped: it may or may not have been delivered. */
  | "INTERRUPTED"
  /** Not sent within 24 h of being queued. */
  | "EXPIRED"
  /** The connection was deleted or its channel is not installed. */
  | "NO_CONNECTION"
  /** The plugin did not answer in time. */
  | "TIMEOUT";
export type SendErrorCode = ChannelErrorCode | CoreSendErrorCode;

export const MAX_SEND_DELAY_MS = 24 * 3600 * 1000;
/** Attempts of one message (its own and the automatic resends) after which only a person sends it again. */
export const MAX_SEND_ATTEMPTS = 5;
const RETRY_BASE_MS = 1_000;
const SEND_TIMEOUT_MS = 60_000;
const SWEEP_INTERVAL_MS = 60_000;

const ERROR_TEXT: Record<CoreSendErrorCode, string> = {
  INTERRUPTED: "The server restarted while this message was being sent; it may not have reached the contact. Retry to send it again.",
  EXPIRED: "Not sent: the connection was unavailable for more than 24 hours. Retry to send it now.",
  NO_CONNECTION: "Not sent: the ticket's connection no longer exists.",
  TIMEOUT: "The channel did not answer in time; the message may not have reached the contact.",
};

/** Origins that the core may send; contact and phone messages came from the channel and are never echoed. */
export type SendableOrigin = Exclude<MessageOrigin, "contact" | "phone">;

export interface QueueInput {
  companyId: number;
  ticketId: number;
  body: string;
  origin: SendableOrigin;
  userId?: number | null;
  /** Stored and shown to agents, never sent. */
  isPrivate?: boolean;
  quotedMsgId?: number | null;
  media?: StoredMedia;
  vCard?: string | null;
  /** A location to send (stored in data.location, shown as a location message). */
  location?: InboundLocation;
  /** A template to send (stored in data.template, mediaType template; the body is its rendered text). */
  template?: OutboundTemplate;
  isForwarded?: boolean;
}

/** A message storeIn wrote; handed to publish() once its transaction has committed. */
export interface StoredOutbound {
  messageId: number;
  ticketId: number;
  companyId: number;
  isPrivate: boolean;
}

export interface OutboundDeps {
  /** The connection's session when it is CONNECTED. */
  liveSession(connectionId: number): ChannelSession | undefined;
  /** The session a send went through answered AUTH_EXPIRED: the connection needs a person. */
  authExpired(connectionId: number, session: ChannelSession, error: ChannelError): void;
  /** No session of this instance can send it now: the instance that runs the connection's session may (several instances). */
  waiting(connectionId: number, messageId: number, ticketId: number): void;
  /** Several instances share the store: a send in flight may be another instance's, so only a session's new owner fails them. */
  shared: boolean;
}

/** Agents send only on open or group tickets they can see (private notes only need the ticket to be visible). */
export function assertAgentCanSend(
  actor: VisibilityActor,
  ticket: VisibilityTicket & { status: string },
  queueIds: readonly number[],
  opts: { isPrivate?: boolean } = {},
): void {
  if (!canSeeTicket(actor, ticket, queueIds)) throw noPermission();
  if (opts.isPrivate) return;
  if (ticket.status !== "open" && ticket.status !== "group") throw noPermission("Messages can only be sent on open tickets");
}

export class Outbound {
  private chains = new KeyedChain();
  private inflight = new Map<number, Set<Promise<unknown>>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Wake-ups of messages queued again for later (the sweep finds the ones a restart lost). */
  private retries = new Map<number, ReturnType<typeof setTimeout>>();
  /** Tickets with messages waiting behind a message that is queued again: sent once that one settles. */
  private held = new Set<number>();

  constructor(
    private ctx: AppContext,
    private deps: OutboundDeps,
  ) {}

  /**
   * Stores an outgoing message (queued, ack 0; a private note is stored with no send status) with the ticket's
   * lastMessage in the same transaction, publishes the events, and starts the send. Answers the message id.
   * Callers (agent routes, external API, automation, campaigns, schedules) check their own permission first
   * (agents: assertAgentCanSend). Opens its own transaction: never call it from inside another one.
   * ERR_OUTSIDE_WINDOW when the ticket's channel has a reply window that has closed and this is not a template.
   */
  async queue(input: QueueInput): Promise<{ messageId: number; ticketId: number }> {
    const isPrivate = input.isPrivate === true;
    if (!isPrivate && !input.template) await assertReplyWindowOpen(this.ctx, input.companyId, input.ticketId);
    const stored = await this.ctx.writes.run((trx) => this.storeIn(trx, input));
    this.publish([stored]);
    return { messageId: stored.messageId, ticketId: stored.ticketId };
  }

  /**
   * Stores an outgoing message with the caller's own writes, in the caller's transaction, without the reply-window
   * check (the caller decides it); after the commit, publish() announces and sends what was stored. The automation
   * writes its state and its texts this way, so a crash leaves both or neither.
   */
  async storeIn(trx: Transaction<DB>, input: QueueInput): Promise<StoredOutbound> {
    const origin: string = input.origin;
    if (origin === "contact" || origin === "phone") throw new Error("channel-originated messages are never sent back");
    const isPrivate = input.isPrivate === true;
    const nowIso = this.ctx.clock.now().toISOString();
    const ticket = await ticketForMessage(trx, input.companyId, input.ticketId);
    const media = input.media;
    const messageId = await insertMessage(trx, {
      companyId: input.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.whatsappId,
      body: input.body,
      fromMe: 1,
      read: 1,
      isPrivate: isPrivate ? 1 : 0,
      isForwarded: input.isForwarded ? 1 : 0,
      mediaKey: media?.key ?? null,
      mediaType: media ? mediaTypeOf(media.mime) : input.template ? "template" : input.vCard ? "contactMessage" : input.location ? "locationMessage" : null,
      mimetype: media?.mime ?? null,
      mediaName: media?.name ?? null,
      quotedMsgId: input.quotedMsgId ?? null,
      ack: 0,
      origin: input.origin,
      sendStatus: isPrivate ? null : "queued",
      queuedAt: isPrivate ? null : nowIso,
      vCard: input.vCard ?? null,
      data: input.location ? JSON.stringify({ location: input.location }) : input.template ? JSON.stringify({ template: input.template }) : null,
      queueId: ticket.queueId,
      userId: input.userId ?? null,
      createdAt: nowIso,
      updatedAt: nowIso,
    });
    if (!isPrivate) {
      await setTicketLastMessage(trx, input.companyId, ticket.id, summary(input.body, media?.name ?? (input.location ? "locationMessage" : undefined)), nowIso);
    }
    return { messageId, ticketId: ticket.id, companyId: input.companyId, isPrivate };
  }

  /** After the commit of storeIn's transaction: the events, and the sends started in order. */
  publish(stored: readonly StoredOutbound[]): void {
    for (const s of stored) {
      this.ctx.bus.emit("message.created", { companyId: s.companyId, ticketId: s.ticketId, messageId: s.messageId });
      if (s.isPrivate) continue;
      this.ctx.bus.emit("ticket.updated", { companyId: s.companyId, ticketId: s.ticketId, withMessage: true });
      this.dispatch(s.messageId, s.ticketId);
    }
  }

  /**
   * Queues a failed message again (a person's retry). False when it is not failed (already sent, in flight, a note...).
   * ERR_OUTSIDE_WINDOW, as for a new message, when the reply window has closed and it is not a template.
   */
  async requeue(companyId: number, messageId: number): Promise<boolean> {
    const failed = await failedMessage(this.ctx.db, companyId, messageId);
    if (!failed) return false;
    if (failed.mediaType !== "template") await assertReplyWindowOpen(this.ctx, companyId, failed.ticketId);
    const row = await requeueFailed(this.ctx.db, companyId, messageId, this.ctx.clock.now().toISOString());
    if (!row) return false;
    this.ctx.bus.emit("message.updated", { companyId, ticketId: row.ticketId, messageId });
    this.dispatch(row.id, row.ticketId);
    return true;
  }

  /** Starts sending (in order per ticket). Safe to call more than once: only a queued row is claimed. */
  dispatch(messageId: number, ticketId: number): Promise<void> {
    return this.chains
      .run(`ticket:${ticketId}`, () => this.sendOne(messageId))
      .catch((err) => {
        this.ctx.log.error("outbound dispatch failed", { messageId, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      });
  }

  /** The session of the connection is CONNECTED: send what waited for it (oldest first). */
  async flushConnection(connectionId: number): Promise<void> {
    await this.expireStale();
    for (const r of await queuedOfConnection(this.ctx.db, connectionId)) void this.dispatch(r.id, r.ticketId);
  }

  /**
   * Boot: in-flight rows become failed (INTERRUPTED), too-old queued rows expire. Starts the periodic expiry sweep. With
   * several instances, the sends in flight of a connection are failed by whichever instance takes its session
   * (interrupted), not at boot: another instance may be sending them.
   */
  async recover(): Promise<void> {
    if (!this.deps.shared) await this.interrupted();
    await this.expireStale();
    this.timer ??= setInterval(() => void this.sweep().catch((err) => this.ctx.log.error("send sweep failed", { err: String(err) })), SWEEP_INTERVAL_MS);
    this.timer.unref?.();
  }

  /** Sends left in flight (on the connection, or anywhere) by a process that stopped: failed INTERRUPTED, never sent twice. */
  async interrupted(connectionId?: number): Promise<void> {
    const error = { code: "INTERRUPTED", message: ERROR_TEXT.INTERRUPTED };
    const rows = await failUnsent(this.ctx.db, { sending: true, connectionId }, error, this.ctx.clock.now().toISOString());
    for (const m of rows) this.ctx.bus.emit("message.updated", { companyId: m.companyId, ticketId: m.ticketId, messageId: m.id });
    if (rows.length) this.ctx.log.warn("sends interrupted by a stopped process marked failed", { count: rows.length, connectionId });
  }

  /** Every minute: expiry, and the resends that are due (their wake-up was lost to a restart). */
  private async sweep(): Promise<void> {
    await this.expireStale();
    await this.retryDue();
  }

  /** Dispatches the messages queued again whose retryAt has come (oldest first). */
  async retryDue(): Promise<void> {
    const rows = await retriesDue(this.ctx.db, this.ctx.clock.now().toISOString());
    for (const r of rows.sort((a, b) => a.id - b.id)) void this.dispatch(r.id, r.ticketId);
  }

  /** Queued rows older than 24 h are failed (EXPIRED), never sent late. */
  async expireStale(): Promise<number> {
    const now = this.ctx.clock.now();
    const cutoff = new Date(now.getTime() - MAX_SEND_DELAY_MS).toISOString();
    const expired = await failUnsent(this.ctx.db, { queuedBefore: cutoff }, { code: "EXPIRED", message: ERROR_TEXT.EXPIRED }, now.toISOString());
    for (const m of expired) this.ctx.bus.emit("message.updated", { companyId: m.companyId, ticketId: m.ticketId, messageId: m.id });
    return expired.length;
  }

  /** Resolves when our sends in flight on the connection have recorded their outcome. */
  async settled(connectionId: number): Promise<void> {
    const set = this.inflight.get(connectionId);
    if (set?.size) await Promise.allSettled([...set]);
  }

  /** Resolves when every dispatched send has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.chains.idle();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const t of this.retries.values()) clearTimeout(t);
    this.retries.clear();
  }

  // ---------------------------------------------------------------------------------------------------------

  private async sendOne(messageId: number): Promise<void> {
    const row = await messageToSend(this.ctx.db, messageId);
    if (row?.sendStatus !== "queued") return;
    if (row.isPrivate === 1 || row.origin === "contact" || row.origin === "phone") return;
    const now = this.ctx.clock.now();
    if (now.getTime() - Date.parse(row.queuedAt ?? now.toISOString()) > MAX_SEND_DELAY_MS) {
      await this.fail(row, "EXPIRED", ERROR_TEXT.EXPIRED);
      return;
    }
    if (row.connectionId === null || row.connectionDeletedAt !== null || !row.channel) {
      await this.fail(row, "NO_CONNECTION", ERROR_TEXT.NO_CONNECTION);
      return;
    }
    if (row.retryAt && Date.parse(row.retryAt) > now.getTime()) return; // its wake-up (or the sweep) sends it
    if (await this.behindRetry(row.id, row.ticketId, row.connectionId)) {
      this.held.add(row.ticketId);
      return;
    }
    const session = this.deps.liveSession(row.connectionId);
    if (!session) {
      // Stays queued until the session reports CONNECTED, here or on the instance that runs it.
      if (this.deps.shared) this.deps.waiting(row.connectionId, row.id, row.ticketId);
      return;
    }

    const outbound = await buildOutbound(this.ctx, row);
    // Claim: attempts and sendingAt are committed before the plugin is called.
    if (!(await this.ctx.writes.run((trx) => claimForSend(trx, row.id, now.toISOString())))) return;

    const conn: ConnectionRef = { id: row.connectionId, companyId: row.companyId, channel: row.channel };
    const sending = Promise.resolve().then(() => session.send(outbound));
    // Tracked until the outcome is recorded, so an echo of this send waits and is recognised as ours.
    let recorded!: () => void;
    const untrack = this.track(conn.id, new Promise<void>((r) => (recorded = r)));
    try {
      const result = await withTimeout(sending, SEND_TIMEOUT_MS, () => new TimeoutError("timeout"));
      await this.recordSent(row, conn, result?.externalId);
    } catch (err) {
      if (err instanceof TimeoutError) {
        await this.fail(row, "TIMEOUT", ERROR_TEXT.TIMEOUT);
        // A late answer still tells us it went out.
        sending.then((r) => this.lateSuccess(row, conn, r?.externalId)).catch(() => undefined);
      } else {
        const ce = ChannelError.from(err);
        if (!(await this.retryLater(row, row.attempts + 1, ce))) await this.fail(row, ce.code, ce.message);
        if (ce.code === "AUTH_EXPIRED") this.deps.authExpired(conn.id, session, ce);
      }
    } finally {
      untrack();
      recorded();
    }
  }

  /**
   * RATE_LIMITED and TEMPORARY (the provider did not take the message): queued again for later, keeping the error so
   * the person sees why it waits. False when it must fail now: another code, the last attempt, or past the 24 h limit.
   */
  private async retryLater(
    row: { id: number; companyId: number; ticketId: number; queuedAt: string | null; channel: string | null },
    attempt: number,
    error: ChannelError,
  ): Promise<boolean> {
    if ((error.code !== "RATE_LIMITED" && error.code !== "TEMPORARY") || attempt >= MAX_SEND_ATTEMPTS) return false;
    const now = this.ctx.clock.now();
    const delay = Math.max(error.retryAfterMs ?? 0, RETRY_BASE_MS * 2 ** (attempt - 1));
    const retryAt = new Date(now.getTime() + delay);
    if (retryAt.getTime() - Date.parse(row.queuedAt ?? now.toISOString()) > MAX_SEND_DELAY_MS) return false;
    const requeued = await requeueForLater(this.ctx.db, row.id, {
      retryAt: retryAt.toISOString(),
      errorCode: error.code,
      errorMessage: error.message.slice(0, 500),
      nowIso: now.toISOString(),
    });
    if (!requeued) return false;
    outboundMessages.inc({ channel: row.channel ?? "none", outcome: "retried" });
    this.ctx.log.info("send refused for now; queued again", { messageId: row.id, code: error.code, attempt, retryAt: retryAt.toISOString() });
    this.ctx.bus.emit("message.updated", { companyId: row.companyId, ticketId: row.ticketId, messageId: row.id });
    const previous = this.retries.get(row.id);
    if (previous) clearTimeout(previous);
    const timer = setTimeout(() => {
      this.retries.delete(row.id);
      void this.dispatch(row.id, row.ticketId);
    }, delay);
    timer.unref?.();
    this.retries.set(row.id, timer);
    return true;
  }

  /** An earlier message of the ticket is queued again for later: this one waits behind it (the chat keeps its order). */
  private behindRetry(messageId: number, ticketId: number, connectionId: number): Promise<boolean> {
    return hasEarlierRetry(this.ctx.db, { messageId, ticketId, connectionId });
  }

  /** A message of the ticket was sent or failed: messages that waited behind one queued again go now, oldest first. */
  private async releaseHeld(ticketId: number): Promise<void> {
    if (!this.held.delete(ticketId)) return;
    const rows = await queuedOfTicket(this.ctx.db, ticketId);
    // Not awaited: this may run inside the ticket's chain, which the dispatches join after it.
    for (const r of rows) void this.dispatch(r.id, ticketId);
  }

  private async recordSent(row: { id: number; companyId: number; ticketId: number }, conn: ConnectionRef, externalId: string | undefined): Promise<void> {
    const nowIso = this.ctx.clock.now().toISOString();
    const write = (ext: string | null) => this.ctx.writes.run((trx) => markSent(trx, row.id, ext, nowIso));
    const ext = typeof externalId === "string" && externalId ? externalId : null;
    try {
      await write(ext);
    } catch (err) {
      if (!ext || !isUniqueViolation(err)) throw err;
      // The channel's echo of our own send got stored first as a phone message: it is the same message, drop the echo.
      await deleteEchoOf(this.ctx.db, conn.id, ext, row.id);
      await write(ext);
    }
    outboundMessages.inc({ channel: conn.channel, outcome: "sent" });
    this.ctx.bus.emit("message.updated", { companyId: row.companyId, ticketId: row.ticketId, messageId: row.id });
    // An ack that arrived first (on this instance or another) waits for this id: every instance replays its own.
    if (ext) this.ctx.bus.emit("outbound.sent", { connectionId: conn.id, companyId: conn.companyId, channel: conn.channel, externalId: ext });
    await this.releaseHeld(row.ticketId);
  }

  private async lateSuccess(row: { id: number; companyId: number; ticketId: number }, conn: ConnectionRef, externalId: string | undefined) {
    if (await isTimedOut(this.ctx.db, row.id)) await this.recordSent(row, conn, externalId);
  }

  private async fail(row: { id: number; companyId: number; ticketId: number; channel: string | null }, code: SendErrorCode, message: string): Promise<void> {
    await markFailed(this.ctx.db, row.id, code, message.slice(0, 500), this.ctx.clock.now().toISOString());
    outboundMessages.inc({ channel: row.channel ?? "none", outcome: "failed" });
    this.ctx.log.warn("message not sent", { messageId: row.id, code, error: message });
    this.ctx.bus.emit("message.updated", { companyId: row.companyId, ticketId: row.ticketId, messageId: row.id });
    await this.releaseHeld(row.ticketId);
  }

  private track(connectionId: number, p: Promise<unknown>): () => void {
    let set = this.inflight.get(connectionId);
    if (!set) {
      set = new Set();
      this.inflight.set(connectionId, set);
    }
    set.add(p);
    return () => {
      set.delete(p);
      if (!set.size) this.inflight.delete(connectionId);
    };
  }
}

class TimeoutError extends Error {}
