/**
 * What the WhatsApp session needs from a socket (Baileys' WASocket has all of it; tests pass a fake), the real
 * socket and media downloader, and Baileys' logger over ours.
 */
import makeWASocket, {
  downloadMediaMessage,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from "baileys";
import type { ChannelHost } from "../../../src/channels/adapter";

/** The core's logger, as the host hands it over. */
type Logger = ChannelHost["log"];

export interface SocketLike {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
  };
  user?: Contact | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: "preview" | "image", timeoutMs?: number): Promise<string | undefined>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  requestPairingCode(phoneNumber: string, customPairingCode?: string): Promise<string>;
  groupMetadata?(jid: string): Promise<GroupMetadata>;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void> | void;
}

export interface SocketOptions {
  auth: AuthenticationState;
  logger: BaileysLogger;
  /** Ask the phone for the full history and process every history chunk (only when importing old messages). */
  syncFullHistory: boolean;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
}

export type SocketFactory = (opts: SocketOptions) => SocketLike;

/**
 * The real socket. Own sends are not echoed back (emitOwnEvents false); the phone keeps its notifications
 * (markOnlineOnConnect false). `overrides` is for tests (e.g. an unreachable waWebSocketUrl).
 */
export function createBaileysSocket(overrides: Partial<UserFacingSocketConfig> = {}): SocketFactory {
  return (o) =>
    makeWASocket({
      auth: o.auth,
      logger: o.logger,
      emitOwnEvents: false,
      markOnlineOnConnect: false,
      syncFullHistory: o.syncFullHistory,
      // Baileys skips FULL history chunks by default; an import wants them.
      ...(o.syncFullHistory ? { shouldSyncHistoryMessage: () => true } : {}),
      generateHighQualityLinkPreview: false,
      getMessage: o.getMessage,
      ...overrides,
    });
}

export const baileysSocket: SocketFactory = createBaileysSocket();

/** Downloads a media message's bytes (asks the phone to re-upload expired media once). */
export type MediaDownloader = (message: WAMessage, sock: SocketLike, logger: BaileysLogger) => Promise<Uint8Array>;

export const baileysDownload: MediaDownloader = async (message, sock, logger) => {
  const ctx = sock.updateMediaMessage ? { logger, reuploadRequest: sock.updateMediaMessage.bind(sock) } : undefined;
  const buf = await downloadMediaMessage(message, "buffer", {}, ctx);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
};

export interface BaileysLogger {
  level: string;
  child(obj: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Baileys' pino-style logger over ours: its info is our debug (it is chatty), trace/debug are dropped. */
export function baileysLogger(log: Logger): BaileysLogger {
  const write = (fn: (msg: string, data?: Record<string, unknown>) => void) => (obj: unknown, msg?: string) => {
    if (typeof obj === "string") return fn(obj);
    const data = obj && typeof obj === "object" ? { detail: safe(obj) } : undefined;
    fn(msg ?? "baileys", data);
  };
  return {
    level: "info",
    child: (b) => baileysLogger(log.child(b)),
    trace: () => undefined,
    debug: () => undefined,
    info: write((m, d) => log.debug(m, d)),
    warn: write((m, d) => log.warn(m, d)),
    error: write((m, d) => log.error(m, d)),
  };
}

function safe(obj: object): unknown {
  try {
    return JSON.parse(JSON.stringify(obj, (_k, v) => (v instanceof Uint8Array ? `<${v.length} bytes>` : typeof v === "bigint" ? String(v) : v)));
  } catch {
    return String(obj);
  }
}
