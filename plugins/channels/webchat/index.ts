/**
 * Web chat (`webchat`): a chat window on the company's own website, no outside account needed.
 *
 *   manifest.ts   id, config (title, greeting, colour), capabilities; publicKey: each connection gets a widgetKey
 *   session.ts    the live session: always CONNECTED; send() pushes to the visitor's open sockets
 *   routes.ts     the public visitor API (/api/webchat/…) and the visitor socket, mounted by src/app.ts
 *   token.ts      signed visitor tokens (the only thing that identifies a visitor)
 *   rate-limit.ts per-visitor and per-address limits of the public API
 * The contact-facing page and the loader script are the separate bundle in widget/ (served at /widget/:key, /widget.js).
 */
import { defineChannel } from "../../../src/channels/adapter";
import { webchatManifest } from "./manifest";
import { WebchatSession } from "./session";

export const webchat = defineChannel({
  manifest: webchatManifest,
  createSession: (host, config) => new WebchatSession(host, config),
});

export { webchatManifest, webchatConfigSchema, type WebchatConfig } from "./manifest";
export { WebchatSession, type VisitorMessage } from "./session";

export default webchat;
