import type { TestApp } from "./test-app";

export interface Frame {
  event: string;
  data: any;
}

export interface Closed {
  code: number;
  reason: string;
}

const WAIT_MS = 2000;

/** A real WebSocket client that records every frame, so tests can await the one they expect. */
export class Peer {
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  private wake = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("close", () => reject(new Error("socket closed before opening")), { once: true });
    });
    this.opened.catch(() => {});
    this.closed = new Promise((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }), { once: true }));
    ws.addEventListener("message", (e) => {
      this.frames.push(JSON.parse(String(e.data)));
      for (const w of this.wake) w();
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: unknown): void {
    if (typeof frame === "string" || frame instanceof Uint8Array) this.ws.send(frame as string | Uint8Array<ArrayBuffer>);
    else this.ws.send(JSON.stringify(frame));
  }

  received(event: string, match: (data: any) => boolean = () => true): Frame[] {
    return this.frames.filter((f) => f.event === event && match(f.data));
  }

  /** The data of the first frame (already received or arriving within 2 s) with this event that matches. */
  next(event: string, match: (data: any) => boolean = () => true, timeoutMs = WAIT_MS): Promise<any> {
    const found = () => this.frames.find((f) => f.event === event && match(f.data));
    const hit = found();
    if (hit) return Promise.resolve(hit.data);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.wake.delete(check);
        reject(new Error(`no '${event}' frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      const check = () => {
        const f = found();
        if (!f) return;
        clearTimeout(timer);
        this.wake.delete(check);
        resolve(f.data);
      };
      this.wake.add(check);
    });
  }

  close(): void {
    if (this.ws.readyState <= WebSocket.OPEN) this.ws.close();
  }
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

export async function until(cond: () => boolean | Promise<boolean>, what: string, ms = WAIT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await Bun.sleep(10);
  }
}

/** Starts the test app on an ephemeral port; answers a function that opens sockets on it. */
export function listen(t: TestApp): (token?: string) => Peer {
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  const base = `ws://127.0.0.1:${t.app.server!.port}/api/socket`;
  return (token) => new Peer(new WebSocket(token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`));
}

/** An access token for the user's current token version, signed now (by the test's clock). */
export async function tokenFor(t: TestApp, userId: number): Promise<string> {
  const user = await t.ctx.db.selectFrom("users").select(["companyId", "tokenVersion"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return t.ctx.tokens.signAccess({ userId, companyId: user.companyId, tokenVersion: user.tokenVersion });
}

/**
 * Waits until the server has handled the peer's earlier frames: emits a probe to `room` until the peer
 * receives one. Frames from one socket are handled in order, so whatever was sent before is applied.
 */
export async function probe(t: TestApp, peer: Peer, companyId: number, room: string): Promise<void> {
  const id = crypto.randomUUID();
  await until(() => {
    t.ctx.hub.emit(companyId, "probe", { id }, { room });
    return peer.received("probe", (d) => d.id === id).length > 0;
  }, `probe of ${room}`);
}

/** Stops the server and the app; sockets still open are closed by the hub first. */
export async function shutdown(t: TestApp, peers: Peer[]): Promise<void> {
  for (const p of peers) p.close();
  await t.close();
  await t.app.stop(true);
}

/** After this, every frame the hub sent the peer before the call has arrived: a negative assertion can be made. */
export async function flush(t: TestApp, peer: Peer, companyId: number): Promise<void> {
  const id = crypto.randomUUID();
  t.ctx.hub.emit(companyId, "flush", { id });
  await peer.next("flush", (d) => d.id === id);
}
