/**
 * Web chat (`webchat`): a chat window on the company's own website, no outside account needed.
 *
 *   manifest.ts   id, config (title, greeting, colour, allowed sites), capabilities; publicKey: each connection gets a widgetKey
 *   session.ts    the live session: always CONNECTED; send() pushes to the visitor's open sockets
 *   routes.ts     the public visitor API (/api/webchat/…) and the visitor socket: the plugin's publicRoutes
 *   token.ts      signed visitor tokens (the only thing that identifies a visitor)
 *   rate-limit.ts per-visitor and per-address limits of the public API
 * The contact-facing page and the loader script are the separate bundle in widget/ (served at /widget/:key, /widget.js).
 *
 * A factory, because the limits are configuration: plugins/index.ts builds the plugin with the app's WEBCHAT_* rates.
 */
import { defineChannel } from "../../../src/channels/adapter";
import { webchatManifest } from "./manifest";
import { webchatLimits, type WebchatRates } from "./rate-limit";
import { webchatRoutes } from "./routes";
import { WebchatSession } from "./session";

export function createWebchat(rates: WebchatRates) {
  const limits = webchatLimits(rates);
  return defineChannel({
    manifest: webchatManifest,
    createSession: (host, config) => new WebchatSession(host, config),
    publicRoutes: (host) => webchatRoutes(host, limits),
    embedOrigins: (config) => config.allowedOrigins,
  });
}

export { webchatManifest, webchatConfigSchema, type WebchatConfig } from "./manifest";
export type { WebchatRates } from "./rate-limit";
export { WebchatSession, type VisitorMessage } from "./session";
