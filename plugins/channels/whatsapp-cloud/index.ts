/**
 * WhatsApp Cloud API channel (`whatsappapi`): Meta hosts the number; we receive signed webhooks and call the
 * Graph API. See manifest.ts for the connection fields and webhook URL, session.ts for what a session does.
 */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { lazyMetaEnv, type MetaEnvSource } from "../_meta-graph/env";
import { whatsappCloudManifest, type WhatsAppCloudConfig, whatsappCloudConfigSchema } from "./manifest";
import { WaSessionRegistry } from "./registry";
import { createWhatsAppCloudSession } from "./session";
import { listTemplates, type WaTemplate } from "./templates";
import { registerWhatsAppWebhooks } from "./webhook";

export interface WhatsAppCloudPluginOptions {
  /** Graph URL, fetch... (tests point it at the fake); defaults to the process environment. */
  env?: MetaEnvSource;
}

export type WhatsAppCloudPlugin = ChannelPlugin<typeof whatsappCloudConfigSchema> & {
  /** Live sessions by connection id (what the webhook handler routes to). */
  readonly registry: WaSessionRegistry;
  /** Approved templates of a connection's business account (for GET /api/whatsapp/:id/templates). */
  listTemplates(config: WhatsAppCloudConfig): Promise<WaTemplate[]>;
};

export function createWhatsAppCloudPlugin(opts: WhatsAppCloudPluginOptions = {}): WhatsAppCloudPlugin {
  const env = lazyMetaEnv(opts.env);
  const registry = new WaSessionRegistry();
  const plugin = defineChannel({
    manifest: whatsappCloudManifest,
    createSession: (host, config) => createWhatsAppCloudSession(host, config, { env, registry }),
    webhooks: (router) => registerWhatsAppWebhooks(router, registry),
  });
  return Object.assign(plugin, { registry, listTemplates: (config: WhatsAppCloudConfig) => listTemplates(config, env()) });
}

export { whatsappCloudManifest, whatsappCloudConfigSchema, type WhatsAppCloudConfig } from "./manifest";
export { listTemplates, renderTemplateBody, type WaTemplate } from "./templates";
export type { TemplateRef } from "./build-message";
export type { WaOutboundMessage } from "./session";

const whatsappCloud = createWhatsAppCloudPlugin();
export default whatsappCloud;
