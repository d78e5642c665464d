/**
 * The inbound pipeline: the one place where channel events become contacts, tickets and messages.
 *
 *   event -> (per chat, in order) validate, early duplicate check, media fetched and stored (a live message whose
 *            channel gives a media handle is stored at once, its file downloaded afterwards by a job: inbound-media.ts)
 *         -> group commit: a batch of events written in ONE transaction, each event (inbound-message.ts; reactions,
 *            edits, revokes and acks in inbound-updates.ts):
 *              contact found or created by channel identity (name and picture refreshed)
 *              ticket: the contact's non-closed ticket on this connection; else its latest ticket reopened as pending
 *                      when updated within connection.timeCreateNewTicket minutes; else a new pending ticket
 *                      (group chats: dropped unless allowGroup; status 'group' unless groupAsTicket is enabled)
 *              message stored once per (connection, externalId), with its origin
 *              ticket lastMessage, unreadMessages, updatedAt; ticket log (create / reopen)
 *         -> after commit: bus events of the batch's row changes (inbound-effects.ts), then the automation hooks (per
 *            ticket, in order).
 *
 * Serialisation: events of one chat pass through a keyed chain before they are queued, and batches are
 * written one at a time by this single writer, so a burst of first messages from a new contact gives one
 * contact and one ticket; the partial unique index on tickets backs that up. Contact merges (merge.ts) pass
 * through the chains of both chats and are written by the same writer.
 * History imports (importMessage) take the same path without automation: the message keeps its own time, and a
 * contact with no live ticket gets a new ticket marked imported in the connection's import queue.
 * Throughput: while one batch commits the next accumulates, so under load each transaction carries many
 * events (group commit) and the full-text index triggers cost one commit, not one per message.
 */
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/errors";
import type { Connection, DB } from "../db/schema";
import type { Ack, ChannelError, InboundChat, InboundEvent, InboundMessage, InboundResult } from "./adapter";
import { Effects, type InboundHookEvent } from "./inbound-effects";
import { liveConnection, messageByExternalId } from "./inbound-queries";
import { type MediaOutcome, upsertContact, writeMessage } from "./inbound-message";
import { type AckUpdate, applyAck, applyEdit, applyReaction, applyRevoke } from "./inbound-updates";
import { mediaFileName } from "./inbound-media";
import { KeyedChain } from "./keyed";
import { type MergeOutcome, mergeChatContacts } from "./merge";
import { countInbound } from "../metrics/registry";

type Trx = Transaction<DB>;

export interface ConnectionRef {
  id: number;
  companyId: number;
  channel: string;
}

export type { InboundHookEvent } from "./inbound-effects";
export type InboundHook = (event: InboundHookEvent) => void | Promise<void>;

/** Up to this many events per transaction. */
const MAX_BATCH = 256;
/** How long an ack for a not-yet-known externalId is kept (the ack can overtake the send's answer). */
const EARLY_ACK_TTL_MS = 60_000;
/** A fromMe event waits at most this long for our own sends on the connection to record their externalIds. */
const ECHO_WAIT_MS = 5_000;

type Item =
  | { kind: "event"; conn: ConnectionRef; event: InboundEvent; media: MediaOutcome; imported: boolean; done: Deferred<InboundResult> }
  | { kind: "merge"; conn: ConnectionRef; from: string; to: string; done: Deferred<MergeOutcome> }
  | (AckUpdate & { kind: "ack"; done: Deferred<boolean> })
  | { kind: "contact"; conn: ConnectionRef; chat: InboundChat; done: Deferred<{ id: number; name: string }> };

interface Deferred<T> {
  resolve(v: T): void;
  reject(e: unknown): void;
}

