/**
 * What one WhatsApp session receives, handed to the host in order: messages (their LID/phone pairs learnt, group
 * subjects and profile pictures looked up first), delivery updates and receipts as acks that only move forward,
 * calls (rejected unless the company accepts them, with its optional answer), and the history import.
 */
import {
  isJidGroup,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  toNumber,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MessageUserReceiptUpdate,
  type WACallEvent,
  type WAMessage,
  type WAMessageUpdate,
} from "baileys";
import { ChannelError, type ChannelHost, type InboundChat, withTimeout } from "../../../src/channels/adapter";
import { AckTracker, ackFromReceipt, ackFromStatus } from "./acks";
import type { Recent } from "./helpers";
import type { LidMap } from "./lid";
import type { WhatsAppConfig } from "./manifest";
import { callLog, normalizeMessage, phoneJidOf, type NormalizeContext } from "./normalize";
import type { SessionDeps } from "./session";
import type { SocketLike } from "./socket";

/** What the receiver reads of its session: the host and settings, and the session's current socket and keys. */
export interface ReceiverSession {
  host: ChannelHost;
  config: WhatsAppConfig;
  deps: Pick<SessionDeps, "pictures" | "lookupTimeoutMs">;
  /** Recent messages (quotes and Baileys' retry requests), shared with the session's sends. */
  recent: Recent<WAMessage>;
  socket(): SocketLike | undefined;
  lids(): LidMap | undefined;
  /** Our own account, as the credentials name it. */
  me(): Contact | undefined;
  /** Downloads a media message's bytes over the current socket. */
  download(m: WAMessage): Promise<Uint8Array>;
}

export class WhatsAppReceiver {
  private groups = new Map<string, string>();
  private groupTried = new Set<string>();
  private pictures = new Map<string, string | null>();
  private acks = new AckTracker();
  private imported = { processed: 0, total: 0 };
  private warnedNoImport = false;
  private readonly ctx: NormalizeContext;

  constructor(private s: ReceiverSession) {
    this.ctx = {
      pnForLid: (lid) => this.s.lids()?.pnFor(lid),
      groupSubject: (jid) => this.groups.get(jid),
      download: (m) => this.s.download(m),
    };
  }

  async receive(m: WAMessage): Promise<void> {
    const key = m.key;
    if (!key?.remoteJid || !key.id) return;
    // On our own messages the *Alt fields describe us, not the contact (see normalize.ts).
    if (!key.fromMe) {
      await this.learn(key.remoteJid, key.remoteJidAlt);
      await this.learn(key.participant, key.participantAlt);
    }
    await this.s.lids()?.load([key.remoteJid, key.participant]);
    if (isJidGroup(key.remoteJid)) await this.lookUpGroup(jidNormalizedUser(key.remoteJid));
    const event = normalizeMessage(m, this.ctx);
    if (!event) return;
    if (event.type === "message") {
      this.s.recent.set(event.externalId, m);
      if (!event.fromMe) await this.addPicture(event.chat);
    }
    await this.s.host.inbound(event);
    // A message written on the phone may already carry its delivery state.
    if (event.type === "message" && event.fromMe) {
      const ack = ackFromStatus(m.status);
      if (typeof ack === "number" && ack > 1 && this.acks.forward(event.externalId, ack)) this.s.host.ack(event.externalId, ack);
    }
  }

  onStatusUpdates(updates: WAMessageUpdate[]): void {
    for (const { key, update } of updates) {
      if (update.status === undefined || update.status === null || !key.fromMe || !key.id) continue;
      const ack = ackFromStatus(update.status);
      if (ack === "error") {
        const why = Array.isArray(update.messageStubParameters) ? update.messageStubParameters.join(" ") : "";
        this.s.host.ack(key.id, 0, new ChannelError("UNKNOWN", `WhatsApp refused the message${why ? ` (${why})` : ""}`));
      } else if (ack !== undefined && ack > 0 && this.acks.forward(key.id, ack)) {
        this.s.host.ack(key.id, ack);
      }
    }
  }

  onReceipts(receipts: MessageUserReceiptUpdate[]): void {
    for (const { key, receipt } of receipts) {
      if (!key.fromMe || !key.id) continue;
      const ack = ackFromReceipt(receipt);
      if (ack !== undefined && this.acks.forward(key.id, ack)) this.s.host.ack(key.id, ack);
    }
  }

  /** A history chunk's LID pairs, contacts and group subjects (the messages themselves go to importHistory). */
  async learnHistory(h: BaileysEventMap["messaging-history.set"]): Promise<void> {
    for (const m of h.lidPnMappings ?? []) await this.learn(m.lid, m.pn);
    await this.learnContacts(h.contacts);
    for (const c of h.chats) if (c.id && isJidGroup(c.id) && c.name) this.groups.set(c.id, c.name);
  }

