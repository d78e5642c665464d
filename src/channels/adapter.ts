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
export function withTimeout<T>(work: Promise<T>, ms: number, timedOut: () => Error = () => new ChannelError("TEMPORARY", "the channel did not answer in time")): Promise<T> {
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
}

// ---------------------------------------------------------------------------------------------------------------
// Inbound: one normalised shape for every channel

/** The chat a channel event belongs to: a person, or a group. */
export interface InboundChat {
  /** The channel's stable id for this chat (phone number, PSID, IGSID, visitor id, group jid). */
  id: string;
  /** Display name (person's profile name, group subject). Refreshes the contact's name while it has none of its own. */
  name?: string;
  /** Profile picture URL; refreshes the contact's picture. */
  picture?: string;
  isGroup?: boolean;
  /** Phone number to store on the contact (digits), when the channel has one. */
  number?: string;
  email?: string;
}

/** The person who wrote in a group chat. */
export interface InboundParticipant {
  id: string;
  name?: string;
}

/** Inbound media: bytes, or a fetcher the core calls once it knows the message is new. */
export interface InboundMedia {
  data?: Uint8Array | ArrayBuffer | Blob;
  fetch?: () => Promise<Uint8Array | ArrayBuffer | Blob>;
  /** What the channel says the type is; the media store sniffs the bytes anyway. */
  mime?: string;
  name?: string;
  /** The kind of file the channel names: shown while the file downloads and kept when it cannot be had. */
  kind?: InboundMediaKind;
  /**
   * A JSON handle the connection's session downloads the file with later (ChannelSession.fetchMedia). With it, a live
   * message is stored at once, shown as downloading, and its file is fetched afterwards as durable work (retried with
   * backoff, resumed after a restart), the message updated when it arrives: a webhook is answered without waiting for
   * the provider's CDN. Without it, the core fetches the file before the message is stored.
   */
  ref?: Record<string, unknown>;
}

export type InboundMediaKind = "image" | "video" | "audio" | "file";

export interface InboundLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

interface InboundBase {
  chat: InboundChat;
  /** Group messages: who wrote. */
  participant?: InboundParticipant;
  /**
   * When the channel says it happened (ms epoch, Date or ISO). Ordering is arrival; this instant (never later than the
   * arrival) is when the contact wrote, which the reply window of window24h channels counts from.
   */
  timestamp?: number | Date | string;
}

/** A message in the chat. fromMe: sent by the connection's own account from elsewhere (the phone). */
export interface InboundMessage extends InboundBase {
  type: "message";
  /** The channel's message id: a repeated delivery with the same id is ignored. */
  externalId: string;
  fromMe: boolean;
  body: string;
  media?: InboundMedia;
  /** The externalId of the message this one replies to. */
  quotedExternalId?: string;
  vCard?: string;
  location?: InboundLocation;
  /** Kind for non-text payloads the web app renders specially (e.g. adMetaPreview, template, call_log). */
  kind?: string;
  /** JSON-serialisable extras stored with the message. */
  data?: Record<string, unknown>;
  isForwarded?: boolean;
}

/** A reaction to a message; an empty emoji removes the reactor's reaction. */
export interface InboundReaction extends InboundBase {
  type: "reaction";
  /** The externalId of the message reacted to. */
  externalId: string;
  fromMe: boolean;
  emoji: string;
}

/** The message's text was edited on the channel. */
export interface InboundEdit extends InboundBase {
  type: "edit";
  externalId: string;
  body: string;
}

/** The message was deleted for everyone on the channel. */
export interface InboundRevoke extends InboundBase {
  type: "revoke";
  externalId: string;
}

export type InboundEvent = InboundMessage | InboundReaction | InboundEdit | InboundRevoke;

/** What host.inbound answers once the event is committed (or skipped). */
export type InboundResult =
  | { status: "stored"; messageId: number; ticketId: number; contactId: number; ticketCreated: boolean }
  | { status: "duplicate"; messageId: number; ticketId: number; contactId: number | null }
  | { status: "updated"; messageId: number; ticketId: number }
  | { status: "dropped"; reason: "group_not_allowed" | "unknown_message" | "connection_deleted" | "invalid" };

// ---------------------------------------------------------------------------------------------------------------
// Outbound

/** A message of ours on the channel (what react/edit/delete/markRead point at). */
export interface MessageRef {
  externalId: string;
  chatId: string;
  fromMe: boolean;
  participant?: string;
  /** The message's text (quote previews; empty for media without caption). Set on OutboundMessage.quoted. */
  body?: string;
}

export interface OutboundMedia {
  mime: string;
  name: string;
  size: number;
  /** spec mediaType: image, audio, video or application. */
  kind: string;
  /** The bytes, read from the media store. */
  read(): Promise<Uint8Array>;
  /** A signed absolute link (1 hour) for providers that fetch media by URL; needs PUBLIC_URL. */
  url: string;
}

