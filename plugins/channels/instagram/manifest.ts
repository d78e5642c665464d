/**
 * The UI-safe half of the Instagram plugin (channel id `instagram`): an Instagram professional account linked to a
 * Facebook Page (Messenger API for Instagram). Webhooks arrive at {PUBLIC_URL}/api/webhooks/meta (object "instagram").
 */
import type { ChannelManifest } from "../../../src/channels/adapter";
import { META_CAPABILITIES } from "../_meta-graph/capabilities";
import { instagramConfigSchema } from "../_meta-graph/messenger/config";

export const instagramManifest: ChannelManifest<typeof instagramConfigSchema> = {
  id: "instagram",
  name: "Instagram",
  connect: "oauth",
  // No link held: webhooks and API calls, so a session runs on every instance and a webhook may reach any of them.
  instances: "every",
  configSchema: instagramConfigSchema,
  secretFields: ["pageAccessToken"],
  // Only the heart: the Send API's reaction for Instagram is "love".
  capabilities: META_CAPABILITIES,
  // Messenger and Instagram show *bold*, _italic_ and ~strike~ literally: texts go out plain.
  formatting: "plain",
};
