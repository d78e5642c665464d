/**
 * One web-chat connection's live session. There is no outside provider: the session is CONNECTED as soon as it
 * starts, and "the channel" is the set of visitor sockets currently open on this connection.
 *
 *   send(msg)      pushes a `message` frame to the visitor's open sockets and answers `a:<messageId>` as the
 *                  externalId. It stores nothing: the core stored the message, and a visitor who is offline reads it
 *                  from the history (host.history) when the widget opens again.
 *   visitorAck()   the widget confirms a frame (2, delivered) or shows it on screen (3, read) -> host.ack; the ack
 *                  is echoed to the visitor's other sockets as an `ack` frame.
 *   react/edit/delete  an agent's reaction (on any message), edit or delete (of our own) pushes a `reaction`
 *                  {id, emoji} (empty: removed), `edit` {id, body} or `delete` {id} frame, `id` being the message id the
 *                  visitor API shows. Like send, they store nothing: the core stores the change and the history shows it.
 *
 * The visitor API (routes.ts) reaches the session through its PublicRoutesHost (by widgetKey, or by the connection a
 * visitor token names) and uses the session's host: host.contact (new visitor), host.inbound (a visitor's message),
 * host.history (the conversation).
 */
import {
  type Ack,
  ChannelError,
  type ChannelHost,
  type ChannelSession,
  type HostMessage,
  type MessageRef,
  type OutboundMessage,
} from "../../../src/channels/adapter";
import type { WebchatConfig } from "./manifest";
import { isVisitorId } from "./token";
import type { VisitorMessage } from "./visitor-message";

export type { VisitorMessage } from "./visitor-message";

/** The transport under a visitor socket (routes.ts adapts Bun's ServerWebSocket to it). */
export interface VisitorLink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** Open sockets per visitor; the oldest is closed beyond this (a visitor with many tabs). */
const MAX_SOCKETS_PER_VISITOR = 8;
/** Our messages a visitor may still acknowledge (newest kept), and how many visitors we remember them for. */
const MAX_ACKABLE_PER_VISITOR = 200;
const MAX_ACKABLE_VISITORS = 20_000;
/** Visitor messages' externalId -> message id remembered (posts and history pages); older ones are looked up. */
const MAX_KNOWN_IDS = 20_000;
/** How far back (messages) a reaction's target is looked for in the chat when it is not remembered. */
const LOOKUP_PAGES = 5;
const LOOKUP_PAGE_SIZE = 200;

/** externalId of a message of ours on web chat. */
export const outboundExternalId = (messageId: number) => `a:${messageId}`;
/** externalId of a visitor's message: namespaced by the visitor, so two visitors' clientIds never collide. */
export const inboundExternalId = (visitorId: string, clientId: string) => `v:${visitorId}:${clientId}`;
/** The clientId inside a visitor message's externalId, when it is one. */
export function clientIdOf(externalId: string | null, visitorId: string): string | null {
  const prefix = `v:${visitorId}:`;
  return externalId?.startsWith(prefix) ? externalId.slice(prefix.length) : null;
}

/** A frame of the visitor socket. */
export interface VisitorFrame {
  event: string;
  data: unknown;
}

/** What a session sends its peers: a frame for a visitor's sockets, or the id of a message too large to travel. */
interface PeerData {
  visitorId: string;
  frame?: VisitorFrame;
  messageId?: number;
}

export class WebchatSession implements ChannelSession {
  private sockets = new Map<string, Set<VisitorLink>>();
  /** visitorId -> (our message id -> highest ack the visitor reported). Only these may be acknowledged by that visitor. */
  private ackable = new Map<string, Map<number, number>>();
  /** Visitor messages' externalId -> our message id (what the visitor API calls it). */
  private knownIds = new Map<string, number>();
  private running = false;

