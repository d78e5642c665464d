/**
 * ctx.channels: the channels core assembled for one context.
 *   registry  plugins by id (plugins/index.ts plus injected test plugins)
 *   sessions  live sessions (boot, backoff, status)
 *   inbound   the single writer of channel events (contacts, tickets, messages)
 *   outbound  guards, sending, acks, retries, restart recovery
 */
import { registerConnectionAnnouncements } from "./announce";
import { SessionOwnership } from "./ownership";
import { SessionCluster } from "./session-cluster";
import type { AppContext } from "../context";
import type { ChannelPlugin } from "./adapter";
import { type InboundHook, InboundPipeline } from "./inbound";
import { registerInboundMediaJob } from "./inbound-media";
import { Outbound } from "./outbound";
import { ChannelRegistry } from "./registry";
import { SessionManager } from "./sessions";

export interface ChannelsCore {
  registry: ChannelRegistry;
  sessions: SessionManager;
  /** Several instances: commands for this instance's sessions, and the takeover of those whose instance died. */
  cluster: SessionCluster;
  inbound: InboundPipeline;
  outbound: Outbound;
  /** The automation hook point: called after commit for every stored live message (the contact's or the phone's), in order per ticket. */
  onInbound(hook: InboundHook): () => void;
  /** Boot: restart recovery of sends, then every connection's session. */
  boot(): Promise<void>;
  /** Resolves when inbound writes, hooks and sends in progress are done (tests, shutdown). */
  idle(): Promise<void>;
  /** Shutdown: stop sessions, drain writes and sends. */
  close(): Promise<void>;
}

export function createChannels(ctx: AppContext, plugins: readonly ChannelPlugin<any>[]): ChannelsCore {
  const registry = new ChannelRegistry(plugins);
  let outbound!: Outbound;
  const inbound = new InboundPipeline(ctx, (connectionId) => outbound.settled(connectionId));
  const ownership = new SessionOwnership(ctx.store.heldLocks());
  const sessions = new SessionManager(
    ctx,
    registry,
    inbound,
    {
      connected: (connectionId) =>
        void outbound.flushConnection(connectionId).catch((err) => ctx.log.error("flush of queued sends failed", { connectionId, err: String(err) })),
      claimed: (connectionId) => outbound.interrupted(connectionId),
    },
    ownership,
  );
  const cluster = new SessionCluster(ctx, sessions, ownership);
  outbound = new Outbound(ctx, {
    liveSession: (id) => sessions.liveSession(id),
    authExpired: (id, session, error) => sessions.authExpired(id, session, error),
    waiting: (connectionId, messageId, ticketId) => ctx.bus.emit("outbound.waiting", { connectionId, messageId, ticketId }),
    shared: ownership.shared,
  });
  // Several instances: a person's command, or a send, for a session this instance runs reaches it from any instance.
  ctx.bus.onEveryInstance("connection.command", ({ connectionId, command, origin, number }) => {
    if (origin !== ctx.id) return cluster.obey(connectionId, command, number);
  });
  ctx.bus.onEveryInstance("channel.peers", ({ connectionId, origin, data }) => {
    if (origin !== ctx.id) sessions.session(connectionId)?.fromPeers?.(data);
  });
  ctx.bus.onEveryInstance("outbound.sent", ({ connectionId, companyId, channel, externalId }) =>
    inbound.replayEarlyAck({ id: connectionId, companyId, channel }, externalId),
  );
  ctx.bus.onEveryInstance("outbound.waiting", ({ connectionId, messageId, ticketId }) => {
    if (sessions.liveSession(connectionId)) void outbound.dispatch(messageId, ticketId);
  });
  registerInboundMediaJob(ctx, sessions);
  registerConnectionAnnouncements(ctx);

  const idle = async () => {
    await inbound.idle();
    await outbound.idle();
    await inbound.idle();
    await sessions.idle();
  };

  return {
    registry,
    sessions,
    cluster,
    inbound,
    outbound,
    onInbound: (hook) => inbound.onMessage(hook),
    async boot() {
      await outbound.recover();
      await sessions.startAll();
      cluster.start();
    },
    idle,
    async close() {
      // Drain: inbound writes and the automation turns they run (which queue sends), then the sends in flight finish
      // (or time out) while their sessions are still up, then sessions stop.
      await inbound.idle();
      outbound.stop();
      await outbound.idle();
      cluster.stop();
      await sessions.stopAll();
      await inbound.idle();
    },
  };
}
