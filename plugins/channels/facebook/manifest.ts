/**
 * The UI-safe half of the Facebook Messenger plugin (channel id `facebook`). Connections are made by the login flow
 * (POST /api/facebook -> connectPages); webhooks arrive at {PUBLIC_URL}/api/webhooks/meta (object "page").
 */
import type { ChannelManifest } from "../../../src/channels/adapter";
import { META_CAPABILITIES } from "../_meta-graph/capabilities";
import { facebookConfigSchema } from "../_meta-graph/messenger/config";

export const facebookManifest: ChannelManifest<typeof facebookConfigSchema> = {
  id: "facebook",
  name: "Facebook Messenger",
  connect: "oauth",
  // No link held: webhooks and API calls, so a session runs on every instance and a webhook may reach any of them.
  instances: "every",
  configSchema: facebookConfigSchema,
  secretFields: ["pageAccessToken"],
  capabilities: META_CAPABILITIES,
  // Messenger and Instagram show *bold*, _italic_ and ~strike~ literally: texts go out plain.
  formatting: "plain",
};
