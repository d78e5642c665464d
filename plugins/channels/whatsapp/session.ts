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
import {
  DisconnectReason,
  isJidGroup,
  jidDecode,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  type BaileysEventMap,
  type ConnectionState,
  type MiscMessageGenerationOptions,
  type SignalKeyStore,
  type WAMessage,
} from "baileys";
import { ChannelError, type ChannelHost, type ChannelSession, type MessageRef, type OutboundMessage, withTimeout } from "../../../src/channels/adapter";
import { Phonebook } from "./phonebook";
import { isLoggedIn, loadKeyValueAuthState, type StoredAuthState } from "./auth-state";
import { type Deferred, deferred, Recent } from "./helpers";
import { LidMap } from "./lid";
import type { WhatsAppConfig } from "./manifest";
import { buildContent, keyOf, outboundMessageId, quotedMessage, toChannelError, toJid } from "./outbound";
import { WhatsAppReceiver } from "./receive";
import { baileysDownload, baileysLogger, baileysSocket, type BaileysLogger, type MediaDownloader, type SocketFactory, type SocketLike } from "./socket";

export interface SessionDeps {
  socket?: SocketFactory;
  download?: MediaDownloader;
  /** Look up profile pictures of chats seen for the first time (default true). */
  pictures?: boolean;
  /** Time limits for the lookups done while receiving (ms). */
  lookupTimeoutMs?: number;
}

/** The core's logger, as the host hands it over. */
type Logger = ChannelHost["log"];

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
  private recent = new Recent<WAMessage>(1_000);
  private readonly receiver: WhatsAppReceiver;
  private phonebook: Phonebook;
  private readonly log: Logger;
  private readonly blog: BaileysLogger;

  constructor(
    private host: ChannelHost,
    private config: WhatsAppConfig,
    private deps: SessionDeps = {},
  ) {
    this.log = host.log;
    this.blog = baileysLogger(host.log.child({ lib: "baileys" }));
    this.phonebook = new Phonebook(host.authState);
    this.receiver = new WhatsAppReceiver({
      host,
      config,
      deps,
      recent: this.recent,
      socket: () => this.sock,
      lids: () => this.lids,
      me: () => this.auth?.state.creds.me,
      download: (m) => {
        const sock = this.sock;
        if (!sock) return Promise.reject(new ChannelError("TEMPORARY", "WhatsApp is not connected"));
        return (this.deps.download ?? baileysDownload)(m, sock, this.blog);
      },
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Lifecycle

  async start(): Promise<void> {
    this.stopped = false;
    this.auth = await loadKeyValueAuthState(this.host.authState);
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
    this.phonebook = new Phonebook(this.host.authState);
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
    const r = this.receiver;
    on("messages.upsert", ({ messages }) => {
      for (const m of messages) this.enqueue(() => r.receive(m));
    });
    on("messages.update", (updates) => this.enqueue(async () => r.onStatusUpdates(updates)));
    on("message-receipt.update", (receipts) => this.enqueue(async () => r.onReceipts(receipts)));
    on("call", (calls) => {
      for (const c of calls) if (c.status === "offer") this.enqueue(() => r.onCall(c));
    });
    on("lid-mapping.update", ({ lid, pn }) => this.enqueue(() => r.learn(lid, pn)));
    const book = this.phonebook;
    for (const event of ["contacts.upsert", "contacts.update"] as const) {
      on(event, (contacts) => this.enqueue(() => r.learnContacts(contacts).then(() => book.learn(contacts))));
    }
    on("groups.upsert", (groups) => r.rememberGroups(groups));
    on("groups.update", (groups) => r.rememberGroups(groups));
    on("messaging-history.set", (h) => {
      this.enqueue(() => r.learnHistory(h).then(() => book.learn(h.contacts)));
      if (this.config.enableImportMessage) this.enqueue(() => r.importHistory(h.messages, h.progress));
    });
    on("messaging-history.status", (s) => {
      if (this.config.enableImportMessage && s.status === "complete") this.enqueue(async () => r.reportImport(true));
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
  // Inbound (receive.ts), in the order Baileys emitted it

  private enqueue(fn: () => Promise<void>): void {
    this.work = this.work
      .then(fn)
      .catch((err) => this.log.error("whatsapp inbound failed", { err: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
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

  /** The phone's address book as synced to this device (kept across restarts). */
  listContacts(): ReturnType<Phonebook["list"]> {
    return this.phonebook.list();
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
