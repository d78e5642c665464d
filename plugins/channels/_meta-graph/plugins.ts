/**
 * The three Meta plugins built together from one environment, sharing one Messenger hub, plus the route set of
 * the shared Messenger/Instagram endpoint for the core to mount at /api/webhooks/meta.
 *
 *   const meta = createMetaPlugins({ graphUrl: config.META_GRAPH_URL, appId: config.META_APP_ID, ... });
 *   plugins: [meta.whatsappapi, meta.facebook, meta.instagram]; mount meta.metaWebhooks under /api/webhooks/meta
 */
import type { WebhookRouter } from "../../../src/channels/adapter";
import { createFacebookPlugin } from "../facebook";
import { createInstagramPlugin } from "../instagram";
import { createWhatsAppCloudPlugin } from "../whatsapp-cloud";
import { lazyMetaEnv, type MetaEnvSource } from "./env";
import { connectPages, type ConnectPagesInput } from "./messenger/connect-pages";
import { MessengerHub } from "./messenger/hub";
import { metaVerifyToken } from "./messenger/verify-token";
import { registerMetaWebhooks } from "./messenger/webhook";

export function createMetaPlugins(source: MetaEnvSource = {}) {
  const env = lazyMetaEnv(source);
  const hub = new MessengerHub();
  return {
    whatsappapi: createWhatsAppCloudPlugin({ env }),
    facebook: createFacebookPlugin({ env, hub }),
    instagram: createInstagramPlugin({ env, hub }),
    /** Routes of /api/webhooks/meta (GET verification, POST deliveries for objects page and instagram). */
    metaWebhooks: (router: WebhookRouter) => registerMetaWebhooks(router, hub, env),
    /** POST /api/facebook's work: long-lived token, pages, webhook subscription -> connections to create. */
    connectPages: (input: ConnectPagesInput) => connectPages(input, env()),
    /** The verify token to paste in the App Dashboard for /api/webhooks/meta (show it to the super user). */
    metaVerifyToken: () => metaVerifyToken(env()),
    hub,
  };
}

export type MetaPlugins = ReturnType<typeof createMetaPlugins>;
