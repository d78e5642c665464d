/**
 * The three Meta plugins built together from one environment, sharing one Messenger hub (so the one
 * /api/webhooks/meta endpoint reaches both facebook and instagram sessions):
 *
 *   const meta = createMetaPlugins({ graphUrl: config.META_GRAPH_URL, appId: config.META_APP_ID, ... });
 *   plugins: [meta.whatsappapi, meta.facebook, meta.instagram]
 *
 * plugins/index.ts builds them from the app config; tests point graphUrl at the fake Graph server.
 */
import { createFacebookPlugin } from "../facebook";
import { createInstagramPlugin } from "../instagram";
import { createWhatsAppCloudPlugin } from "../whatsapp-cloud";
import { resolveMetaEnv, type MetaEnv } from "./env";
import { MessengerHub } from "./messenger/hub";

export function createMetaPlugins(partial: Partial<MetaEnv> = {}) {
  const env = resolveMetaEnv(partial);
  const hub = new MessengerHub(env);
  return {
    whatsappapi: createWhatsAppCloudPlugin({ env }),
    facebook: createFacebookPlugin({ env, hub }),
    instagram: createInstagramPlugin({ env, hub }),
    /** The routes the core mounts at /api/webhooks/meta (the facebook and instagram plugins' sharedWebhooks). */
    metaWebhooks: hub.webhooks.routes,
  };
}

export type MetaPlugins = ReturnType<typeof createMetaPlugins>;
