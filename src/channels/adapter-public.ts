/**
 * The channel contract's public routes (re-exported by adapter.ts, the one file plugins import): what the core hands
 * a plugin with a public API of its own (web chat's visitor API) instead of its modules.
 */
import type { Clock } from "../clock";
import type { Logger } from "../log";
import type { ChannelSession } from "./adapter";

/** How a public route declares its answers, as the core's routes do: documented and typed, checked by the test suite. */
export { answers } from "../http/schemas";

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
  /** The largest file the platform accepts (platform setting downloadLimit), in bytes. */
  mediaLimitBytes(): Promise<number>;
  /** Whether the media store would accept this file's type (sniffed from its bytes against the allow-list). */
  acceptsMedia(file: File): Promise<boolean>;
  /**
   * The send function of a socket the plugin serves (Elysia's `ws.raw`), under the core's limit on frames waiting for
   * a client that does not read: past WS_BUFFER_LIMIT_KB the socket is closed with 4008 ERR_SOCKET_TOO_SLOW (the
   * client reconnects and fetches again) and counted in the metrics. Every frame the plugin sends goes through it.
   */
  socketSender(raw: object): (text: string) => void;
}
