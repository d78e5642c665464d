/**
 * A channel whose session holds a live socket to its service, as WhatsApp's does, for the tests of several instances:
 * the service (a WebSocket server on 127.0.0.1 started by the test) and the plugin that links to it (injected into the
 * instances; never listed in plugins/index.ts).
 *
 * The service behaves like WhatsApp's for what the takeover depends on: one live link per account (a second link
 * replaces the first, which is closed with 4409: two instances running one session would show as replacements);
 * messages for the account wait while no link is up and are delivered, oldest first, to the next link until the
 * session acknowledges them (at least once: a session that died before its ack gets them again); every send is kept
 * with the id the service gave it.
 */
import type { ServerWebSocket } from "bun";
import { z } from "zod";
import { ChannelError, type ChannelHost, type ChannelSession, defineChannel, type OutboundMessage } from "../../src/channels/adapter";

export const LIVE_CHANNEL_ID = "livechan";

type ToSession = { type: "message"; id: string; from: string; body: string } | { type: "sent"; ref: string; id: string };
type ToService = { type: "ack"; id: string } | { type: "send"; ref: string; to: string; body: string };

interface Link {
  account: string;
  openedAt: number;
  closedAt?: number;
  closeCode?: number;
}

export interface FakeLiveService {
  url: string;
  /** Every link ever opened, in order. */
  links: Link[];
  /** What sessions sent, in order. */
  sent: { id: string; to: string; body: string }[];
  /** A contact writes to the account: delivered now if a link is up, else to the next one. */
  deliver(account: string, from: string, body: string): string;
  /** Messages not acknowledged yet. */
  unacked(account: string): number;
  close(): void;
}

export function startFakeLiveService(): FakeLiveService {
  const live = new Map<string, ServerWebSocket<Link>>();
  const pending = new Map<string, ToSession[]>();
  const links: Link[] = [];
  const sent: FakeLiveService["sent"] = [];
  let seq = 0;
  const queueOf = (account: string) => {
    const q = pending.get(account) ?? [];
    pending.set(account, q);
    return q;
  };
  const server = Bun.serve<Link>({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req, srv) {
      const account = new URL(req.url).searchParams.get("account");
      if (!account) return new Response("account required", { status: 400 });
      const link: Link = { account, openedAt: Date.now() };
      return srv.upgrade(req, { data: link }) ? undefined : new Response("upgrade required", { status: 426 });
    },
    websocket: {
      open(ws) {
        links.push(ws.data);
        const previous = live.get(ws.data.account);
        live.set(ws.data.account, ws);
        previous?.close(4409, "replaced by a new link");
        for (const frame of queueOf(ws.data.account)) ws.send(JSON.stringify(frame));
      },
      message(ws, text) {
        const frame = JSON.parse(String(text)) as ToService;
        if (frame.type === "ack") {
          const q = queueOf(ws.data.account);
          const at = q.findIndex((m) => m.type === "message" && m.id === frame.id);
          if (at >= 0) q.splice(at, 1);
          return;
        }
        const id = `srv-${++seq}`;
        sent.push({ id, to: frame.to, body: frame.body });
        ws.send(JSON.stringify({ type: "sent", ref: frame.ref, id } satisfies ToSession));
      },
      close(ws, code) {
        ws.data.closedAt = Date.now();
        ws.data.closeCode = code;
        if (live.get(ws.data.account) === ws) live.delete(ws.data.account);
      },
    },
  });
  return {
    url: `ws://127.0.0.1:${server.port}/link`,
    links,
    sent,
    deliver(account, from, body) {
      const frame: ToSession = { type: "message", id: `in-${++seq}`, from, body };
      queueOf(account).push(frame);
      live.get(account)?.send(JSON.stringify(frame));
      return frame.id;
    },
    unacked: (account) => queueOf(account).length,
    close: () => void server.stop(true),
  };
}

const configSchema = z.object({ account: z.string() });

class LiveSession implements ChannelSession {
  private ws: WebSocket | undefined;
  private stopped = false;
  private waiting = new Map<string, (id: string) => void>();
  private refs = 0;

  constructor(
    private host: ChannelHost,
    private config: z.output<typeof configSchema>,
    private url: string,
  ) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.url}?account=${encodeURIComponent(this.config.account)}`);
      this.ws = ws;
      ws.addEventListener("open", () => {
        this.host.status("CONNECTED");
        resolve();
      });
      ws.addEventListener("message", (e) => void this.onFrame(JSON.parse(String(e.data)) as ToSession));
      ws.addEventListener("close", (e) => {
        reject(new ChannelError("TEMPORARY", "the service cannot be reached"));
        for (const fail of this.waiting.values()) fail("");
        this.waiting.clear();
        if (!this.stopped) this.host.lost(new ChannelError("TEMPORARY", `link closed (${e.code})`));
      });
    });
  }

  private async onFrame(frame: ToSession): Promise<void> {
    if (frame.type === "sent") {
      this.waiting.get(frame.ref)?.(frame.id);
      this.waiting.delete(frame.ref);
      return;
    }
    const result = await this.host.inbound({
      type: "message",
      externalId: frame.id,
      fromMe: false,
      body: frame.body,
      chat: { id: frame.from, number: frame.from },
    });
    // Acknowledged once stored (or known already): the service then stops delivering it.
    if (result.status !== "dropped") this.ws?.send(JSON.stringify({ type: "ack", id: frame.id } satisfies ToService));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.ws?.close();
  }

  async logout(): Promise<void> {
    await this.stop();
  }

  send(msg: OutboundMessage): Promise<{ externalId: string }> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new ChannelError("TEMPORARY", "no link"));
    const ref = `r${++this.refs}`;
    return new Promise((resolve, reject) => {
      this.waiting.set(ref, (id) => (id ? resolve({ externalId: id }) : reject(new ChannelError("TEMPORARY", "link closed before the answer"))));
      ws.send(JSON.stringify({ type: "send", ref, to: msg.to.chatId, body: msg.body } satisfies ToService));
    });
  }
}

/** The plugin of the live channel, linking to the service at `url`. */
export function liveChannelPlugin(url: string) {
  return defineChannel({
    manifest: {
      id: LIVE_CHANNEL_ID,
      name: "Live test channel",
      connect: "none",
      configSchema,
      secretFields: [],
      capabilities: { react: false, edit: false, delete: false, markRead: false, groups: false, checkNumber: false, window24h: false },
    },
    createSession: (host, config) => new LiveSession(host, config, url),
  });
}
