/**
 * The channel plugin interface: everything a plugin may know about the core, and everything the core
 * expects from a plugin. A plugin turns one connection row into a live session; it never touches the
 * database. It reports through the ChannelHost it is given; the core owns contacts, tickets and messages.
 *
 * Shape (see docs/plugins.md):
 *   - manifest: UI-safe half (id, name, how it connects, config schema, secret fields, capabilities);
 *   - createSession(host, config): one session per connection; required lifecycle methods, optional
 *     capability methods matching manifest.capabilities;
 *   - webhooks?(router): HTTP routes under /api/webhooks/<plugin id>/ for providers that push to us;
 *   - publicRoutes?(host): a public API of the plugin's own under /api/<plugin id>/ (web chat's visitor API). It gets
 *     a PublicRoutesHost rather than the core's modules, so a plugin with its own API still imports nothing but this
 *     file: the host finds connections by public key and hands over their sessions, and lends the core's request
 *     rules (client address, validation, error shape, media checks) so the plugin's answers match the rest of the API.
 *
 * Plugins are listed statically in plugins/index.ts (the compiled binary has them all; plugins needing configuration
 * are built there from the app's Config); tests inject theirs through createContext({ channelPlugins }).
 */
import type { AnyElysia } from "elysia";
import type { z } from "zod";
import type { Clock } from "../clock";
import type { Logger } from "../log";
import type { InboundChat, InboundEvent, InboundMessage, InboundResult, MessageRef, OutboundMessage } from "./adapter-messages";
import type { PublicRoutesHost } from "./adapter-public";

/** A connection's status as the spec names it (the web app shows a button per status). */
export type ConnectionStatus = "qrcode" | "OPENING" | "PAIRING" | "CONNECTED" | "TIMEOUT" | "DISCONNECTED";
export const CONNECTION_STATUSES: readonly ConnectionStatus[] = ["qrcode", "OPENING", "PAIRING", "CONNECTED", "TIMEOUT", "DISCONNECTED"];

/** 0 pending (clock), 1 sent to the channel, 2 delivered, 3 read, 4 played (audio), 5 read. Acks only move forward. */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;

// ---------------------------------------------------------------------------------------------------------------
// Errors

/**
 * The one error type a session throws (from send, start, and the optional methods) or reports (host.ack, host.lost).
 * The core maps the code to what a person sees: on the message (sendStatus failed, errorCode) or on the connection
 * (AUTH_EXPIRED sets its status). Anything else a plugin throws is treated as UNKNOWN.
 */
export type ChannelErrorCode =
  /** The channel no longer accepts our credentials (logged out, token revoked): the connection needs the person. */
  | "AUTH_EXPIRED"
  /** The provider throttled us; it did not take the message (the core sends it again later). */
  | "RATE_LIMITED"
  /**
   * Network trouble or a provider 5xx before the provider took the message: trying later may work, and the core sends
   * it again. When the message may have gone out (a request that timed out once sent), use UNKNOWN instead.
   */
  | "TEMPORARY"
  /** The recipient does not exist on the channel (number not on WhatsApp, user blocked us...). */
  | "NOT_ON_CHANNEL"
  /** The channel's reply window is closed (Meta's 24-hour rule). */
  | "OUTSIDE_WINDOW"
  /** The channel cannot do this (a media kind, an edit...). */
  | "UNSUPPORTED"
  | "UNKNOWN";

export class ChannelError extends Error {
  constructor(
    readonly code: ChannelErrorCode,
    message?: string,
    /** The provider's own error, kept for the log. */
    readonly detail?: unknown,
    /**
     * RATE_LIMITED and TEMPORARY: how long the provider asked us to wait (Retry-After, usage headers). The core's
     * automatic resend of a refused message waits at least this long.
     */
    readonly retryAfterMs?: number,
  ) {
    super(message ?? code);
    this.name = "ChannelError";
  }

  /** Any thrown value as a ChannelError (UNKNOWN unless it already is one). */
  static from(err: unknown): ChannelError {
    if (err instanceof ChannelError) return err;
    return new ChannelError("UNKNOWN", err instanceof Error ? err.message : String(err), err);
  }
}

