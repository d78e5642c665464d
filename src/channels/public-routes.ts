/**
 * Mounts every plugin's own public API (ChannelPlugin.publicRoutes) under /api/<plugin id>, each with a
 * PublicRoutesHost: the plugin's connections by public key and their sessions, and the core's request rules lent as
 * functions (client address, the error shape, the media limits), so the plugin imports none of them. The
 * prefix is the core's, so a plugin cannot answer for another path. These routes are public (a public key, or
 * whatever the plugin signs, is all they take): tests/security/router-walk.test.ts lists them.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { boundedSender } from "../realtime/bounded-send";
import { clientIp, foreignOrigin } from "../http/client";
import { AppError, notFound, validationError } from "../http/errors";
import { connectionByPublicKey } from "../modules/connections/queries";
import { sniff } from "../storage/sniff";
import type { PublicConnection, PublicErrors, PublicRoutesHost } from "./adapter";

/** How long a public key -> connection row is trusted (the session is looked up at every request). */
const KEY_CACHE_MS = 60_000;
/** Above this many cached keys the cache starts over (keys are public: anyone may make us look many up). */
const KEY_CACHE_MAX = 10_000;

const errors: PublicErrors = {
  notFound: (message) => notFound(message),
  validation: (fields) => validationError(fields),
  unauthorized: (message) => new AppError("ERR_UNAUTHORIZED", 401, message),
  rateLimited: (message, retryAfterS) => new AppError("ERR_RATE_LIMITED", 429, message, { retryAfter: retryAfterS }),
  mediaTooLarge: (message) => new AppError("ERR_MEDIA_TOO_LARGE", 413, message),
  mediaTypeNotAllowed: (message) => new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", 415, message),
  internal: (message) => new AppError("ERR_INTERNAL", 500, message),
  originNotAllowed: (message) => new AppError("ERR_ORIGIN_NOT_ALLOWED", 403, message),
};

export const channelPublicRoutes = (ctx: AppContext) => {
  // Elysia registers routes on the instance itself; the chained return values are not needed here.
  const app = new Elysia();
  for (const plugin of ctx.channels.registry.list()) {
    if (!plugin.publicRoutes) continue;
    const id = plugin.manifest.id;
    app.use(new Elysia({ prefix: `/api/${id}` }).use(plugin.publicRoutes(createPublicRoutesHost(ctx, id))));
  }
  return app;
};

/**
 * The sites that may frame the public page of the connection with this key (ChannelPlugin.embedOrigins): its CSP
 * frame-ancestors. Empty for any site, and for a key no connection has (that page only says the chat is unavailable).
 */
export async function embedOriginsOf(ctx: AppContext, key: string): Promise<readonly string[]> {
  if (!PUBLIC_KEY.test(key)) return [];
  for (const plugin of ctx.channels.registry.list()) {
    if (!plugin.manifest.publicKey || !plugin.embedOrigins) continue;
    const row = await connectionByPublicKey(ctx.db, plugin.manifest.id, key);
    if (!row) continue;
    const config = plugin.manifest.configSchema.safeParse(parseJson(row.config));
    return config.success ? plugin.embedOrigins(config.data) : [];
  }
  return [];
}

const PUBLIC_KEY = /^[A-Za-z0-9]{16,64}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface CachedRow {
  id: number;
  companyId: number;
  name: string;
  config: string;
  at: number;
}

function createPublicRoutesHost(ctx: AppContext, channel: string): PublicRoutesHost {
  const rows = new Map<string, CachedRow>();
  return {
    log: ctx.log.child({ channel }),
    clock: ctx.clock,
    signingSecret: ctx.secrets.jwt,
    async connectionByPublicKey(key: string): Promise<PublicConnection | undefined> {
      const now = Date.now();
      let row = rows.get(key);
      if (!row || now - row.at > KEY_CACHE_MS) {
        const found = await connectionByPublicKey(ctx.db, channel, key);
        if (!found) {
          rows.delete(key);
          return undefined;
        }
        if (rows.size > KEY_CACHE_MAX) rows.clear();
        row = { ...found, at: now };
        rows.set(key, row);
      }
      // A stopped or deleted connection has no session: it answers nothing at once, whatever the cache says.
      const session = ctx.channels.sessions.sessionOf(channel, row.id);
      if (!session) {
        rows.delete(key);
        return undefined;
      }
      return { id: row.id, companyId: row.companyId, name: row.name, config: row.config, session };
    },
    session: (connectionId) => ctx.channels.sessions.sessionOf(channel, connectionId),
    clientIp: (request, server) => clientIp(ctx.config, request, server),
    foreignOrigin: (request) => foreignOrigin(ctx.config, request),
    errors,
    mediaLimitBytes: () => ctx.media.limitBytes(),
    acceptsMedia: async (file) => (await sniff(file, file.name || "file")) !== undefined,
    socketSender: (raw) => boundedSender(raw, ctx.config.WS_BUFFER_LIMIT_KB * 1024, "visitor"),
  };
}
