/**
 * A small reverse proxy in front of several instances, for the tests of several instances: HTTP requests and
 * WebSocket upgrades go to the upstream named by `route` and, when it does not answer (its instance is down), to the
 * next one, as a proxy with failover does. A WebSocket is piped both ways; when its upstream closes, the client's
 * socket is closed too (with the upstream's code, or 1012 when the upstream vanished), and the client reconnects
 * through the proxy like a browser would.
 */
import type { ServerWebSocket } from "bun";

export interface TestProxy {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The upstream new requests and sockets go to first. */
  route: string;
  /** The upstream each socket opened through the proxy went to, in order. */
  sockets: string[];
  close(): void;
}

interface Piped {
  path: string;
  upstream?: WebSocket;
  waiting: (string | Uint8Array<ArrayBuffer>)[];
}

/** Close codes a server may not send itself: the proxy reports such an end as "service restart". */
const UNSENDABLE = new Set([1005, 1006, 1015]);

export function startProxy(upstreams: Record<string, string>): TestProxy {
  const names = Object.keys(upstreams);
  const order = () => [proxy.route, ...names.filter((n) => n !== proxy.route)];

  function pipe(ws: ServerWebSocket<Piped>, candidates: string[]): void {
    const name = candidates[0];
    if (!name) {
      ws.close(1012, "no upstream");
      return;
    }
    const upstream = new WebSocket(`${upstreams[name]!.replace("http", "ws")}${ws.data.path}`);
    let opened = false;
    upstream.addEventListener("open", () => {
      opened = true;
      proxy.sockets.push(name);
      ws.data.upstream = upstream;
      for (const m of ws.data.waiting) upstream.send(m);
      ws.data.waiting = [];
    });
    upstream.addEventListener("message", (e) => ws.send(typeof e.data === "string" ? e.data : new Uint8Array(e.data as ArrayBuffer)));
    upstream.addEventListener("close", (e) => {
      if (!opened) return pipe(ws, candidates.slice(1));
      ws.close(UNSENDABLE.has(e.code) ? 1012 : e.code, e.reason);
    });
  }

  const server = Bun.serve<Piped>({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req, srv) {
      const url = new URL(req.url);
      const path = `${url.pathname}${url.search}`;
      if (req.headers.get("upgrade")?.toLowerCase() === "websocket") {
        return srv.upgrade(req, { data: { path, waiting: [] } }) ? undefined : new Response("upgrade failed", { status: 400 });
      }
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
      for (const name of order()) {
        try {
          return await fetch(`${upstreams[name]}${path}`, { method: req.method, headers: req.headers, body, redirect: "manual" });
        } catch {
          // That instance does not answer: the next one.
        }
      }
      return new Response("no upstream", { status: 502 });
    },
    websocket: {
      open(ws) {
        pipe(ws, order());
      },
      message(ws, message) {
        const data = typeof message === "string" ? message : new Uint8Array(message);
        if (ws.data.upstream?.readyState === WebSocket.OPEN) ws.data.upstream.send(data);
        else ws.data.waiting.push(data);
      },
      close(ws) {
        ws.data.upstream?.close();
      },
    },
  });

  const proxy: TestProxy = {
    base: `http://127.0.0.1:${server.port}`,
    route: names[0]!,
    sockets: [],
    close: () => void server.stop(true),
  };
  return proxy;
}