/**
 * A call to a channel bounded in time: the work's answer, or after `ms` the error `timedOut` makes (TEMPORARY "did not
 * answer in time" unless given). The work itself goes on; a late answer is the caller's to use or drop.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  timedOut: () => Error = () => new ChannelError("TEMPORARY", "the channel did not answer in time"),
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------------------------
// Manifest

export interface ChannelCapabilities {
  /** session.react exists */
  react: boolean;
  /** session.edit exists */
  edit: boolean;
  /** session.delete exists */
  delete: boolean;
  /** session.markRead exists */
  markRead: boolean;
  /** the channel has group chats (allowGroup / groupAsTicket apply) */
  groups: boolean;
  /** session.checkNumber exists */
  checkNumber: boolean;
  /** session.listContacts exists (absent: it does not) */
  listContacts?: boolean;
  /**
   * replies are only allowed within 24 h of the contact's last message (Meta; see ChannelPlugin.replyWindowHours):
   * outside it the core refuses every send but templates (ERR_OUTSIDE_WINDOW)
   */
  window24h: boolean;
}

/** The UI-safe half of a plugin: the web app builds the add menu and the connection form from it. */
export interface ChannelManifest<C extends z.ZodType = z.ZodType> {
  /** The stored `channel` of its connections: whatsapp, whatsappapi, facebook, instagram, webchat. */
  id: string;
  name: string;
  /** How a person connects it: scan a QR code, paste a token, go through OAuth, or nothing (web chat). */
  connect: "qrcode" | "token" | "oauth" | "none";
  /** Validates the connection's `config`; its output is what createSession receives. */
  configSchema: C;
  /** Keys of the config that are secrets: write-only, never sent back to the web app. */
  secretFields: readonly string[];
  capabilities: Readonly<ChannelCapabilities>;
  /** When true, each connection gets a public `widgetKey` (web chat). */
  publicKey?: boolean;
  /**
   * How the channel renders text: "whatsapp" (the default) shows *bold*, _italic_, ~strike~ and ```mono``` marks;
   * "plain" does not, so the core sends texts without them (the agent's signature as "Name:").
   */
  formatting?: "whatsapp" | "plain";
  /**
   * Where its sessions run when several instances share the database. "one" (the default): on exactly one instance,
   * for a session holding a live link to its service (two WhatsApp sockets of one account replace each other); it
   * moves to another instance when its own dies. "every": on each instance, for sessions that hold no such link
   * (webhooks and API calls, so a webhook may reach any instance; web chat, where each instance holds its own
   * visitors' sockets and reaches the others' through `host.peers`).
   */
  instances?: "one" | "every";
}

// The message shapes and the public routes' host live beside this file; plugins import them from here.
export * from "./adapter-messages";
export * from "./adapter-public";

// ---------------------------------------------------------------------------------------------------------------
// Host and session

/** Plugin-private persisted state (e.g. Baileys keys), kept in SQLite per connection. Values are JSON. */
export interface KeyValueStore {
  get<T = unknown>(key: string): Promise<T | undefined>;
  getMany<T = unknown>(keys: readonly string[]): Promise<Record<string, T | undefined>>;
  set(key: string, value: unknown): Promise<void>;
  /** Writes many in one transaction; a null value deletes the key. */
  setMany(entries: Record<string, unknown | null>): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key (logout). */
  clear(): Promise<void>;
}

/** One message of a chat's conversation as a plugin may read it (web chat history). Private notes never appear. */
export interface HostMessage {
  id: number;
  externalId: string | null;
  body: string;
  fromMe: boolean;
  ack: Ack;
  mediaUrl: string | null;
  mediaType: string | null;
  mediaName: string | null;
  isDeleted: boolean;
  /** A person changed the text after it was written. */
  isEdited: boolean;
  /** The agents' reactions (emoji), oldest first; none on a deleted message. */
  reactions: string[];
  createdAt: string;
}

/** One person of an account's address book: the number in digits with its country code, the best name known ("" when none). */
export interface PhoneContact {
  number: string;
  name: string;
}

/** History import progress: messages handed to importMessage so far, of how many; done when the channel has no more. */
export interface ImportProgress {
  processed: number;
  total: number;
  done: boolean;
}

/**
 * What the core hands a plugin for one connection. No database.
 * The optional members are services the core's host always has; test fakes may leave them out, so plugins call them
 * with `?.` and degrade (no merge, no import, the config's own call settings).
 */
