/**
 * A fake Baileys socket for tests: the same event emitter surface (ev.on/off with Baileys' event map) and the same
 * methods the session calls, each recorded. Test code drives it like WhatsApp's server would: connecting, QR codes,
 * open, close with a Boom-style status, upserts, receipts, calls.
 */
import { EventEmitter } from "node:events";
import type {
  AnyMessageContent,
  BaileysEventMap,
  ConnectionState,
  Contact,
  GroupMetadata,
  MiscMessageGenerationOptions,
  WACallEvent,
  WAMessage,
  WAMessageKey,
} from "baileys";
import type { SocketLike, SocketOptions } from "../socket";

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

/** An error shaped like Baileys' Boom errors (output.statusCode). */
export function boom(statusCode: number, message = `status ${statusCode}`): Error {
  return Object.assign(new Error(message), { isBoom: true, output: { statusCode, payload: { statusCode, message } } });
}

export class FakeSocket implements SocketLike {
  private emitter = new EventEmitter();
  ev = {
    on: <T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) => void this.emitter.on(event, listener),
    off: <T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) => void this.emitter.off(event, listener),
  };
  user?: Contact;
  sent: SentMessage[] = [];
  reads: WAMessageKey[][] = [];
  rejectedCalls: { id: string; from: string }[] = [];
  pairingRequests: string[] = [];
  pictureRequests: string[] = [];
  numberRequests: string[] = [];
  loggedOut = false;
  ended = false;
  /** digits -> JID of numbers that are on WhatsApp. */
  numbers = new Map<string, string>();
  pictures = new Map<string, string>();
  groups = new Map<string, GroupMetadata>();
  /** Thrown by every sendMessage call while set. */
  sendError?: unknown;
  /** Thrown by the next sendMessage calls, one each. */
  nextSendErrors: unknown[] = [];
  pairingCode = "ABCD1234";

  constructor(readonly opts: SocketOptions) {}

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emitter.emit(event, arg);
  }

  // --- what WhatsApp's side does -------------------------------------------------------------------------

  connecting(): void {
    this.emit("connection.update", { connection: "connecting", receivedPendingNotifications: false, qr: undefined });
  }

  qr(qr: string): void {
    this.emit("connection.update", { qr });
  }

  /** The phone scanned the QR code: Baileys stores the identity, then the server asks for a restart (515). */
  scanned(me = "5511900000000:7@s.whatsapp.net"): void {
    this.emit("creds.update", { me: { id: me, name: "Loja" }, platform: "android" });
    this.emit("connection.update", { isNewLogin: true, qr: undefined });
    this.close(515, "Stream Errored (restart required)");
  }

  open(me = this.opts.auth.creds.me?.id ?? "5511900000000:7@s.whatsapp.net"): void {
    this.user = { id: me };
    this.emit("connection.update", { connection: "open" });
  }

  close(statusCode?: number, message = "Connection Closed"): void {
    const update: Partial<ConnectionState> = {
      connection: "close",
      lastDisconnect: { error: statusCode === undefined ? undefined : boom(statusCode, message), date: new Date() },
    };
    this.emit("connection.update", update);
  }

  upsert(messages: WAMessage[], type: "notify" | "append" = "notify"): void {
    this.emit("messages.upsert", { messages, type });
  }

  call(call: Partial<WACallEvent> & { id: string; from: string }): void {
    this.emit("call", [{ chatId: call.from, date: new Date(1_732_579_200_000), status: "offer", offline: false, ...call }]);
  }

  // --- what the session calls ----------------------------------------------------------------------------

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    if (this.sendError) throw this.sendError;
    if (this.nextSendErrors.length) throw this.nextSendErrors.shift();
    this.sent.push({ jid, content, ...(options ? { options } : {}) });
    return {
      key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? "3EB0RANDOMRANDOMRANDOM" },
      message: { conversation: "text" in content ? content.text : "" },
    };
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.reads.push(keys);
  }

  async onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> {
    this.numberRequests.push(...phoneNumber);
    return phoneNumber.filter((n) => this.numbers.has(n)).map((n) => ({ jid: this.numbers.get(n)!, exists: true }));
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    this.pictureRequests.push(jid);
    const url = this.pictures.get(jid);
    if (!url) throw boom(404, "item-not-found");
    return url;
  }

  async rejectCall(id: string, from: string): Promise<void> {
    this.rejectedCalls.push({ id, from });
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    // As Baileys does: the identity to pair is written to the credentials before the phone confirms.
    this.emit("creds.update", { pairingCode: this.pairingCode, me: { id: `${phoneNumber}@s.whatsapp.net`, name: "~" } });
    return this.pairingCode;
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    const g = this.groups.get(jid);
    if (!g) throw boom(404, "item-not-found");
    return g;
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.end(boom(401, "Intentional Logout"));
  }

  end(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }
}

/** A socket factory that keeps every socket it made (the last one is the live one). */
export function fakeSockets(setup?: (s: FakeSocket) => void) {
  const made: FakeSocket[] = [];
  const factory = (opts: SocketOptions) => {
    const s = new FakeSocket(opts);
    setup?.(s);
    made.push(s);
    return s;
  };
  return {
    factory,
    made,
    get last(): FakeSocket {
      const s = made.at(-1);
      if (!s) throw new Error("no socket yet");
      return s;
    },
  };
}