  constructor(
    readonly host: ChannelHost,
    readonly config: WebchatConfig,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.host.status("CONNECTED");
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const set of this.sockets.values()) for (const link of set) link.close(1001, "Chat closed");
    this.sockets.clear();
    this.ackable.clear();
    this.knownIds.clear();
  }

  async logout(): Promise<void> {
    await this.stop();
  }

  get isRunning(): boolean {
    return this.running;
  }

  async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    const visitorId = msg.to.chatId;
    if (!isVisitorId(visitorId)) throw new ChannelError("NOT_ON_CHANNEL", "This contact is not a web-chat visitor");
    const externalId = outboundExternalId(msg.messageId);
    this.allowAck(visitorId, msg.messageId);
    this.push(visitorId, {
      event: "message",
      data: {
        id: msg.messageId,
        body: msg.body,
        mediaUrl: msg.media?.url ?? null,
        mediaType: msg.media ? mediaTypeOf(msg.media.kind) : null,
        mediaName: msg.media?.name ?? null,
        createdAt: this.host.clock.now().toISOString(),
        fromMe: false,
        ack: 1,
        clientId: null,
        isDeleted: false,
        isEdited: false,
        reactions: [],
      } satisfies VisitorMessage,
    });
    return { externalId };
  }

  async react(ref: MessageRef, emoji: string): Promise<void> {
    const { visitorId, id } = await this.target(ref);
    if (id !== undefined) this.push(visitorId, { event: "reaction", data: { id, emoji } });
  }

  async edit(ref: MessageRef, body: string): Promise<void> {
    const { visitorId, id } = await this.target(ref);
    if (id !== undefined) this.push(visitorId, { event: "edit", data: { id, body } });
  }

  async delete(ref: MessageRef): Promise<void> {
    const { visitorId, id } = await this.target(ref);
    if (id !== undefined) this.push(visitorId, { event: "delete", data: { id } });
  }

  /** Remembers a visitor message's id (routes.ts: posts and history pages), so a reaction to it needs no look-up. */
  rememberId(externalId: string, messageId: number): void {
    if (this.knownIds.has(externalId)) return;
    if (this.knownIds.size >= MAX_KNOWN_IDS) this.knownIds.delete(this.knownIds.keys().next().value!);
    this.knownIds.set(externalId, messageId);
  }

  /**
   * The visitor and the visitor-facing message id a MessageRef points at: `a:<id>` for ours, `v:<visitorId>:<clientId>`
   * for the visitor's (remembered, else looked up in the chat's recent history). No id for a visitor message too old
   * to be found: nothing is pushed live, and the widget reads the change from the history when it pages back to it.
   */
  private async target(ref: MessageRef): Promise<{ visitorId: string; id?: number }> {
    const visitorId = ref.chatId;
    if (!isVisitorId(visitorId)) throw new ChannelError("NOT_ON_CHANNEL", "This contact is not a web-chat visitor");
    const ours = /^a:(\d+)$/.exec(ref.externalId);
    if (ours) return { visitorId, id: Number(ours[1]) };
    if (!ref.externalId.startsWith(`v:${visitorId}:`)) throw new ChannelError("NOT_ON_CHANNEL", "Not a message of this web-chat visitor");
    const known = this.knownIds.get(ref.externalId);
    if (known !== undefined) return { visitorId, id: known };
    let beforeId: number | undefined;
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const rows = await this.host.history(visitorId, { beforeId, limit: LOOKUP_PAGE_SIZE });
      const hit = rows.find((m) => m.externalId === ref.externalId);
      if (hit) {
        this.rememberId(ref.externalId, hit.id);
        return { visitorId, id: hit.id };
      }
      if (rows.length < LOOKUP_PAGE_SIZE) break;
      beforeId = rows[rows.length - 1]!.id;
    }
    return { visitorId };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Visitor sockets (routes.ts)

  /** Registers a visitor socket; answers a detach function for its close. */
  attach(visitorId: string, link: VisitorLink): () => void {
    let set = this.sockets.get(visitorId);
    if (!set) {
      set = new Set();
      this.sockets.set(visitorId, set);
    }
    set.add(link);
    if (set.size > MAX_SOCKETS_PER_VISITOR) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest.close(4008, "Too many open chats");
    }
    return () => {
      const s = this.sockets.get(visitorId);
      if (!s) return;
      s.delete(link);
      if (!s.size) this.sockets.delete(visitorId);
    };
  }

  /**
   * Sends a frame to every open socket of the visitor (optionally but one), here and on the other instances (through
   * a proxy, the visitor's tabs may be on several). A message too large to travel is announced by its id instead.
   */
  push(visitorId: string, frame: VisitorFrame, except?: VisitorLink): void {
    this.pushHere(visitorId, frame, except);
    if (this.host.peers.send({ visitorId, frame } satisfies PeerData)) return;
    if (frame.event === "message") this.host.peers.send({ visitorId, messageId: (frame.data as VisitorMessage).id } satisfies PeerData);
  }

  private pushHere(visitorId: string, frame: VisitorFrame, except?: VisitorLink): void {
    const set = this.sockets.get(visitorId);
    if (!set?.size) return;
    const text = JSON.stringify(frame);
    for (const link of set) if (link !== except) link.send(text);
  }

  /** A frame the same connection's session on another instance pushed: to this instance's sockets of the visitor. */
  fromPeers(data: unknown): void {
    const { visitorId, frame, messageId } = data as PeerData;
    if (!this.sockets.has(visitorId)) return;
    if (frame) {
      // One of our messages sent through another instance may be acknowledged from a socket of this one.
      if (frame.event === "message" && !(frame.data as VisitorMessage).fromMe) this.allowAck(visitorId, (frame.data as VisitorMessage).id);
      this.pushHere(visitorId, frame);
    } else if (messageId !== undefined) {
      void this.host
        .history(visitorId, { beforeId: messageId + 1, limit: 1 })
        .then(([m]) => {
          if (m?.id !== messageId) return;
          if (m.fromMe) this.allowAck(visitorId, m.id);
          this.pushHere(visitorId, { event: "message", data: toVisitorMessage(m, visitorId) });
        })
        .catch((err) => this.host.log.warn("message of another instance not read", { messageId, err: String(err) }));
    }
  }

  /** Our messages the visitor saw in their history may be acknowledged too (after a reload). */
  allowAck(visitorId: string, messageId: number): void {
    let m = this.ackable.get(visitorId);
    if (!m) {
      if (this.ackable.size >= MAX_ACKABLE_VISITORS) this.ackable.delete(this.ackable.keys().next().value!);
      m = new Map();
      this.ackable.set(visitorId, m);
    } else {
      // Most recently used visitor last, so the oldest is the one forgotten.
      this.ackable.delete(visitorId);
      this.ackable.set(visitorId, m);
    }
    if (!m.has(messageId)) m.set(messageId, 1);
    if (m.size > MAX_ACKABLE_PER_VISITOR) m.delete(m.keys().next().value!);
  }

  /**
   * The visitor's widget got (2) or showed (3) one of our messages. Only messages sent to this visitor count, and
   * each level once, so a visitor can neither touch another visitor's messages nor flood the store with acks.
   */
  visitorAck(visitorId: string, messageId: number, ack: 2 | 3, from?: VisitorLink): boolean {
    const m = this.ackable.get(visitorId);
    const seen = m?.get(messageId);
    if (!m || seen === undefined || ack <= seen) return false;
    if (ack >= 3) m.delete(messageId);
    else m.set(messageId, ack);
    this.host.ack(outboundExternalId(messageId), ack as Ack);
    this.push(visitorId, { event: "ack", data: { id: messageId, ack } }, from);
    return true;
  }
}

/** A message of the visitor's conversation as the visitor API shows it. */
export function toVisitorMessage(m: HostMessage, visitorId: string): VisitorMessage {
  return {
    id: m.id,
    body: m.body,
    mediaUrl: m.mediaUrl,
    mediaType: m.isDeleted ? null : m.mediaType,
    mediaName: m.isDeleted ? null : m.mediaName,
    createdAt: m.createdAt,
    fromMe: !m.fromMe,
    ack: m.ack,
    clientId: m.fromMe ? null : clientIdOf(m.externalId, visitorId),
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    reactions: m.reactions,
  };
}

/** OutboundMedia.kind is the spec's mediaType already (image, audio, video, application); documents stay 'application'. */
function mediaTypeOf(kind: string): string {
  return kind === "document" ? "application" : kind;
}
