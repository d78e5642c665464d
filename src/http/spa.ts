import { Elysia } from "elysia";
import type { AppContext } from "../context";

const APP_CSP = "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

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