export class InboundPipeline {
  private chats = new KeyedChain();
  private hookChains = new KeyedChain();
  private queue: Item[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private earlyAcks = new Map<string, { ack: Ack; error?: ChannelError; at: number }>();
  private hooks: InboundHook[] = [];
  /** Committed batches and the items they carried (group commit at work: items / batches > 1 under load). */
  readonly stats = { batches: 0, items: 0 };

  constructor(
    private ctx: AppContext,
    /** Resolves when our own sends on the connection have recorded their externalIds (so echoes are recognised). */
    private sendsSettled: (connectionId: number) => Promise<void> = async () => {},
  ) {}

  /**
   * Registers an automation listener, called after commit for each stored live message (the contact's, and those typed
   * on the account's phone: fromMe), in order per ticket. Answers an unsubscribe.
   */
  onMessage(hook: InboundHook): () => void {
    this.hooks.push(hook);
    return () => {
      this.hooks = this.hooks.filter((h) => h !== hook);
    };
  }

  /**
   * One channel event; resolves once committed or skipped. Events of one chat keep their order.
   * `imported`: an old message from the channel's history (no automation, its own time, an imported ticket).
   */
  submit(conn: ConnectionRef, event: InboundEvent, opts: { imported?: boolean } = {}): Promise<InboundResult> {
    const invalid = opts.imported && event?.type !== "message" ? "only messages are imported" : validate(event);
    if (invalid) {
      this.ctx.log.warn("inbound event refused", { connectionId: conn.id, reason: invalid });
      return countInbound(conn.channel, Promise.resolve({ status: "dropped", reason: "invalid" }));
    }
    let result!: Promise<InboundResult>;
    const queued = this.chats.run(`${conn.id}:${event.chat.id}`, async () => {
      const early = await this.prepare(conn, event);
      if (early) {
        result = Promise.resolve(early);
        return;
      }
      const imported = opts.imported === true;
      const media = event.type === "message" ? await this.storeMedia(conn, event, imported) : undefined;
      result = new Promise<InboundResult>((resolve, reject) => this.push({ kind: "event", conn, event, media, imported, done: { resolve, reject } }));
    });
    return countInbound(
      conn.channel,
      queued.then(() => result),
    );
  }

  /** Finds or creates the contact for a chat (through the same single writer). */
  contact(conn: ConnectionRef, chat: InboundChat): Promise<{ id: number; name: string }> {
    if (!chat || typeof chat.id !== "string" || !chat.id.trim()) return Promise.reject(new Error("chat.id is required"));
    return this.chats.run(
      `${conn.id}:${chat.id}`,
      () => new Promise<{ id: number; name: string }>((resolve, reject) => this.push({ kind: "contact", conn, chat, done: { resolve, reject } })),
    );
  }

  /**
   * Merges the contact of chat `from` into the contact of chat `to` (merge.ts), after the events of both chats handed
   * over before it and before the ones handed over after it. Resolves once committed.
   */
  merge(conn: ConnectionRef, from: string, to: string): Promise<void> {
    const ids = [from, to].map((id) => (typeof id === "string" ? id.trim() : ""));
    if (ids.some((id) => !id)) return Promise.reject(new Error("both chat ids are required"));
    if (ids[0] === ids[1]) return Promise.resolve();
    // Both chats' chains are entered now (synchronously, so two merges can never hold them in opposite orders): the
    // merge is queued once the events handed over before it are, and later events wait until it is committed.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const reached = ids.map(
      (id) =>
        new Promise<void>((arrive) => {
          void this.chats.run(`${conn.id}:${id}`, () => {
            arrive();
            return released;
          });
        }),
    );
    const done = Promise.all(reached).then(
      () => new Promise<MergeOutcome>((resolve, reject) => this.push({ kind: "merge", conn, from: ids[0]!, to: ids[1]!, done: { resolve, reject } })),
    );
    void done.then(release, release);
    return done.then((outcome) => {
      if (outcome !== "none") this.ctx.log.info("chats merged", { connectionId: conn.id, from: ids[0], to: ids[1], outcome });
    });
  }

