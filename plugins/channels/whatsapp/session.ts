/**
 * One WhatsApp connection as a live Baileys socket.
 *
 * Status (host.status):
 *   OPENING     the socket is connecting (also after the post-pairing restart)
 *   qrcode      a QR code to scan; reported again at every rotation (about every 20 s)
 *   PAIRING     pairing-code login: the 8-character code ("ABCD-EFGH") is passed as the qrcode argument
 *   CONNECTED   linked and online; info.number is the account's own number
 *   TIMEOUT     the QR codes (or the pairing code) ran out without being used (Baileys closes with 408 after its
 *               last QR ref); the session waits for a person (the core's "new QR" restarts it, or requestPairingCode)
 * Closes (Baileys' connection 'close' with a Boom status):
 *   515 restartRequired   part of the login handshake: a new socket is opened at once, nothing is reported lost
 *   401 loggedOut         credentials are cleared; AUTH_EXPIRED (the next start shows a fresh QR code)
 *   anything else         TEMPORARY: the core restarts the session with backoff. Messages that arrived meanwhile
 *                         come in on reconnect as messages.upsert ('append' for offline ones, 'notify' live).
 * Before start() has resolved, a failure rejects start() instead of calling host.lost (the core treats both alike).
 *
 * The socket comes from an injected factory (tests pass a fake); its auth state lives in host.authState.
 */
import makeWASocket, {
  DisconnectReason,
  downloadMediaMessage,
  isJidGroup,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  proto,
  toNumber,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type ConnectionState,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type SignalKeyStore,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type MessageUserReceiptUpdate,
} from "baileys";
import { ChannelError, type ChannelHost, type ChannelSession, type InboundChat, type MessageRef, type OutboundMessage } from "../../../src/channels/adapter";
import { AckTracker, ackFromReceipt, ackFromStatus } from "./acks";
import { isLoggedIn, useKeyValueAuthState, type StoredAuthState } from "./auth-state";
import { LidMap } from "./lid";
import type { WhatsAppConfig } from "./manifest";
import { callLog, normalizeMessage, phoneJidOf, type NormalizeContext } from "./normalize";
import { buildContent, derivedMessageId, keyOf, outboundMessageId, quotedMessage, toChannelError, toJid } from "./outbound";

// -------------------------------------------------------------------------------------------------------------
// What the session needs from a socket (Baileys' WASocket has all of it; tests pass a fake).

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

export interface SessionDeps {
  socket?: SocketFactory;
  download?: MediaDownloader;
  /** Look up profile pictures of chats seen for the first time (default true). */
  pictures?: boolean;
  /** Time limits for the lookups done while receiving (ms). */
  lookupTimeoutMs?: number;
}

// -------------------------------------------------------------------------------------------------------------
// The host's optional services this session uses (the core's host has them all; test fakes may leave them out):
// mergeChats (LID merge), settings (acceptCallWhatsapp, AcceptCallWhatsappMessage), importMessage / importProgress.

export type { ImportProgress } from "../../../src/channels/adapter";

/** The core's logger, as the host hands it over. */
type Logger = ChannelHost["log"];

export type WhatsAppHostExtras = Pick<ChannelHost, "mergeChats" | "settings" | "importMessage" | "importProgress">;

// -------------------------------------------------------------------------------------------------------------

export class WhatsAppSession implements ChannelSession {
  private sock?: SocketLike;
  private auth?: StoredAuthState;
  private keys?: SignalKeyStore;
  private lids?: LidMap;
  /** Bumped for every socket and at stop: events from an older socket are ignored. */
  private gen = 0;
  private stopped = true;
  private opened = false;
  private qrSeen = false;
  private ended = false;
  private pairingAsked = false;
  /** The number asked for with requestPairingCode (wins over config.pairingNumber). */
  private pairingOverride?: string;
  private pairingWaiters: Deferred<string>[] = [];
  private ready?: Deferred<void>;
  private work: Promise<void> = Promise.resolve();
  private groups = new Map<string, string>();
  private groupTried = new Set<string>();
  private pictures = new Map<string, string | null>();
  private acks = new AckTracker();
  private recent = new Recent<WAMessage>(1_000);
  private imported = { processed: 0, total: 0 };
  private warnedNoImport = false;
  private readonly log: Logger;
  private readonly blog: BaileysLogger;
  private readonly ctx: NormalizeContext;