export interface ChannelHost {
  readonly connection: Readonly<{ id: number; companyId: number; channel: string }>;
  readonly log: Logger;
  readonly clock: Clock;
  /**
   * Report the session's status (and the QR code while pairing). Persisted on the connection and pushed to the
   * web app. `info.number` records the account's own number when the channel has one.
   */
  status(status: ConnectionStatus, qrcode?: string, info?: { number?: string }): void;
  /**
   * Hand over one channel event. Resolves once it is committed (or skipped): contact, ticket and message are
   * written by the core, a repeated externalId is ignored, events of one chat keep their order.
   */
  inbound(event: InboundEvent): Promise<InboundResult>;
  /** The channel reports delivery progress of a message we sent (by its externalId). With an error, the message is marked failed. */
  ack(externalId: string, ack: Ack, error?: ChannelError): void;
  /**
   * The live session broke. The core stops it and starts it again with backoff, except for AUTH_EXPIRED, which
   * sets the connection's status to DISCONNECTED and waits for a person.
   */
  lost(error: ChannelError): void;
  /** Finds or creates the contact for a chat (web chat creates its visitor before the first message). */
  contact(chat: InboundChat): Promise<{ id: number; name: string }>;
  /** The chat's conversation on this connection, newest first, without private notes. */
  history(chatId: string, opts?: { beforeId?: number; limit?: number }): Promise<HostMessage[]>;
  /** Plugin-private persisted state. */
  readonly authState: KeyValueStore;
  /**
   * The same connection's sessions on the other instances sharing the database (a channel whose sessions run on
   * every instance: a web-chat visitor's sockets may be on any of them). `send` hands `data` (JSON) to each of them
   * once, in order, through their `fromPeers`; nothing reaches this session itself. Keep it small: past
   * PEER_DATA_MAX_BYTES it is refused (false), so send ids and let the peer read the rest through its host.
   */
  readonly peers: { send(data: unknown): boolean };
  /**
   * Two chat ids of this channel are one person (WhatsApp: a LID and a phone JID). The contact of `fromChatId` is
   * merged into the contact of `toChatId` (or re-keyed to it when there is none) in one transaction, ordered with
   * this connection's inbound events of both chats. Idempotent. Resolves once committed.
   */
  mergeChats?(fromChatId: string, toChatId: string): Promise<void>;
  /**
   * An old message from the channel's history: stored like inbound but without automation, its time as sent, and a
   * new ticket only as an imported one (queue: the connection's queueIdImportMessages).
   */
  importMessage?(event: InboundMessage): Promise<InboundResult>;
  /** History import progress; persisted on the connection and pushed to the connections screen. */
  importProgress?(progress: ImportProgress): void;
  /** Company settings by key (e.g. acceptCallWhatsapp, AcceptCallWhatsappMessage); unknown keys answer undefined. */
  settings?(keys: readonly string[]): Promise<Record<string, string | undefined>>;
}

/**
 * One live connection. Lifecycle methods are required; capability methods exist exactly when the manifest's
 * capabilities say so. Every method throws ChannelError on failure.
 */
export interface ChannelSession {
  /** Connect; report progress through host.status. Resolving means the attempt started (QR shown or connected). */
  start(): Promise<void>;
  /** Disconnect, keeping credentials (shutdown, restart). */
  stop(): Promise<void>;
  /** Disconnect and forget credentials (the person chose to disconnect). */
  logout(): Promise<void>;
  /** Deliver one message; answer the channel's id for it. Called at most once per attempt; never retried by the plugin. */
  send(msg: OutboundMessage): Promise<{ externalId: string }>;
  react?(ref: MessageRef, emoji: string): Promise<void>;
  edit?(ref: MessageRef, body: string): Promise<void>;
  delete?(ref: MessageRef): Promise<void>;
  markRead?(refs: MessageRef[]): Promise<void>;
  checkNumber?(number: string): Promise<{ exists: boolean; chatId?: string }>;
  /** The account's address book as the channel knows it (a phone's contacts), each number in digits with its country code. */
  listContacts?(): Promise<PhoneContact[]>;
  profilePicture?(chatId: string): Promise<string | undefined>;
  /** Downloads an inbound file by the handle the session gave with it (InboundMedia.ref). Throws ChannelError. */
  fetchMedia?(ref: Record<string, unknown>): Promise<Uint8Array | ArrayBuffer | Blob>;
  /**
   * Log in with a pairing code for this phone number (digits) instead of a QR code. The code is reported as status
   * PAIRING with the code as the qrcode argument; it may also be answered here. Only QR-code channels have it.
   */
  requestPairingCode?(number: string): Promise<string | undefined>;
  /** What the same connection's session on another instance sent through `host.peers`. */
  fromPeers?(data: unknown): void;
}

/** The most `host.peers.send` carries, as JSON (the instances' notifications are limited to 8,000 bytes). */
export const PEER_DATA_MAX_BYTES = 6_000;

// ---------------------------------------------------------------------------------------------------------------
// Webhooks

export interface WebhookRequest {
  request: Request;
  /** The raw body, exactly as received (signatures are computed over it). */
  rawBody: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Client address (TRUST_PROXY decides whether X-Forwarded-For is believed). */
  ip: string;
}

export type WebhookHandler = (req: WebhookRequest) => Response | Promise<Response>;

