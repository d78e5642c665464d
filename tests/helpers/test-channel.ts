/**
 * An injectable channel plugin for tests (never listed in plugins/index.ts), and a test app that carries it.
 *
 *   const chan = createTestChannel();
 *   const t = await createChannelTestApp({ plugins: [chan.plugin] });
 *   const { id } = await createConnection(t.ctx, 1, { name: "Test", channel: "testchan" });
 *   await chan.session(id)!.receive({ from: "5511999990001", body: "hi" });
 *   chan.session(id)!.failNext("NOT_ON_CHANNEL");   // the next send throws ChannelError(NOT_ON_CHANNEL)
 *   chan.session(id)!.sent                            // what was sent
 */
import { z } from "zod";
import {
  type Ack,
  ChannelError,
  type ChannelErrorCode,
  type ChannelHost,
  type ChannelPlugin,
  type ChannelSession,
  defineChannel,
  type InboundMessage,
  type InboundResult,
  type MessageRef,
  type OutboundMessage,
} from "../../src/channels/adapter";
import type { MovableClock } from "./clock";
import type { Config } from "../../src/config";
import { createTestApp, type TestApp } from "./test-app";

export const TEST_CHANNEL_ID = "testchan";

const configSchema = z.object({
  /** The account's own number, reported with CONNECTED. */
  number: z.string().optional(),
  /** A secret field, to test redaction. */
  apiKey: z.string().optional(),
  /** 'qrcode': start() reports a QR code and waits for session.pair(). */
  mode: z.enum(["connect", "qrcode"]).default("connect"),
});

export class TestSession implements ChannelSession {
  /** Messages the channel accepted, in order. */
  readonly sent: OutboundMessage[] = [];
  /** Every call of send (accepted or not). */
  sendCalls = 0;
  starts = 0;
  stops = 0;
  loggedOut = false;
  reactions: { ref: MessageRef; emoji: string }[] = [];
  private errors: ChannelError[] = [];
  private gate: { promise: Promise<void>; open: () => void } | undefined;
  private seq = 0;
  private inboundSeq = 0;

  constructor(
    readonly host: ChannelHost,
    readonly config: z.output<typeof configSchema>,
    private plugin: TestChannel,
  ) {}

  async start(): Promise<void> {
    this.starts++;
    this.plugin.sessions.set(this.host.connection.id, this);
    const failure = this.plugin.startFailures.shift();
    if (failure) throw new ChannelError(failure, `start failed: ${failure}`);
    if (this.config.mode === "qrcode") this.host.status("qrcode", `QR-${this.host.connection.id}`);
    else this.host.status("CONNECTED", undefined, { number: this.config.number });
  }

  async stop(): Promise<void> {
    this.stops++;
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    await this.host.authState.clear();
  }

  async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    this.sendCalls++;
    if (this.gate) await this.gate.promise;
    const err = this.errors.shift();
    if (err) throw err;
    this.sent.push(msg);
    return { externalId: `out-${this.host.connection.id}-${++this.seq}` };
  }

  async react(ref: MessageRef, emoji: string): Promise<void> {
    this.reactions.push({ ref, emoji });
  }

  async edit(): Promise<void> {}
  async delete(): Promise<void> {}
  async markRead(): Promise<void> {}
  async checkNumber(number: string) {
    return { exists: /^[0-9]{10,15}$/.test(number), chatId: number };
  }
  async profilePicture(chatId: string) {
    return `https://pictures.test/${chatId}.jpg`;
  }

  // ---- test controls --------------------------------------------------------------------------------------

  /** The next send throws ChannelError(code) (queue several by calling again), with the provider's wait hint if given. */
  failNext(code: ChannelErrorCode, message = `channel said ${code}`, retryAfterMs?: number): void {
    this.errors.push(new ChannelError(code, message, undefined, retryAfterMs));
  }

  /** Sends wait until release() (to catch a message in flight). */
  hold(): void {
    let open!: () => void;
    const promise = new Promise<void>((r) => (open = r));
    this.gate = { promise, open };
  }

  release(): void {
    const g = this.gate;
    this.gate = undefined;
    g?.open();
  }

  /** Pairing finished (qrcode mode). */
  pair(): void {
    this.host.status("CONNECTED", undefined, { number: this.config.number });
  }

  /** A message from a contact (or, with fromMe, from the account's phone). */
  receive(
    opts: Partial<Omit<InboundMessage, "type" | "chat">> & { from: string; name?: string; picture?: string; group?: boolean; number?: string },
  ): Promise<InboundResult> {
    const { from, name, picture, group, number, ...rest } = opts;
    return this.host.inbound({
      type: "message",
      externalId: rest.externalId ?? `in-${this.host.connection.id}-${++this.inboundSeq}-${Math.random().toString(36).slice(2)}`,
      fromMe: rest.fromMe ?? false,
      body: rest.body ?? "hello",
      chat: { id: from, name, picture, isGroup: group, number: number ?? (group ? undefined : from) },
      ...rest,
    });
  }

  ack(externalId: string, ack: Ack, error?: ChannelError): void {
    this.host.ack(externalId, ack, error);
  }

  /** The session broke (network...). */
  drop(code: ChannelErrorCode = "TEMPORARY"): void {
    this.host.lost(new ChannelError(code, "connection dropped"));
  }
}

export interface TestChannel {
  plugin: ChannelPlugin<typeof configSchema>;
  /** Latest session per connection id. */
  sessions: Map<number, TestSession>;
  session(connectionId: number): TestSession | undefined;
  /** Codes the next start() calls throw, in order. */
  startFailures: ChannelErrorCode[];
}

export function createTestChannel(id = TEST_CHANNEL_ID): TestChannel {
  const channel: TestChannel = {
    sessions: new Map(),
    startFailures: [],
    session: (connectionId) => channel.sessions.get(connectionId),
    plugin: defineChannel({
      manifest: {
        id,
        name: "Test channel",
        connect: "none",
        configSchema,
        secretFields: ["apiKey"],
        capabilities: { react: true, edit: true, delete: true, markRead: true, groups: true, checkNumber: true, window24h: false },
      },
      createSession: (host, config) => {
        const s = new TestSession(host, config, channel);
        channel.sessions.set(host.connection.id, s);
        return s;
      },
    }),
  };
  return channel;
}

export type ChannelTestApp = TestApp;

/** createTestApp with channel plugins injected (and the option to reopen the same DATA_DIR). */
export function createChannelTestApp(
  opts: { plugins?: ChannelPlugin<any>[]; env?: Partial<Record<keyof Config, string>>; dataDir?: string; clock?: MovableClock; store?: "sqlite" } = {},
): Promise<ChannelTestApp> {
  return createTestApp(opts.env, opts);
}
