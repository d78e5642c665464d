/**
 * The `whatsapp` channel: WhatsApp through Baileys (WhatsApp Web's multi-device protocol), QR or pairing-code login.
 * See README.md for what it supports and what it does not.
 *
 * Baileys takes ~140 ms to load, so it is loaded with the first session, not at start-up (the manifest alone is
 * enough for the registry and the web app).
 */
import { defineChannel, type ChannelHost, type ChannelSession, type MessageRef, type OutboundMessage } from "../../../src/channels/adapter";
import { whatsappManifest, type WhatsAppConfig } from "./manifest";
import type { SessionDeps, WhatsAppSession } from "./session";

/** The plugin with injected dependencies (tests pass a fake socket factory and downloader). */
export function createWhatsAppPlugin(deps: SessionDeps = {}) {
  return defineChannel({
    manifest: whatsappManifest,
    createSession: (host, config) => new LazyWhatsAppSession(host, config, deps),
  });
}

export const whatsappPlugin = createWhatsAppPlugin();
export default whatsappPlugin;

/** A WhatsAppSession created on first use (loading Baileys then). Every method of the real session, delegated. */
export class LazyWhatsAppSession implements ChannelSession {
  private real?: Promise<WhatsAppSession>;

  constructor(
    private host: ChannelHost,
    private config: WhatsAppConfig,
    private deps: SessionDeps,
  ) {}

  /** The real session (tests). */
  session(): Promise<WhatsAppSession> {
    this.real ??= import("./session").then(({ WhatsAppSession }) => new WhatsAppSession(this.host, this.config, this.deps));
    return this.real;
  }

  async start() {
    return (await this.session()).start();
  }
  async stop() {
    if (this.real) await (await this.real).stop();
  }
  async logout() {
    return (await this.session()).logout();
  }
  async send(msg: OutboundMessage) {
    return (await this.session()).send(msg);
  }
  async react(ref: MessageRef, emoji: string) {
    return (await this.session()).react(ref, emoji);
  }
  async edit(ref: MessageRef, body: string) {
    return (await this.session()).edit(ref, body);
  }
  async delete(ref: MessageRef) {
    return (await this.session()).delete(ref);
  }
  async markRead(refs: MessageRef[]) {
    return (await this.session()).markRead(refs);
  }
  async checkNumber(number: string) {
    return (await this.session()).checkNumber(number);
  }
  async listContacts() {
    return (await this.session()).listContacts();
  }
  async profilePicture(chatId: string) {
    return (await this.session()).profilePicture(chatId);
  }
  /** Pairing-code login by phone number: answers the code (also reported as status PAIRING). */
  async requestPairingCode(phoneNumber: string) {
    return (await this.session()).requestPairingCode(phoneNumber);
  }
}