  /** Delivery progress of a message by its externalId; batched like inbound events. Resolves true when a row changed. */
  ack(conn: ConnectionRef, externalId: string, ack: Ack, error?: ChannelError): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => this.push({ kind: "ack", conn, externalId, ack, error, done: { resolve, reject } }));
  }

  /** An ack that arrived before our send recorded the externalId: outbound replays it once the id is stored. */
  replayEarlyAck(conn: ConnectionRef, externalId: string): void {
    const key = `${conn.id}:${externalId}`;
    const early = this.earlyAcks.get(key);
    if (!early) return;
    this.earlyAcks.delete(key);
    void this.ack(conn, externalId, early.ack, early.error).catch((err) => this.ctx.log.error("early ack replay failed", { err: String(err) }));
  }

  /** Resolves when everything submitted so far (and hooks it triggered) is done. */
  async idle(): Promise<void> {
    for (;;) {
      await this.chats.idle();
      if (this.flushing) await this.flushing;
      if (this.queue.length) {
        await new Promise((r) => setImmediate(r));
        continue;
      }
      await this.hookChains.idle();
      if (!this.queue.length && !this.flushing && this.chats.size === 0 && this.hookChains.size === 0) return;
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  /**
   * Before queueing: a fromMe event waits for our sends in flight on the connection (so their echo is recognised),
   * and a message with media is checked first against the connection's group setting and known externalIds, so
   * media is never fetched for a message that will be dropped, nor twice.
   * Plain texts skip the reads: the writer checks both inside its transaction anyway.
   */
  private async prepare(conn: ConnectionRef, event: InboundEvent): Promise<InboundResult | undefined> {
    if (event.type !== "message") return undefined;
    if (event.fromMe) await Promise.race([this.sendsSettled(conn.id), Bun.sleep(ECHO_WAIT_MS)]);
    if (!event.media) return undefined;
    if (event.chat.isGroup === true) {
      const row = await liveConnection(this.ctx.db, conn);
      if (!row) return { status: "dropped", reason: "connection_deleted" };
      if (row.allowGroup !== 1) return { status: "dropped", reason: "group_not_allowed" };
    }
    const known = await messageByExternalId(this.ctx.db, conn.id, event.externalId);
    return known ? { status: "duplicate", messageId: known.id, ticketId: known.ticketId, contactId: known.contactId } : undefined;
  }

  /** A live message whose channel gave a handle is stored first and its file fetched afterwards; others now. */
  private async storeMedia(conn: ConnectionRef, event: InboundMessage, imported: boolean): Promise<MediaOutcome> {
    const m = event.media;
    if (!m) return undefined;
    if (m.ref && !m.data && !imported) return { pending: m.ref };
    try {
      const data = m.data ?? (m.fetch ? await m.fetch() : undefined);
      if (!data) return { error: "MEDIA_MISSING" };
      const stored = await this.ctx.media.save(conn.companyId, { data, name: mediaFileName(m) });
      return { stored };
    } catch (err) {
      const code = (err as { code?: string }).code ?? "ERR_WAPP_DOWNLOAD_MEDIA";
      this.ctx.log.warn("inbound media not stored", { connectionId: conn.id, externalId: event.externalId, code, err: String(err) });
      return { error: code };
    }
  }

  private push(item: Item): void {
    this.queue.push(item);
    if (!this.scheduled && !this.flushing) {
      this.scheduled = true;
      // Let events arriving in the same turn join the batch.
      setImmediate(() => {
        this.scheduled = false;
        this.startFlush();
      });
    }
  }

  private startFlush(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      if (this.queue.length) this.startFlush();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.writeBatch(batch);
    }
  }

  /**
   * One transaction for the whole batch; if it fails, each item is retried alone so one bad event cannot sink the
   * others. An item refused by a unique constraint is tried once more: another instance sharing the database wrote
   * the same contact, ticket or message first, and the second try reads it.
   */
  private async writeBatch(batch: Item[], again = false): Promise<void> {
    try {
      const fx = new Effects();
      const results = await this.ctx.db.transaction().execute(async (trx) => {
        const conns = new Map<number, Connection | undefined>();
        const out: unknown[] = [];
        for (const item of batch) out.push(await this.apply(trx, item, fx, conns));
        return out;
      });
      this.stats.batches++;
      this.stats.items += batch.length;
      this.afterCommit(fx);
      for (const [i, item] of batch.entries()) (item.done.resolve as (v: unknown) => void)(results[i]);
    } catch (err) {
      if (batch.length === 1 && !again && isUniqueViolation(err)) return this.writeBatch(batch, true);
      if (batch.length === 1) {
        this.ctx.log.error("inbound write failed", { kind: batch[0]!.kind, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
        batch[0]!.done.reject(err);
        return;
      }
      for (const item of batch) await this.writeBatch([item]);
    }
  }

  private apply(trx: Trx, item: Item, fx: Effects, conns: Map<number, Connection | undefined>): Promise<unknown> {
    switch (item.kind) {
      case "ack":
        return applyAck(this.ctx, trx, item, fx);
      case "merge":
        return this.connection(trx, item.conn, conns).then((conn) =>
          conn ? mergeChatContacts(trx, conn, item.from, item.to, this.ctx.clock.now().toISOString(), fx) : ("none" satisfies MergeOutcome),
        );
      case "contact":
        return this.connection(trx, item.conn, conns).then(async (conn) => {
          if (!conn) throw new Error("connection deleted");
          const c = await upsertContact(this.ctx, trx, conn, item.chat, fx);
          return { id: c.id, name: c.name };
        });
      case "event":
        return this.connection(trx, item.conn, conns).then((conn) => {
          if (!conn) return { status: "dropped", reason: "connection_deleted" } satisfies InboundResult;
          const e = item.event;
          switch (e.type) {
            case "message":
              return writeMessage(this.ctx, trx, conn, e, item.media, fx, item.imported);
            case "reaction":
              return applyReaction(this.ctx, trx, conn, e, fx);
            case "edit":
              return applyEdit(this.ctx, trx, conn, e, fx);
            case "revoke":
              return applyRevoke(this.ctx, trx, conn, e, fx);
          }
        });
    }
  }

  private async connection(trx: Trx, ref: ConnectionRef, cache: Map<number, Connection | undefined>): Promise<Connection | undefined> {
    if (!cache.has(ref.id)) cache.set(ref.id, await liveConnection(trx, ref));
    return cache.get(ref.id);
  }
  private afterCommit(fx: Effects): void {
    const bus = this.ctx.bus;
    for (const [contactId, companyId] of fx.contactsCreated) bus.emit("contact.created", { companyId, contactId });
    for (const [contactId, companyId] of fx.contactsUpdated) bus.emit("contact.updated", { companyId, contactId });
    for (const [contactId, companyId] of fx.contactsDeleted) bus.emit("contact.deleted", { companyId, contactId });
    const withMessage = new Set(fx.messagesCreated.map((m) => m.ticketId));
    for (const [ticketId, companyId] of fx.ticketsCreated) bus.emit("ticket.created", { companyId, ticketId, withMessage: withMessage.has(ticketId) });
    for (const [ticketId, companyId] of fx.ticketsUpdated) bus.emit("ticket.updated", { companyId, ticketId, withMessage: withMessage.has(ticketId) });
    for (const m of fx.messagesCreated) bus.emit("message.created", m);
    for (const [messageId, m] of fx.messagesUpdated) bus.emit("message.updated", { ...m, messageId });

    if (fx.earlyAcks.length) {
      const now = Date.now();
      if (this.earlyAcks.size > 5_000) for (const [k, v] of this.earlyAcks) if (now - v.at > EARLY_ACK_TTL_MS) this.earlyAcks.delete(k);
      for (const a of fx.earlyAcks) {
        const prev = this.earlyAcks.get(a.key);
        if (!prev || a.ack > prev.ack || a.error) this.earlyAcks.set(a.key, { ack: a.ack, error: a.error, at: now });
      }
    }

    if (!this.hooks.length) return;
    for (const h of fx.hooks) {
      const hooks = this.hooks;
      void this.hookChains.run(`ticket:${h.ticketId}`, async () => {
        for (const hook of hooks) {
          try {
            await hook(h);
          } catch (err) {
            this.ctx.log.error("inbound hook failed", { ticketId: h.ticketId, messageId: h.messageId, err: String(err) });
          }
        }
      });
    }
  }
}

/** A reason when the event cannot be handled at all; undefined when it is well-formed. */
function validate(event: InboundEvent): string | undefined {
  if (!event || typeof event !== "object") return "not an object";
  if (!event.chat || typeof event.chat.id !== "string" || !event.chat.id.trim()) return "chat.id is required";
  if (typeof event.externalId !== "string" || !event.externalId) return "externalId is required";
  if (event.type === "message") {
    const empty = !(typeof event.body === "string" && event.body.trim()) && !event.media && !event.location && !event.vCard && !event.kind;
    if (empty) return "empty message";
    return undefined;
  }
  if (event.type === "reaction" || event.type === "edit" || event.type === "revoke") return undefined;
  return "unknown event type";
}