  constructor(
    private host: ChannelHost,
    private config: WhatsAppConfig,
    private deps: SessionDeps = {},
  ) {
    this.log = host.log;
    this.blog = baileysLogger(host.log.child({ lib: "baileys" }));
    this.ctx = {
      pnForLid: (lid) => this.lids?.pnFor(lid),
      groupSubject: (jid) => this.groups.get(jid),
      download: (m) => {
        const sock = this.sock;
        if (!sock) return Promise.reject(new ChannelError("TEMPORARY", "WhatsApp is not connected"));
        return (this.deps.download ?? baileysDownload)(m, sock, this.blog);
      },
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Lifecycle

  async start(): Promise<void> {
    this.stopped = false;
    this.auth = await useKeyValueAuthState(this.host.authState);
    if (this.stopped) return; // stopped while loading
    this.keys = makeCacheableSignalKeyStore(this.auth.state.keys, this.blog);
    this.lids = new LidMap(this.keys);
    this.ready = deferred<void>();
    this.connect();
    return this.ready.promise;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.gen++;
    const sock = this.sock;
    this.sock = undefined;
    this.opened = false;
    this.ready?.resolve();
    this.rejectPairing(new ChannelError("TEMPORARY", "session stopped"));
    if (sock) await Promise.resolve(sock.end(undefined)).catch(() => undefined);
    await this.auth?.settled();
  }

  async logout(): Promise<void> {
    const sock = this.sock;
    this.stopped = true;
    this.gen++;
    this.sock = undefined;
    this.opened = false;
    this.ready?.resolve();
    this.rejectPairing(new ChannelError("TEMPORARY", "session logged out"));
    if (sock) {
      await withTimeout(sock.logout(), 5_000).catch((err) => this.log.warn("whatsapp logout failed", { err: String(err) }));
      await Promise.resolve(sock.end(undefined)).catch(() => undefined);
    }
    if (this.auth) await this.auth.clear();
    else await this.host.authState.clear();
  }

  /**
   * Pairing-code login by phone number (instead of the QR code): answers the code and reports status PAIRING with it.
   * Works while the session shows QR codes or has timed out; fails when the connection is already linked.
   */
  async requestPairingCode(phoneNumber: string): Promise<string> {
    const digits = phoneNumber.replace(/\D/g, "");
    if (digits.length < 8 || digits.length > 15) throw new ChannelError("NOT_ON_CHANNEL", "phone number in international form, 8 to 15 digits");
    if (this.stopped || !this.auth) throw new ChannelError("TEMPORARY", "session not started");
    if (isLoggedIn(this.auth.state.creds)) throw new ChannelError("UNSUPPORTED", "this connection is already linked");
    this.pairingOverride = digits;
    const waiter = deferred<string>();
    this.pairingWaiters.push(waiter);
    if (this.sock && !this.ended && !this.pairingAsked) {
      // Ask now if the socket is ready for it (it has shown a QR code); otherwise its first QR event asks.
      if (this.qrSeen) void this.askPairingCode(this.sock, this.gen);
    } else {
      // Timed out, or a code was already asked on this socket: a new socket for the new request.
      const old = this.sock;
      this.sock = undefined;
      this.gen++;
      if (old) void Promise.resolve(old.end(undefined)).catch(() => undefined);
      this.connect();
    }
    return waiter.promise;
  }

  /** Resolves when every event received so far has been handed to the host (tests). */
  async idle(): Promise<void> {
    let w: Promise<void>;
    do {
      w = this.work;
      await w;
    } while (w !== this.work);
  }

  private connect(): void {
    const auth = this.auth!;
    auth.renewUnlinked();
    const gen = ++this.gen;
    this.opened = false;
    this.qrSeen = false;
    this.ended = false;
    this.pairingAsked = false;
    const sock = (this.deps.socket ?? baileysSocket)({
      auth: { creds: auth.state.creds, keys: this.keys! },
      logger: this.blog,
      syncFullHistory: this.config.enableImportMessage,
      getMessage: async (key) => (key.id ? (this.recent.get(key.id)?.message ?? undefined) : undefined),
    });
    this.sock = sock;
    const live = () => gen === this.gen && !this.stopped;
    const on = <T extends keyof BaileysEventMap>(event: T, fn: (arg: BaileysEventMap[T]) => void) =>
      sock.ev.on(event, (arg) => {
        if (!live()) return;
        try {
          fn(arg);
        } catch (err) {
          this.log.error("whatsapp event failed", { event, err: String(err) });
        }
      });

    on("connection.update", (u) => this.onConnection(u, sock, gen));
    on("creds.update", (u) => {
      Object.assign(auth.state.creds, u);
      auth.saveCreds().catch((err) => this.log.error("whatsapp credentials not saved", { err: String(err) }));
    });
    on("messages.upsert", ({ messages }) => {
      for (const m of messages) this.enqueue(() => this.receive(m));
    });
    on("messages.update", (updates) => this.enqueue(async () => this.onStatusUpdates(updates)));
    on("message-receipt.update", (receipts) => this.enqueue(async () => this.onReceipts(receipts)));
    on("call", (calls) => {
      for (const c of calls) if (c.status === "offer") this.enqueue(() => this.onCall(c));
    });
    on("lid-mapping.update", ({ lid, pn }) => this.enqueue(() => this.learn(lid, pn)));
    on("contacts.upsert", (contacts) => this.enqueue(() => this.learnContacts(contacts)));
    on("contacts.update", (contacts) => this.enqueue(() => this.learnContacts(contacts)));
    on("groups.upsert", (groups) => this.rememberGroups(groups));
    on("groups.update", (groups) => this.rememberGroups(groups));
    on("messaging-history.set", (h) => {
      this.enqueue(async () => {
        for (const m of h.lidPnMappings ?? []) await this.learn(m.lid, m.pn);
        await this.learnContacts(h.contacts);
        for (const c of h.chats) if (c.id && isJidGroup(c.id) && c.name) this.groups.set(c.id, c.name);
      });
      if (this.config.enableImportMessage) this.enqueue(() => this.importHistory(h.messages, h.progress));
    });
    on("messaging-history.status", (s) => {
      if (this.config.enableImportMessage && s.status === "complete") this.enqueue(async () => this.reportImport(true));
    });
  }

  private onConnection(u: Partial<ConnectionState>, sock: SocketLike, gen: number): void {
    if (u.connection === "connecting") this.host.status("OPENING");
    if (u.qr) {
      this.qrSeen = true;
      const number = this.pairingNumber();
      if (number) {
        if (!this.pairingAsked) void this.askPairingCode(sock, gen);
      } else {
        this.host.status("qrcode", u.qr);
        this.ready?.resolve();
      }
    }
    if (u.connection === "open") {
      this.opened = true;
      const number = sock.user?.id ? jidDecode(sock.user.id)?.user : undefined;
      this.host.status("CONNECTED", undefined, number ? { number } : undefined);
      this.ready?.resolve();
    }
    if (u.connection === "close") void this.onClose(u.lastDisconnect?.error, gen);
  }

  private async askPairingCode(sock: SocketLike, gen: number): Promise<void> {
    const number = this.pairingNumber();
    if (!number || this.pairingAsked) return;
    this.pairingAsked = true;
    try {
      const raw = await sock.requestPairingCode(number);
      if (gen !== this.gen || this.stopped) return;
      const code = raw.length === 8 ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
      this.host.status("PAIRING", code);
      this.ready?.resolve();
      for (const w of this.pairingWaiters.splice(0)) w.resolve(code);
    } catch (err) {
      if (gen !== this.gen || this.stopped) return;
      const error = toChannelError(err);
      this.rejectPairing(error);
      this.fail(error.code === "UNKNOWN" ? new ChannelError("TEMPORARY", error.message, err) : error);
    }
  }

  private pairingNumber(): string | undefined {
    if (this.auth && isLoggedIn(this.auth.state.creds)) return undefined;
    return this.pairingOverride || this.config.pairingNumber || undefined;
  }

  private rejectPairing(err: ChannelError): void {
    for (const w of this.pairingWaiters.splice(0)) w.reject(err);
  }

  private async onClose(error: Error | undefined, gen: number): Promise<void> {
    if (gen !== this.gen || this.stopped) return;
    const status = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
    const wasOpen = this.opened;
    this.opened = false;
    this.sock = undefined;
    this.gen++; // whatever the closed socket still emits is ignored
    if (status === DisconnectReason.restartRequired) {
      this.connect();
      return;
    }
    if (status === DisconnectReason.loggedOut) {
      await this.auth?.clear();
      this.fail(new ChannelError("AUTH_EXPIRED", "WhatsApp logged this device out; scan a new QR code", error));
      return;
    }
    if (status === DisconnectReason.timedOut && !wasOpen && this.qrSeen && this.auth && !isLoggedIn(this.auth.state.creds)) {
      // The QR codes (or the pairing code) were not used in time ("QR refs attempts ended", 408). Wait for a person
      // instead of showing QR codes forever.
      this.ended = true;
      this.host.status("TIMEOUT");
      this.ready?.resolve();
      this.rejectPairing(new ChannelError("TEMPORARY", "pairing timed out"));
      return;
    }
    this.fail(new ChannelError("TEMPORARY", error?.message || "WhatsApp connection closed", error));
  }

  /** Before start() resolved: reject it; afterwards: report the session lost. */
  private fail(error: ChannelError): void {
    const ready = this.ready;
    if (ready && !ready.settled) ready.reject(error);
    else this.host.lost(error);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Inbound

  private enqueue(fn: () => Promise<void>): void {
    this.work = this.work.then(fn).catch((err) => this.log.error("whatsapp inbound failed", { err: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
  }

  private async receive(m: WAMessage): Promise<void> {
    const key = m.key;
    if (!key?.remoteJid || !key.id) return;
    // On our own messages the *Alt fields describe us, not the contact (see normalize.ts).
    if (!key.fromMe) {
      await this.learn(key.remoteJid, key.remoteJidAlt);
      await this.learn(key.participant, key.participantAlt);
    }
    await this.lids?.load([key.remoteJid, key.participant]);
    if (isJidGroup(key.remoteJid)) await this.lookUpGroup(jidNormalizedUser(key.remoteJid));
    const event = normalizeMessage(m, this.ctx);
    if (!event) return;
    if (event.type === "message") {
      this.recent.set(event.externalId, m);
      if (!event.fromMe) await this.addPicture(event.chat);
    }
    await this.host.inbound(event);
    // A message written on the phone may already carry its delivery state.
    if (event.type === "message" && event.fromMe) {
      const ack = ackFromStatus(m.status);
      if (typeof ack === "number" && ack > 1 && this.acks.forward(event.externalId, ack)) this.host.ack(event.externalId, ack);
    }
  }

  private onStatusUpdates(updates: WAMessageUpdate[]): void {
    for (const { key, update } of updates) {
      if (update.status === undefined || update.status === null || !key.fromMe || !key.id) continue;
      const ack = ackFromStatus(update.status);
      if (ack === "error") {
        const why = Array.isArray(update.messageStubParameters) ? update.messageStubParameters.join(" ") : "";
        this.host.ack(key.id, 0, new ChannelError("UNKNOWN", `WhatsApp refused the message${why ? ` (${why})` : ""}`));
      } else if (ack !== undefined && ack > 0 && this.acks.forward(key.id, ack)) {
        this.host.ack(key.id, ack);
      }
    }
  }

  private onReceipts(receipts: MessageUserReceiptUpdate[]): void {
    for (const { key, receipt } of receipts) {
      if (!key.fromMe || !key.id) continue;
      const ack = ackFromReceipt(receipt);
      if (ack !== undefined && this.acks.forward(key.id, ack)) this.host.ack(key.id, ack);
    }
  }

  private async learn(a: string | null | undefined, b: string | null | undefined): Promise<void> {
    // Never map anyone onto our own account (a wrong pair would merge a contact into ourselves).
    const me = this.auth?.state.creds.me;
    const own = [me?.id, me?.lid, this.sock?.user?.id, this.sock?.user?.lid].filter((j): j is string => !!j).map((j) => jidDecode(j)?.user);
    if ([a, b].some((j) => j && own.includes(jidDecode(j)?.user))) return;
    const pair = await this.lids?.learn(a, b);
    if (!pair || !this.host.mergeChats) return;
    try {
      await this.host.mergeChats(pair.lid, pair.pn);
    } catch (err) {
      this.log.error("whatsapp LID merge failed", { lid: pair.lid, pn: pair.pn, err: String(err) });
    }
  }

  private async learnContacts(contacts: Partial<Contact>[]): Promise<void> {
    for (const c of contacts) {
      await this.learn(c.id, c.lid);
      await this.learn(c.id, c.phoneNumber);
      await this.learn(c.lid, c.phoneNumber);
    }
  }

  private rememberGroups(groups: Partial<GroupMetadata>[]): void {
    for (const g of groups) if (g.id && g.subject) this.groups.set(jidNormalizedUser(g.id), g.subject);
  }

  private async lookUpGroup(jid: string): Promise<void> {
    const sock = this.sock;
    if (this.groups.has(jid) || this.groupTried.has(jid) || !sock?.groupMetadata) return;
    this.groupTried.add(jid);
    const meta = await withTimeout(sock.groupMetadata(jid), this.deps.lookupTimeoutMs ?? 5_000).catch(() => undefined);
    if (meta?.subject) this.groups.set(jid, meta.subject);
  }

  private async addPicture(chat: InboundChat): Promise<void> {
    if (this.deps.pictures === false) return;
    const sock = this.sock;
    if (!this.pictures.has(chat.id) && sock) {
      const url = await withTimeout(sock.profilePictureUrl(chat.id, "image"), this.deps.lookupTimeoutMs ?? 3_000).catch(() => undefined);
      this.pictures.set(chat.id, url ?? null);
    }
    const url = this.pictures.get(chat.id);
    if (url) chat.picture = url;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Calls

  private async onCall(call: WACallEvent): Promise<void> {
    const policy = await this.callPolicy();
    if (policy.accept) return;
    const sock = this.sock;
    if (!sock) return;
    await sock.rejectCall(call.id, call.from).catch((err) => this.log.warn("whatsapp call not rejected", { err: String(err) }));
    if (call.isGroup) return;
    await this.learn(call.from, call.callerPn);
    await this.lids?.load([call.from]);
    const chatId = phoneJidOf(call.from, call.callerPn, this.ctx);
    const chat: InboundChat = { id: chatId, ...(isPnUser(chatId) ? { number: jidDecode(chatId)!.user } : {}) };
    const at = call.date instanceof Date ? call.date.getTime() : undefined;
    await this.host.inbound(callLog(call.id, { chat, ...(at ? { timestamp: at } : {}) }, false, { video: call.isVideo === true, outcome: "rejected" }));
    if (!policy.message) return;
    // Deterministic: a repeated offer of the same call does not send the text twice.
    const externalId = derivedMessageId(`${this.host.connection.id}:call:${call.id}`);
    try {
      await sock.sendMessage(chatId, { text: policy.message, linkPreview: null }, { messageId: externalId });
      await this.host.inbound({ type: "message", externalId, fromMe: true, chat, body: policy.message, data: { auto: "callRejected" } });
    } catch (err) {
      this.log.warn("whatsapp call message not sent", { err: String(err) });
    }
  }

  private async callPolicy(): Promise<{ accept: boolean; message: string }> {
    const s = await this.host.settings?.(["acceptCallWhatsapp", "AcceptCallWhatsappMessage"]).catch(() => undefined);
    const accept = (s?.acceptCallWhatsapp ?? this.config.acceptCallWhatsapp) !== "disabled";
    const message = (s?.AcceptCallWhatsappMessage ?? this.config.acceptCallWhatsappMessage ?? "").trim();
    return { accept, message };
  }

  // ---------------------------------------------------------------------------------------------------------
  // History import

  private async importHistory(messages: WAMessage[], progress: number | null | undefined): Promise<void> {
    const importMessage = this.host.importMessage?.bind(this.host);
    if (!importMessage) {
      if (!this.warnedNoImport) this.log.warn("whatsapp history import needs host.importMessage; old messages skipped");
      this.warnedNoImport = true;
      return;
    }
    const from = this.config.importOldMessages ? Date.parse(this.config.importOldMessages) : Number.NEGATIVE_INFINITY;
    const to = this.config.importRecentMessages ? Date.parse(this.config.importRecentMessages) : Number.POSITIVE_INFINITY;
    const chosen = messages
      .map((m) => ({ m, at: toNumber(m.messageTimestamp as number | null | undefined) * 1000 }))
      .filter(({ m, at }) => at >= from && at <= to && (this.config.importOldMessagesGroups || !isJidGroup(m.key.remoteJid ?? "")))
      .sort((a, b) => a.at - b.at);
    this.imported.total += chosen.length;
    this.reportImport(false);
    for (const [i, { m }] of chosen.entries()) {
      await this.lids?.load([m.key.remoteJid, m.key.participant]);
      const event = normalizeMessage(m, this.ctx);
      if (event?.type === "message") {
        this.recent.set(event.externalId, m);
        try {
          await importMessage(event);
        } catch (err) {
          this.log.warn("whatsapp history message not imported", { externalId: event.externalId, err: String(err) });
        }
      }
      this.imported.processed++;
      if ((i + 1) % 50 === 0) this.reportImport(false);
    }
    this.reportImport(progress === 100);
  }

  private reportImport(done: boolean): void {
    this.host.importProgress?.({ processed: this.imported.processed, total: this.imported.total, done });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Outbound

  async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    const sock = this.live();
    const jid = toJid(msg.to.chatId, msg.to.isGroup);
    const messageId = outboundMessageId(this.host.connection.id, msg.messageId);
    const content = await buildContent(msg);
    const options: MiscMessageGenerationOptions = { messageId };
    if (msg.quoted) options.quoted = quotedMessage(msg.quoted, this.recent.get(msg.quoted.externalId));
    try {
      const sent = await sock.sendMessage(jid, content, options);
      if (sent) this.recent.set(messageId, sent);
      return { externalId: sent?.key?.id || messageId };
    } catch (err) {
      throw toChannelError(err, { group: msg.to.isGroup });
    }
  }

  async react(ref: MessageRef, emoji: string): Promise<void> {
    await this.call(ref, (sock) => sock.sendMessage(toJid(ref.chatId), { react: { text: emoji, key: keyOf(ref) } }));
  }

  async edit(ref: MessageRef, body: string): Promise<void> {
    if (!ref.fromMe) throw new ChannelError("UNSUPPORTED", "only our own messages can be edited");
    await this.call(ref, (sock) => sock.sendMessage(toJid(ref.chatId), { text: body, edit: keyOf(ref), linkPreview: null }));
  }

  async delete(ref: MessageRef): Promise<void> {
    await this.call(ref, (sock) => sock.sendMessage(toJid(ref.chatId), { delete: keyOf(ref) }));
  }

  async markRead(refs: MessageRef[]): Promise<void> {
    const keys = refs.filter((r) => !r.fromMe).map(keyOf);
    if (!keys.length) return;
    const sock = this.live();
    try {
      await sock.readMessages(keys);
    } catch (err) {
      throw toChannelError(err);
    }
  }

  async checkNumber(number: string): Promise<{ exists: boolean; chatId?: string }> {
    const digits = number.replace(/\D/g, "");
    if (digits.length < 5) return { exists: false };
    const sock = this.live();
    try {
      const [found] = (await sock.onWhatsApp(digits)) ?? [];
      return found?.exists ? { exists: true, chatId: jidNormalizedUser(found.jid) } : { exists: false };
    } catch (err) {
      throw toChannelError(err);
    }
  }

  async profilePicture(chatId: string): Promise<string | undefined> {
    const sock = this.live();
    try {
      return (await sock.profilePictureUrl(toJid(chatId), "image")) ?? undefined;
    } catch {
      // 404 (no picture) and 401 (hidden by the contact's privacy settings) both mean "none to show".
      return undefined;
    }
  }

  private async call(ref: MessageRef, fn: (sock: SocketLike) => Promise<unknown>): Promise<void> {
    const sock = this.live();
    try {
      await fn(sock);
    } catch (err) {
      throw toChannelError(err, { group: !!isJidGroup(toJid(ref.chatId)) });
    }
  }

  private live(): SocketLike {
    if (this.stopped || !this.opened || !this.sock) throw new ChannelError("TEMPORARY", "WhatsApp is not connected");
    return this.sock;
  }
}

// -------------------------------------------------------------------------------------------------------------
// Helpers

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

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
  readonly settled: boolean;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = (v) => {
      settled = true;
      res(v);
    };
    reject = (e) => {
      settled = true;
      rej(e);
    };
  });
  promise.catch(() => undefined);
  return {
    promise,
    resolve: (v) => !settled && resolve(v),
    reject: (e) => !settled && reject(e),
    get settled() {
      return settled;
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]).finally(() => clearTimeout(timer));
}

/** A small insertion-ordered cache (recent messages for quotes and Baileys' retry requests). */
class Recent<V> {
  private map = new Map<string, V>();
  constructor(private max: number) {}
  get(k: string): V | undefined {
    return this.map.get(k);
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}
