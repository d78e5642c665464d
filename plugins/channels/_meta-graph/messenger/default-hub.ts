import type { WebhookRouter } from "../../../../src/channels/adapter";
import { lazyMetaEnv } from "../env";
import { MessengerHub } from "./hub";
import { registerMetaWebhooks } from "./webhook";

/** The hub shared by the default facebook and instagram plugin instances (plugins/index.ts). */
export const defaultMessengerHub = new MessengerHub();

/**
 * The /api/webhooks/meta routes of the default instances (environment from the process): the core mounts them
 * under /api/webhooks/meta. The same handlers already answer at /api/webhooks/facebook and /api/webhooks/instagram.
 */
export function metaWebhooks(router: WebhookRouter): void {
  registerMetaWebhooks(router, defaultMessengerHub, defaultEnv);
}

const defaultEnv = lazyMetaEnv();
