import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { clientIp } from "../http/client";
import type { WebhookHandler, WebhookRouter } from "./adapter";

/**
 * Mounts every plugin's webhooks under /api/webhooks/<plugin id><path>. The body is left unparsed so handlers can
 * verify signatures over the raw bytes; handlers answer a Response themselves.
 */
export const channelWebhookRoutes = (ctx: AppContext) => {
  // Elysia registers routes on the instance itself; the chained return values are not needed here.
  const app = new Elysia({ prefix: "/api/webhooks" });
  for (const plugin of ctx.channels.registry.list()) {
    if (!plugin.webhooks) continue;
    const id = plugin.manifest.id;
    const routes: { method: "GET" | "POST"; path: string; handler: WebhookHandler }[] = [];
    const router: WebhookRouter = {
      get: (path, handler) => void routes.push({ method: "GET", path, handler }),
      post: (path, handler) => void routes.push({ method: "POST", path, handler }),
    };
    plugin.webhooks(router);
    for (const r of routes) {
      const path = `/${id}${r.path.startsWith("/") || r.path === "" ? r.path : `/${r.path}`}`;
      const handle = async ({ request, params, query, server }: { request: Request; params: Record<string, string>; query: Record<string, string | undefined>; server: any }) => {
        const rawBody = r.method === "POST" ? await request.text() : "";
        const q = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"));
        try {
          return await r.handler({ request, rawBody, params, query: q, ip: clientIp(ctx.config, request, server) });
        } catch (err) {
          ctx.log.error("webhook handler failed", { plugin: id, path, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
          return new Response(JSON.stringify({ error: "ERR_INTERNAL", message: "An internal error occurred" }), { status: 500, headers: { "content-type": "application/json" } });
        }
      };
      if (r.method === "GET") app.get(path, handle as any);
      else app.post(path, handle as any, { parse: "none" });
    }
  }
  return app;
};
