/** Facebook Messenger channel (`facebook`): a Facebook Page's inbox through the Messenger Platform. */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { lazyMetaEnv, type MetaEnvSource } from "../_meta-graph/env";
import { facebookConfigSchema } from "../_meta-graph/messenger/config";
import { defaultMessengerHub } from "../_meta-graph/messenger/default-hub";
import type { MessengerHub } from "../_meta-graph/messenger/hub";
import { createMessengerSession } from "../_meta-graph/messenger/session";
import { registerMetaWebhooks } from "../_meta-graph/messenger/webhook";
import { facebookManifest } from "./manifest";

export interface MessengerPluginOptions {
  env?: MetaEnvSource;
  /** Shared with the instagram plugin: the one /api/webhooks/meta endpoint routes to both. */
  hub?: MessengerHub;
}

export function createFacebookPlugin(opts: MessengerPluginOptions = {}): ChannelPlugin<typeof facebookConfigSchema> {
  const env = lazyMetaEnv(opts.env);
  const hub = opts.hub ?? defaultMessengerHub;
  return defineChannel({
    manifest: facebookManifest,
    createSession: (host, config) => createMessengerSession(host, config, { channel: "facebook", env, hub }),
    // Mounted at /api/webhooks/facebook; the same handlers serve /api/webhooks/meta (see _meta-graph/plugins.ts).
    webhooks: (router) => registerMetaWebhooks(router, hub, env),
  });
}

export { facebookManifest } from "./manifest";

const facebook = createFacebookPlugin();
export default facebook;
