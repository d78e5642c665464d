import { Elysia } from "elysia";
import { embedOriginsOf } from "../channels/public-routes";
import type { AppContext } from "../context";

const APP_CSP =
  "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
/**
 * The web-chat page is made to be framed by other sites (ARCHITECTURE.md, HTTP): by the sites its connection allows,
 * or by any site when it lists none. Nothing else may be framed.
 */
const widgetCsp = (ancestors: readonly string[]) =>
  `default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; frame-ancestors ${ancestors.length ? ancestors.join(" ") : "*"}; base-uri 'self'; form-action 'self'; object-src 'none'`;

/**
 * Serves the built web app from ctx.assets (disk in development, $bunfs inside the binary).
 * Unknown non-API GETs get index.html so deep links (/tickets/42) work; /api/* never falls through here.
 */
export const spaRoutes = (ctx: AppContext) =>
  new Elysia({ name: "spa", seed: ctx.id }).get("/*", ({ path, set }) => {
    if (path.startsWith("/api/") || path === "/api") {
      set.status = 404;
      return { error: "ERR_NOT_FOUND", message: "Not found" };
    }
    if (path === "/widget.js" || path === "/widget" || path.startsWith("/widget/")) return serveWidget(ctx, path, set);
    const file = ctx.assets.get(path);
    if (file) {
      if (path.startsWith("/assets/")) set.headers["cache-control"] = "public, max-age=31536000, immutable";
      if (path.endsWith(".html")) set.headers["content-security-policy"] = APP_CSP;
      return Bun.file(file);
    }
    const index = ctx.assets.get("/index.html");
    if (!index) {
      set.status = 404;
      return { error: "ERR_NOT_FOUND", message: "The web app is not built (run npm run build:ui)" };
    }
    set.headers["cache-control"] = "no-cache";
    set.headers["content-security-policy"] = APP_CSP;
    return Bun.file(index);
  });

/**
 * The separate web-chat bundle (widget/, built into ui/dist/widget* by scripts/build-ui.ts): /widget.js (the loader,
 * short cache: its name has no hash), /widget/assets/* (hashed, immutable) and the page for every other /widget/<key>,
 * which the sites its connection allows may frame (any site when it lists none; no X-Frame-Options).
 */
async function serveWidget(ctx: AppContext, path: string, set: { status?: number | string; headers: Record<string, string | number> }) {
  const file = ctx.assets.get(path);
  if (path === "/widget.js") {
    if (!file) return widgetMissing(set);
    set.headers["cache-control"] = "public, max-age=300";
    return Bun.file(file);
  }
  delete set.headers["x-frame-options"];
  if (file && path.startsWith("/widget/assets/")) {
    set.headers["cache-control"] = "public, max-age=31536000, immutable";
    return Bun.file(file);
  }
  const page = ctx.assets.get("/widget/index.html");
  if (!page) return widgetMissing(set);
  set.headers["cache-control"] = "no-cache";
  set.headers["content-security-policy"] = widgetCsp(await embedOriginsOf(ctx, path.split("/")[2] ?? ""));
  return Bun.file(page);
}

function widgetMissing(set: { status?: number | string }) {
  set.status = 404;
  return { error: "ERR_NOT_FOUND", message: "The web-chat widget is not built (run npm run build:ui)" };
}
