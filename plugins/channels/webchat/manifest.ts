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

export const webchatConfigSchema = z.object({
  /** Shown in the widget's header; the connection's name when empty. */
  title: z.string().trim().max(60).default(""),
  /** First line the visitor reads above the name form, e.g. "Hi! How can we help?". */
  greeting: z.string().trim().max(300).default(""),
  /** The widget's accent colour (button, header, visitor bubbles). */
  color: hexColor.default("#2563eb"),
});

export type WebchatConfig = z.output<typeof webchatConfigSchema>;

export const webchatManifest: ChannelManifest<typeof webchatConfigSchema> = {
  id: "webchat",
  name: "Web chat",
  connect: "none",
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
