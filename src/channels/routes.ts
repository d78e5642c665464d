import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { clientIp } from "../http/client";
import type { WebhookDoc, WebhookHandler, WebhookRouter } from "./adapter";

/**
 * Mounts every plugin's webhooks under /api/webhooks/<plugin id><path>, and each shared endpoint once under
 * /api/webhooks/<name> (Meta's /api/webhooks/meta for facebook and instagram). Plugins sharing an endpoint must hand
 * the same sharedWebhooks object (one build of them): routes of one build would not reach the other's sessions, so
 * mixing builds is refused at start (a test injects facebook and instagram together). The body is left unparsed so
 * handlers can verify signatures over the raw bytes; handlers answer a Response themselves. These routes are public
 * (signatures authenticate them): tests/security/router-walk.test.ts lists them.
 */
export const channelWebhookRoutes = (ctx: AppContext) => {
  // Elysia registers routes on the instance itself; the chained return values are not needed here.
  const app = new Elysia({ prefix: "/api/webhooks" });
  const mount = (prefix: string, register: (router: WebhookRouter) => void) => {
    const routes: { method: "GET" | "POST"; path: string; handler: WebhookHandler; doc?: WebhookDoc }[] = [];
    register({
      get: (path, handler, doc) => void routes.push({ method: "GET", path, handler, doc }),
      post: (path, handler, doc) => void routes.push({ method: "POST", path, handler, doc }),
    });
    for (const r of routes) {
      const path = `/${prefix}${r.path.startsWith("/") || r.path === "" ? r.path : `/${r.path}`}`;
      const handle = async ({
        request,
        params,
        query,
        server,
      }: {
        request: Request;
        params: Record<string, string>;
        query: Record<string, string | undefined>;
        server: any;
      }) => {
        const rawBody = r.method === "POST" ? await request.text() : "";
        const q = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"));
        try {
          return await r.handler({ request, rawBody, params, query: q, ip: clientIp(ctx.config, request, server) });
        } catch (err) {
          ctx.log.error("webhook handler failed", { prefix, path, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
          return new Response(JSON.stringify({ error: "ERR_INTERNAL", message: "An internal error occurred" }), {
            status: 500,
            headers: { "content-type": "application/json" },
          });
        }
      };
      const generic =
        r.method === "GET"
          ? "Called by the provider when the webhook is registered; answers its challenge when the verify token matches."
          : "Public: authenticated by the provider's signature over the raw body, which the channel plugin verifies before reading it. Answered 200 once taken (a body of an unexpected shape too: it is logged and its well-formed parts stored); 401 or 403 when the signature does not match.";
      const detail = {
        tags: ["Webhooks"],
        summary:
          r.doc?.summary ?? (r.method === "GET" ? `The provider's verification of /api/webhooks${path}` : `The provider's deliveries to /api/webhooks${path}`),
        description: [r.doc?.description, generic].filter(Boolean).join("\n\n"),
        ...(r.doc?.example !== undefined
          ? { requestBody: { content: { "application/json": { schema: { type: "object" as const }, example: r.doc.example } } } }
          : {}),
        responses: { 200: { description: "Taken" } },
      };
      if (r.method === "GET") app.get(path, handle as any, { detail });
      else app.post(path, handle as any, { parse: "none", detail });
    }
  };
  const shared = new Map<string, object>();
  for (const plugin of ctx.channels.registry.list()) {
    if (plugin.webhooks) mount(plugin.manifest.id, (router) => plugin.webhooks!(router));
    const s = plugin.sharedWebhooks;
    if (!s) continue;
    const mounted = shared.get(s.name);
    if (mounted === s) continue;
    if (mounted) throw new Error(`/api/webhooks/${s.name} is declared by plugins of different builds (${plugin.manifest.id}): register them together`);
    if (ctx.channels.registry.has(s.name)) throw new Error(`shared webhook name ${s.name} is also a plugin id`);
    shared.set(s.name, s);
    mount(s.name, s.routes);
  }
  return app;
};
