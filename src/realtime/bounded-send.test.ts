import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { login } from "../../tests/helpers/factories";
import { listen, Peer, until } from "../../tests/helpers/socket-peer";
import { ADMIN, createTestApp } from "../../tests/helpers/test-app";
import { slowSocketCloses } from "../metrics/registry";
import { boundedSender, CLOSE_TOO_SLOW, type SocketKind } from "./bounded-send";

const closesOf = (kind: SocketKind) =>
  Number(
    slowSocketCloses
      .render()
      .find((l) => l.includes(`kind="${kind}"`))
      ?.split(" ")[1] ?? 0,
  );

describe("boundedSender", () => {
  /** Bun's socket as the guard sees it: the status each send answers, what stays buffered, what was closed. */
  function fakeSocket() {
    const s = { status: 10, buffered: 0, readyState: 1, sent: [] as string[], closes: [] as [number?, string?][], terminated: 0 };
    const raw = {
      get readyState() {
        return s.readyState;
      },
      send: (text: string) => {
        s.sent.push(text);
        return s.status;
      },
      getBufferedAmount: () => s.buffered,
      close: (code?: number, reason?: string) => void s.closes.push([code, reason]),
      terminate: () => void s.terminated++,
    };
    return { s, raw };
  }

  test("frames pass while the client keeps up, and while less than the limit waits; past it the socket is closed once with 4008, then cut", async () => {
    const { s, raw } = fakeSocket();
    const before = closesOf("visitor");
    const send = boundedSender(raw, 1000, "visitor");
    send("a");
    s.status = -1;
    s.buffered = 1000;
    send("b");
    expect(s.closes).toEqual([]);
    s.buffered = 1001;
    send("c");
    send("d");
    expect(s.sent).toEqual(["a", "b", "c"]);
    expect(s.closes).toEqual([[CLOSE_TOO_SLOW.code, CLOSE_TOO_SLOW.reason]]);
    expect(closesOf("visitor") - before).toBe(1);
    expect(s.terminated).toBe(0);
    await until(() => s.terminated === 1, "the connection cut", 3000);
  });

  test("a frame the runtime dropped closes the socket too", () => {
    const { s, raw } = fakeSocket();
    const send = boundedSender(raw, 1000, "public");
    s.status = 0;
    send("lost");
    expect(s.closes).toEqual([[CLOSE_TOO_SLOW.code, CLOSE_TOO_SLOW.reason]]);
  });

  test("a socket whose client has already gone is neither closed again nor counted", () => {
    const { s, raw } = fakeSocket();
    const before = closesOf("public");
    const send = boundedSender(raw, 1000, "public");
    s.status = 0;
    s.readyState = 3;
    send("after the client left");
    expect(s.closes).toEqual([]);
    expect(closesOf("public")).toBe(before);
  });
});

/** The limit the tests run with, and the frames driven at every socket. */
const LIMIT_KB = 256;
const FRAMES = 80;
const FRAME_BYTES = 64 * 1024;
/**
 * The bound on the process's growth with 200 stalled sockets: each holds at most the limit plus one frame until it is
 * cut (200 × 320 KB ≈ 63 MB at worst). Without the limit every frame the kernel does not absorb stays queued: here
 * about 260 MB (measured), up to 1 GB.
 */
const BOUND_MB = 150;

/**
 * Opens `count` sockets on `url` in another process and stops it (SIGSTOP: the sockets stay open and read nothing),
 * then emits FRAMES frames of 64 KB to everyone while `reader`, beside them, reads each one. Answers the process's
 * RSS growth in MB once every stalled socket is gone.
 */
async function stallAndDrive(o: { url: string; count: number; open: () => number; reader: Peer; emit: (data: unknown) => void }) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "../../tests/helpers/stalled-sockets.ts"), o.url, String(o.count)], {
    stdout: "pipe",
    stderr: "inherit",
  });
  try {
    const out = child.stdout.getReader();
    let said = "";
    while (!said.includes("ready")) {
      const { value, done } = await out.read();
      if (done) throw new Error(`the socket process ended: ${said}`);
      said += new TextDecoder().decode(value);
    }
    await until(() => o.open() === o.count + 1, "every socket registered", 10_000);
    process.kill(child.pid, "SIGSTOP");

    Bun.gc(true);
    const before = process.memoryUsage().rss;
    let peak = before;
    const pad = "x".repeat(FRAME_BYTES);
    for (let i = 0; i < FRAMES; i++) {
      o.emit({ i, pad });
      await until(() => o.reader.received("load").length === i + 1, `frame ${i} read`);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    await until(() => o.open() === 1, "the stalled sockets closed", 10_000);
    expect(o.reader.received("load").map((f) => f.data.i)).toEqual(Array.from({ length: FRAMES }, (_, i) => i));
    expect(o.reader.isOpen).toBe(true);
    return (peak - before) / 2 ** 20;
  } finally {
    child.kill("SIGKILL");
  }
}

describe("sockets whose client stops reading", () => {
  test("200 agents' sockets are closed past WS_BUFFER_LIMIT_KB: memory stays bounded and a reading socket beside them gets every frame", async () => {
    const t = await createTestApp({ WS_BUFFER_LIMIT_KB: String(LIMIT_KB) });
    const open = listen(t);
    const token = await login(t, ADMIN.email, ADMIN.password);
    const reader = open(token);
    try {
      await reader.opened;
      const before = closesOf("session");
      const grewMb = await stallAndDrive({
        url: `ws://127.0.0.1:${t.app.server!.port}/api/socket?token=${encodeURIComponent(token)}`,
        count: 200,
        open: () => t.ctx.hub.socketCounts().session,
        reader,
        emit: (data) => t.ctx.hub.emit(1, "load", data),
      });
      expect(closesOf("session") - before).toBe(200);
      console.log(`rss growth with 200 stalled sockets: ${grewMb.toFixed(1)} MB (bound ${BOUND_MB} MB)`);
      expect(grewMb).toBeLessThan(BOUND_MB);
    } finally {
      reader.close();
      await t.close();
      await t.app.stop(true);
    }
  }, 60_000);

  test("login-page sockets too", async () => {
    const t = await createTestApp({ WS_BUFFER_LIMIT_KB: String(LIMIT_KB) });
    listen(t);
    const url = `ws://127.0.0.1:${t.app.server!.port}/api/public-socket`;
    const reader = new Peer(new WebSocket(url));
    try {
      await reader.opened;
      const before = closesOf("public");
      await stallAndDrive({ url, count: 20, open: () => t.ctx.hub.socketCounts().public, reader, emit: (data) => t.ctx.hub.emitPublic("load", data) });
      expect(closesOf("public") - before).toBe(20);
    } finally {
      reader.close();
      await t.close();
      await t.app.stop(true);
    }
  }, 60_000);
});
