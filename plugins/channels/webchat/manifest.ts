/**
 * The UI-safe half of the web-chat plugin (channel id `webchat`, ours, beyond the spec's channel list).
 *
 * A web-chat connection needs no outside account: creating it gives it a public `widgetKey`
 * (manifest.publicKey), which the contact-facing page /widget/<widgetKey> and the loader
 * `<script src="…/widget.js" data-key="<widgetKey>">` use. The key is public and grants nothing but the
 * visitor API of this one connection; the connection's secret `token` (external send API) is another thing.
 */
import { z } from "zod";
import type { ChannelManifest } from "../../../src/channels/adapter";

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour like #2563eb");

/**
 * A site's origin as browsers send it (scheme://host[:port], no path): "https://shop.example.com/" and
 * "HTTPS://Shop.example.com:443" are stored as "https://shop.example.com".
 */
const origin = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const given = v.replace(/\/$/, "");
    const url = /^https?:\/\/[^\s/?#@\\]+$/i.test(given) && URL.canParse(given) ? new URL(given) : undefined;
    // Host names, IPv4 and bracketed IPv6 only: no wildcard, and nothing that could end a CSP source list.
    if (url && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return url.origin;
    ctx.addIssue({ code: "custom", message: INVALID_ORIGIN });
    return z.NEVER;
  });

/** The field message of an origin that is not scheme://host[:port] (the web app translates it). */
export const INVALID_ORIGIN = "Invalid origin";

export const webchatConfigSchema = z.object({
  /** Shown in the widget's header; the connection's name when empty. */
  title: z.string().trim().max(60).default(""),
  /** First line the visitor reads above the name form, e.g. "Hi! How can we help?". */
  greeting: z.string().trim().max(300).default(""),
  /** The widget's accent colour (button, header, visitor bubbles). */
  color: hexColor.default("#2563eb"),
  /**
   * The sites that may embed the widget and call its visitor API; empty: any site. The widget page (/widget/<key>) is
   * served with these as its CSP frame-ancestors, and the visitor API answers another site's Origin with 403.
   */
  allowedOrigins: z
    .array(origin)
    .max(50)
    .default([])
    .transform((list) => [...new Set(list)]),
});

export type WebchatConfig = z.output<typeof webchatConfigSchema>;

/** Whether a page of this origin (undefined: our own page, or a client that names none) may use the chat. */
export const allowsSite = (config: WebchatConfig, origin: string | undefined) =>
  origin === undefined || config.allowedOrigins.length === 0 || config.allowedOrigins.includes(origin);

export const webchatManifest: ChannelManifest<typeof webchatConfigSchema> = {
  id: "webchat",
  name: "Web chat",
  connect: "none",
  // Each instance holds its own visitors' sockets and reaches the others' through host.peers.
  instances: "every",
  configSchema: webchatConfigSchema,
  secretFields: [],
  publicKey: true,
  capabilities: Object.freeze({
    // Pushed live to the visitor's widget (session.ts); the history shows them too (routes.ts).
    react: true,
    edit: true,
    delete: true,
    // The core does not yet tell plugins when an agent read the contact's messages; read ticks for the visitor's own
    // messages come with that hook (docs/plugins.md, web chat).
    markRead: false,
    groups: false,
    checkNumber: false,
    window24h: false,
  }),
};
