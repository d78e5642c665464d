/** Facebook Messenger channel (`facebook`): a Facebook Page's inbox through the Messenger Platform. */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { resolveMetaEnv, type MetaEnv } from "../_meta-graph/env";
import type { facebookConfigSchema } from "../_meta-graph/messenger/config";
import { pageAccounts } from "../_meta-graph/messenger/connect-pages";
import { MessengerHub } from "../_meta-graph/messenger/hub";
import { replyWindowHours } from "../_meta-graph/messenger/reply-window";
import { createMessengerSession } from "../_meta-graph/messenger/session";
import { facebookManifest } from "./manifest";

export interface MessengerPluginOptions {
  env?: Partial<MetaEnv>;
  /** Shared with the instagram plugin: the one /api/webhooks/meta endpoint routes to both (createMetaPlugins). */
  hub?: MessengerHub;
}

export function createFacebookPlugin(opts: MessengerPluginOptions = {}): ChannelPlugin<typeof facebookConfigSchema> {
  const env = resolveMetaEnv(opts.env);
  const hub = opts.hub ?? new MessengerHub(env);
  return defineChannel({
    manifest: facebookManifest,
    createSession: (host, config) => createMessengerSession(host, config, { channel: "facebook", env, hub }),
    sharedWebhooks: hub.webhooks,
    replyWindowHours,
    accounts: pageAccounts(env, false),
  });
}

export { facebookManifest } from "./manifest";