  async learn(a: string | null | undefined, b: string | null | undefined): Promise<void> {
    // Never map anyone onto our own account (a wrong pair would merge a contact into ourselves).
    const me = this.s.me();
    const own = [me?.id, me?.lid, this.s.socket()?.user?.id, this.s.socket()?.user?.lid].filter((j): j is string => !!j).map((j) => jidDecode(j)?.user);
    if ([a, b].some((j) => j && own.includes(jidDecode(j)?.user))) return;
    const pair = await this.s.lids()?.learn(a, b);
    if (!pair || !this.s.host.mergeChats) return;
    try {
      await this.s.host.mergeChats(pair.lid, pair.pn);
    } catch (err) {
      this.s.host.log.error("whatsapp LID merge failed", { lid: pair.lid, pn: pair.pn, err: String(err) });
    }
  }

  async learnContacts(contacts: Partial<Contact>[]): Promise<void> {
    for (const c of contacts) {
      await this.learn(c.id, c.lid);
      await this.learn(c.id, c.phoneNumber);
      await this.learn(c.lid, c.phoneNumber);
    }
  }

  rememberGroups(groups: Partial<GroupMetadata>[]): void {
    for (const g of groups) if (g.id && g.subject) this.groups.set(jidNormalizedUser(g.id), g.subject);
  }

  private async lookUpGroup(jid: string): Promise<void> {
    const sock = this.s.socket();
    if (this.groups.has(jid) || this.groupTried.has(jid) || !sock?.groupMetadata) return;
    this.groupTried.add(jid);
    const meta = await withTimeout(sock.groupMetadata(jid), this.s.deps.lookupTimeoutMs ?? 5_000).catch(() => undefined);
    if (meta?.subject) this.groups.set(jid, meta.subject);
  }

  private async addPicture(chat: InboundChat): Promise<void> {
    if (this.s.deps.pictures === false) return;
    const sock = this.s.socket();
    if (!this.pictures.has(chat.id) && sock) {
      const url = await withTimeout(sock.profilePictureUrl(chat.id, "image"), this.s.deps.lookupTimeoutMs ?? 3_000).catch(() => undefined);
      this.pictures.set(chat.id, url ?? null);
    }
    const url = this.pictures.get(chat.id);
    if (url) chat.picture = url;
  }

  // Calls

  /** A call while calls are refused: rejected and logged in the chat; the core answers the log with the company's text. */
  async onCall(call: WACallEvent): Promise<void> {
    if (await this.acceptsCalls()) return;
    const sock = this.s.socket();
    if (!sock) return;
    await sock.rejectCall(call.id, call.from).catch((err) => this.s.host.log.warn("whatsapp call not rejected", { err: String(err) }));
    if (call.isGroup) return;
    await this.learn(call.from, call.callerPn);
    await this.s.lids()?.load([call.from]);
    const chatId = phoneJidOf(call.from, call.callerPn, this.ctx);
    const chat: InboundChat = { id: chatId, ...(isPnUser(chatId) ? { number: jidDecode(chatId)!.user } : {}) };
    const at = call.date instanceof Date ? call.date.getTime() : undefined;
    // The call's id is the record's: a repeated offer of the same call is one record, answered once.
    const record = callLog(call.id, { chat, ...(at ? { timestamp: at } : {}) }, false, { video: call.isVideo === true, outcome: "rejected" });
    await this.s.host.inbound({ ...record, callRefused: true });
  }

  /** The company's acceptCallWhatsapp when the host offers it, else the connection's own. */
  private async acceptsCalls(): Promise<boolean> {
    const s = await this.s.host.settings?.(["acceptCallWhatsapp"]).catch(() => undefined);
    return (s?.acceptCallWhatsapp ?? this.s.config.acceptCallWhatsapp) !== "disabled";
  }

  // History import

  async importHistory(messages: WAMessage[], progress: number | null | undefined): Promise<void> {
    const importMessage = this.s.host.importMessage?.bind(this.s.host);
    if (!importMessage) {
      if (!this.warnedNoImport) this.s.host.log.warn("whatsapp history import needs host.importMessage; old messages skipped");
      this.warnedNoImport = true;
      return;
    }
    const from = this.s.config.importOldMessages ? Date.parse(this.s.config.importOldMessages) : Number.NEGATIVE_INFINITY;
    const to = this.s.config.importRecentMessages ? Date.parse(this.s.config.importRecentMessages) : Number.POSITIVE_INFINITY;
    const chosen = messages
      .map((m) => ({ m, at: toNumber(m.messageTimestamp as number | null | undefined) * 1000 }))
      .filter(({ m, at }) => at >= from && at <= to && (this.s.config.importOldMessagesGroups || !isJidGroup(m.key.remoteJid ?? "")))
      .sort((a, b) => a.at - b.at);
    this.imported.total += chosen.length;
    this.reportImport(false);
    for (const [i, { m }] of chosen.entries()) {
      await this.s.lids()?.load([m.key.remoteJid, m.key.participant]);
      const event = normalizeMessage(m, this.ctx);
      if (event?.type === "message") {
        this.s.recent.set(event.externalId, m);
        try {
          await importMessage(event);
        } catch (err) {
          this.s.host.log.warn("whatsapp history message not imported", { externalId: event.externalId, err: String(err) });
        }
      }
      this.imported.processed++;
      if ((i + 1) % 50 === 0) this.reportImport(false);
    }
    this.reportImport(progress === 100);
  }

  reportImport(done: boolean): void {
    this.s.host.importProgress?.({ processed: this.imported.processed, total: this.imported.total, done });
  }
}
