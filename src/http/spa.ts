import { Elysia } from "elysia";
import { embedOriginsOf } from "../channels/public-routes";
import type { AppContext } from "../context";
import { pickAssetVariant, varyOnEncoding } from "./compression";

const APP_CSP =
  "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
/**
 * The web-chat page is made to be framed by other sites (ARCHITECTURE.md, HTTP): by the sites its connection allows,
 * or by any site when it lists none. Nothing else may be framed.
 */
const widgetCsp = (ancestors: readonly string[]) =>
  `default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; frame-ancestors ${ancestors.length ? ancestors.join(" ") : "*"}; base-uri 'self'; form-action 'self'; object-src 'none'`;

type Reply = { status?: number | string; headers: Record<string, string | number> };

/**
 * Serves the built web app from ctx.assets (disk in development, $bunfs inside the binary).
 * Unknown non-API GETs get index.html so deep links (/tickets/42) work; /api/* and /metrics never fall through here.
 * Hashed files (/assets/*) are cached for good; index.html is revalidated at every load so a new build is picked up.
 */
export const spaRoutes = (ctx: AppContext) =>
  new Elysia({ name: "spa", seed: ctx.id }).get("/*", ({ path, set, request }) => {
    if (path.startsWith("/api/") || path === "/api" || path === "/metrics" || path.startsWith("/metrics/")) {
      set.status = 404;
      return { error: "ERR_NOT_FOUND", message: "Not found" };
    }
    if (path === "/widget.js" || path === "/widget" || path.startsWith("/widget/")) return serveWidget(ctx, path, set, request);
    if (ctx.assets.has(path)) {
      if (path.startsWith("/assets/")) set.headers["cache-control"] = "public, max-age=31536000, immutable";
      if (path.endsWith(".html")) {
        set.headers["cache-control"] = "no-cache";
        set.headers["content-security-policy"] = APP_CSP;
      }
      return sendAsset(ctx, path, set, request);
    }
    if (!ctx.assets.has("/index.html")) {
      set.status = 404;
      return { error: "ERR_NOT_FOUND", message: "The web app is not built (run npm run build:ui)" };
    }
    set.headers["cache-control"] = "no-cache";
    set.headers["content-security-policy"] = APP_CSP;
    return sendAsset(ctx, "/index.html", set, request);
  });

/**
 * A built file, as its brotli or gzip copy when the build wrote one and the browser takes it (Content-Encoding, and
 * Vary so caches keep one copy per coding); the type is the original file's.
 */
function sendAsset(ctx: AppContext, path: string, set: Reply, request: Request) {
  const pick = pickAssetVariant(ctx.assets, path, request)!;
  if (pick.varies) varyOnEncoding(set.headers);
  if (pick.coding === "identity") return Bun.file(pick.file);
  set.headers["content-type"] = Bun.file(ctx.assets.get(path)!).type;
  set.headers["content-encoding"] = pick.coding;
  return new Response(Bun.file(pick.file));
}

/**
 * The separate web-chat bundle (widget/, built into ui/dist/widget* by scripts/build-ui.ts): /widget.js (the loader,
 * short cache: its name has no hash), /widget/assets/* (hashed, immutable) and the page for every other /widget/<key>,
 * which the sites its connection allows may frame (any site when it lists none; no X-Frame-Options).
 */
async function serveWidget(ctx: AppContext, path: string, set: Reply, request: Request) {
  const file = ctx.assets.get(path);
  if (path === "/widget.js") {
    if (!file) return widgetMissing(set);
    set.headers["cache-control"] = "public, max-age=300";
    return sendAsset(ctx, path, set, request);
  }
  delete set.headers["x-frame-options"];
  if (file && path.startsWith("/widget/assets/")) {
    set.headers["cache-control"] = "public, max-age=31536000, immutable";
    return sendAsset(ctx, path, set, request);
  }
  if (!ctx.assets.has("/widget/index.html")) return widgetMissing(set);
  set.headers["cache-control"] = "no-cache";
  set.headers["content-security-policy"] = widgetCsp(await embedOriginsOf(ctx, path.split("/")[2] ?? ""));
  return sendAsset(ctx, "/widget/index.html", set, request);
}

function widgetMissing(set: { status?: number | string }) {
  set.status = 404;
  return { error: "ERR_NOT_FOUND", message: "The web-chat widget is not built (run npm run build:ui)" };
}
