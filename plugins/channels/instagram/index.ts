/** Instagram channel (`instagram`): direct messages of an Instagram professional account linked to a Page. */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { lazyMetaEnv } from "../_meta-graph/env";
import { instagramConfigSchema } from "../_meta-graph/messenger/config";
import { defaultMessengerHub } from "../_meta-graph/messenger/default-hub";
import { createMessengerSession } from "../_meta-graph/messenger/session";
import { registerMetaWebhooks } from "../_meta-graph/messenger/webhook";
import type { MessengerPluginOptions } from "../facebook";
import { instagramManifest } from "./manifest";

export function createInstagramPlugin(opts: MessengerPluginOptions = {}): ChannelPlugin<typeof instagramConfigSchema> {
  const env = lazyMetaEnv(opts.env);
  const hub = opts.hub ?? defaultMessengerHub;
  return defineChannel({
    manifest: instagramManifest,
    createSession: (host, config) => createMessengerSession(host, config, { channel: "instagram", env, hub }),
    // Mounted at /api/webhooks/instagram; the same handlers serve /api/webhooks/meta (see _meta-graph/plugins.ts).
    webhooks: (router) => registerMetaWebhooks(router, hub, env),
  });
}

export { instagramManifest } from "./manifest";

const instagram = createInstagramPlugin();
export default instagram;
