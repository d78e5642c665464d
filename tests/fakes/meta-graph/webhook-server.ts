/**
 * Serves plugins' webhook routes on 127.0.0.1 the way the core mounts them (/api/webhooks/<prefix><path>), handing
 * each handler a WebhookRequest whose rawBody is the body exactly as received. Route patterns take :params.
 */
import type { WebhookHandler, WebhookRequest, WebhookRouter } from "../../../src/channels/adapter";

interface Route {
  method: string;
  regex: RegExp;
  names: string[];
  handler: WebhookHandler;
}

export interface WebhookServer {
  url: string;
  /** http://127.0.0.1:port/api/webhooks/<prefix> */
  urlFor(prefix: string): string;
  /** Adds routes once the server is up (a plugin built with the server's URL as its public URL). */
  mount(prefix: string, register: (router: WebhookRouter) => void): void;
  stop(): Promise<void>;
}

export function serveWebhooks(mounts: Record<string, (router: WebhookRouter) => void>): WebhookServer {
  const routes: Route[] = [];
  const mount = (prefix: string, register: (router: WebhookRouter) => void) => {
    const add = (method: string) => (path: string, handler: WebhookHandler) => {
      const full = `/api/webhooks/${prefix}${path === "/" || path === "" ? "" : path.startsWith("/") ? path : `/${path}`}`;
      const names: string[] = [];
      const regex = new RegExp(
        "^" +
          full.replace(/:([A-Za-z_]\w*)/g, (_, n: string) => {
            names.push(n);
            return "([^/]+)";
          }) +
          "/?$",
      );
      routes.push({ method, regex, names, handler });
    };
    register({ get: add("GET"), post: add("POST") });
  };
  for (const [prefix, register] of Object.entries(mounts)) mount(prefix, register);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      for (const r of routes) {
        if (r.method !== request.method) continue;
        const m = r.regex.exec(url.pathname);
        if (!m) continue;
        const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
        const req: WebhookRequest = {
          request,
          rawBody: request.method === "GET" ? "" : await request.text(),
          params,
          query: Object.fromEntries(url.searchParams),
          ip: "127.0.0.1",
        };
        return r.handler(req);
      }
      return new Response("Not found", { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return { url, urlFor: (prefix) => `${url}/api/webhooks/${prefix}`, mount, stop: () => server.stop(true) };
}
