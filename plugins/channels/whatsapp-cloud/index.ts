/**
 * WhatsApp Cloud API channel (`whatsappapi`): Meta hosts the number; we receive signed webhooks and call the
 * Graph API. See manifest.ts for the connection fields and webhook URL, session.ts for what a session does.
 * Built by createMetaPlugins (_meta-graph/plugins.ts) with the app's Meta environment.
 */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { resolveMetaEnv, type MetaEnv } from "../_meta-graph/env";
import { whatsappCloudManifest, type whatsappCloudConfigSchema } from "./manifest";
import { WaSessionRegistry } from "./registry";
import { createWhatsAppCloudSession } from "./session";
import { listTemplates, renderTemplate } from "./templates";
import { registerWhatsAppWebhooks } from "./webhook";

export interface WhatsAppCloudPluginOptions {
  /** Graph URL, fetch... (tests point it at the fake). */
  env?: Partial<MetaEnv>;
}

export type WhatsAppCloudPlugin = ChannelPlugin<typeof whatsappCloudConfigSchema> & {
  /** Live sessions by connection id (what the webhook handler routes to). */
  readonly registry: WaSessionRegistry;
};

export function createWhatsAppCloudPlugin(opts: WhatsAppCloudPluginOptions = {}): WhatsAppCloudPlugin {
  const env = resolveMetaEnv(opts.env);
  const registry = new WaSessionRegistry();
  const plugin = defineChannel({
    manifest: whatsappCloudManifest,
    createSession: (host, config) => createWhatsAppCloudSession(host, config, { env, registry }),
    webhooks: (router) => registerWhatsAppWebhooks(router, registry),
    // The approved templates of the connection's business account (GET /api/whatsapp/:id/templates).
    templates: { list: (config) => listTemplates(config, env), render: renderTemplate },
  });
  return Object.assign(plugin, { registry });
}

export { whatsappCloudManifest, whatsappCloudConfigSchema, type WhatsAppCloudConfig } from "./manifest";
export { listTemplates, renderTemplate } from "./templates";
