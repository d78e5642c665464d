/** Instagram channel (`instagram`): direct messages of an Instagram professional account linked to a Page. */
import { defineChannel, type ChannelPlugin } from "../../../src/channels/adapter";
import { resolveMetaEnv } from "../_meta-graph/env";
import type { instagramConfigSchema } from "../_meta-graph/messenger/config";
import { pageAccounts } from "../_meta-graph/messenger/connect-pages";
import { MessengerHub } from "../_meta-graph/messenger/hub";
import { replyWindowHours } from "../_meta-graph/messenger/reply-window";
import { createMessengerSession } from "../_meta-graph/messenger/session";
import type { MessengerPluginOptions } from "../facebook";
import { instagramManifest } from "./manifest";

export function createInstagramPlugin(opts: MessengerPluginOptions = {}): ChannelPlugin<typeof instagramConfigSchema> {
  const env = resolveMetaEnv(opts.env);
  const hub = opts.hub ?? new MessengerHub(env);
  return defineChannel({
    manifest: instagramManifest,
    createSession: (host, config) => createMessengerSession(host, config, { channel: "instagram", env, hub }),
    sharedWebhooks: hub.webhooks,
    replyWindowHours,
    accounts: pageAccounts(env, true),
  });
}

export { instagramManifest } from "./manifest";