/** A pre-approved message (WhatsApp template): the only kind a window24h channel takes once the window has closed. */
export interface OutboundTemplate {
  name: string;
  /** The language code the provider lists it under (en_US, pt_BR...). */
  language: string;
  /** The provider's component parameters, passed through as given (WhatsApp: header/body/button parameters). */
  components?: unknown[];
}

export interface OutboundMessage {
  /** Our message id (stable across retries). */
  messageId: number;
  ticketId: number;
  to: { chatId: string; isGroup: boolean; number?: string };
  body: string;
  media?: OutboundMedia;
  quoted?: MessageRef;
  vCard?: string;
  /** Send a location (the body is then only the fallback text). */
  location?: InboundLocation;
  /** Send this template (the body is then its rendered text, as the conversation shows it). */
  template?: OutboundTemplate;
}

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
  profilePicture?(chatId: string): Promise<string | undefined>;
  /** Downloads an inbound file by the handle the session gave with it (InboundMedia.ref). Throws ChannelError. */
  fetchMedia?(ref: Record<string, unknown>): Promise<Uint8Array | ArrayBuffer | Blob>;
  /**
   * Log in with a pairing code for this phone number (digits) instead of a QR code. The code is reported as status
   * PAIRING with the code as the qrcode argument; it may also be answered here. Only QR-code channels have it.
   */
  requestPairingCode?(number: string): Promise<string | void>;
}

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

/** Routes a plugin declares; mounted under /api/webhooks/<plugin id>. Handlers verify signatures themselves. */
export interface WebhookRouter {
  get(path: string, handler: WebhookHandler): void;
  post(path: string, handler: WebhookHandler): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Public routes

/** A connection found by its public key (manifest.publicKey), with its session. */
export interface PublicConnection {
  id: number;
  companyId: number;
  name: string;
  /** The stored config JSON, as saved (the plugin parses it with its schema). */
  config: string;
  /** The connection's session object, whatever its status. */
  session: ChannelSession;
}

/** The address Bun's server answers for a request (Elysia's `server` in a handler). */
export type RequestServer = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * Errors in the core's shape: thrown from a public route, the app answers them as it answers its own
 * (`{error: ERR_*, message, ...}` with the status each constructor names).
 */
export interface PublicErrors {
  /** 404 ERR_NOT_FOUND */
  notFound(message: string): Error;
  /** 400 ERR_VALIDATION with one message per field */
  validation(fields: Record<string, string>): Error;
  /** 401 ERR_UNAUTHORIZED */
  unauthorized(message: string): Error;
  /** 429 ERR_RATE_LIMITED with `retryAfter` (seconds) in the body; the Retry-After header is the route's to set. */
  rateLimited(message: string, retryAfterS: number): Error;
  /** 413 ERR_MEDIA_TOO_LARGE */
  mediaTooLarge(message: string): Error;
  /** 415 ERR_MEDIA_TYPE_NOT_ALLOWED */
  mediaTypeNotAllowed(message: string): Error;
  /** 500 ERR_INTERNAL */
  internal(message: string): Error;
  /** 403 ERR_ORIGIN_NOT_ALLOWED: a site the connection does not let in (ChannelPlugin.embedOrigins). */
  originNotAllowed(message: string): Error;
}

/** What the core hands a plugin's public routes: its own connections and sessions, and the core's request rules. */
export interface PublicRoutesHost {
  readonly log: Logger;
  readonly clock: Clock;
  /**
   * The app's own secret, the same across restarts (it ends every signature made with it when rotated). Derive a key
   * of the plugin's own from it (an HMAC over a label naming the plugin and purpose); never sign with it as it is.
   */
  readonly signingSecret: string;
  /**
   * The connection of this plugin with this public key, not deleted and with a session; undefined otherwise. Rows are
   * cached a minute, but a stopped or deleted connection has no session and answers undefined at once.
   */
  connectionByPublicKey(key: string): Promise<PublicConnection | undefined>;
  /** The session of a connection of this plugin, whatever its status; undefined when it has none. */
  session(connectionId: number): ChannelSession | undefined;
  /** The client's address (X-Forwarded-For's first hop only when TRUST_PROXY says a proxy sets it). */
  clientIp(request: Request, server: RequestServer): string;
  /**
   * The Origin a request names when it is another site's than ours (ours: the request's Host, PUBLIC_URL's host or,
   * behind a trusted proxy, X-Forwarded-Host); undefined for our own pages and for clients that send none.
   */
  foreignOrigin(request: Request): string | undefined;
  readonly errors: PublicErrors;
  /** Parses input with a zod schema; failures throw ERR_VALIDATION with one message per field, as every core route does. */
  parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S>;
  /** The largest file the platform accepts (platform setting downloadLimit), in bytes. */
  mediaLimitBytes(): Promise<number>;
  /** Whether the media store would accept this file's type (sniffed from its bytes against the allow-list). */
  acceptsMedia(file: File): Promise<boolean>;
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