/** What the API document says of a webhook route: what it is for, and an example of what the provider sends. */
export interface WebhookDoc {
  summary: string;
  description?: string;
  example?: unknown;
}

/** Routes a plugin declares; mounted under /api/webhooks/<plugin id>. Handlers verify signatures themselves. */
export interface WebhookRouter {
  get(path: string, handler: WebhookHandler, doc?: WebhookDoc): void;
  post(path: string, handler: WebhookHandler, doc?: WebhookDoc): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Plugin

/** A template as the provider lists it (GET /api/whatsapp/:id/templates). */
export interface ChannelTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  /** The provider's components (WhatsApp: HEADER / BODY / FOOTER / BUTTONS with {{n}} placeholders). */
  components: unknown[];
}

/** Templates of a channel that has them (WhatsApp Cloud API); read with the connection's config, outside any session. */
export interface ChannelTemplates<Config> {
  /** The approved templates of the connection's account. */
  list(config: Config): Promise<ChannelTemplate[]>;
  /** The text the conversation shows for a template sent with these component parameters. */
  render(template: ChannelTemplate, components?: unknown[]): string;
}

/** A login to a provider account, as its login dialog handed it to the web app (Meta: the Facebook login). */
export interface AccountLogin {
  userId: string;
  userToken: string;
}

/** One connection an account login gives: a new connection's channel, name and config. */
export interface AccountConnectionDraft {
  channel: string;
  name: string;
  config: Record<string, unknown>;
  /** The provider account it stands for: a second login renews the connection of the same account instead of adding one. */
  account: string;
  /** What a second login changes in the config of the connection that already stands for the account (its new token). */
  renewal: Record<string, unknown>;
  /** The id of the entry of the login's list it came from (Meta: the Page), what a skipped entry is named by. */
  listedAs: string;
}

/** An entry of the login's list that gives no connection, and why. */
export interface AccountSkipped {
  listedAs: string;
  name: string;
  reason: string;
}

/**
 * Connecting the accounts a provider login may message as, one connection each (Meta: the Pages of a Facebook
 * login, or their Instagram accounts), outside any session. Throws ChannelError: UNSUPPORTED when the server lacks the
 * provider app's credentials, AUTH_EXPIRED when the login is no longer valid.
 */
export interface AccountConnection {
  connect(login: AccountLogin): Promise<{ connections: AccountConnectionDraft[]; skipped: AccountSkipped[] }>;
  /** The account a stored connection's config stands for (compared with AccountConnectionDraft.account). */
  accountOf(config: Record<string, unknown>): string | undefined;
  /** The verify token of the plugin's webhook, to paste in the provider's dashboard once; undefined when the server cannot make one. */
  verifyToken(): string | undefined;
}

export interface ChannelPlugin<C extends z.ZodType = z.ZodType> {
  manifest: ChannelManifest<C>;
  createSession(host: ChannelHost, config: z.output<C>): ChannelSession;
  /** Routes under /api/webhooks/<plugin id>. */
  webhooks?(router: WebhookRouter): void;
  /**
   * Routes one provider's plugins share, mounted once under /api/webhooks/<name> (Meta: "meta", the one endpoint of
   * Messenger and Instagram). Plugins naming the same endpoint hand the same routes; the first one registered mounts them.
   */
  sharedWebhooks?: { name: string; routes(router: WebhookRouter): void };
  /**
   * A public API of the plugin's own, mounted under /api/<plugin id> (the instance carries no prefix of its own). Built
   * once per app. Its routes are public: list them in tests/security/router-walk.test.ts.
   */
  publicRoutes?(host: PublicRoutesHost): AnyElysia;
  /**
   * With manifest.publicKey: the sites (origins, scheme://host[:port]) that may frame the connection's public page
   * (/widget/<key>, served with them as its CSP frame-ancestors) and call its public API; empty: any site.
   */
  embedOrigins?(config: z.output<C>): readonly string[];
  /**
   * With capabilities.window24h: how many hours after the contact's last message replies are allowed for this
   * connection (default 24; Messenger's HUMAN_AGENT tag allows 7 days). Outside it the core sends only templates.
   */
  replyWindowHours?(config: z.output<C>): number;
  templates?: ChannelTemplates<z.output<C>>;
  /** Connections made from a provider account login (the core's POST /api/facebook). */
  accounts?: AccountConnection;
}

/** Identity helper so a plugin's config type flows from its schema: `export default defineChannel({...})`. */
export function defineChannel<C extends z.ZodType>(plugin: ChannelPlugin<C>): ChannelPlugin<C> {
  return plugin;
}
