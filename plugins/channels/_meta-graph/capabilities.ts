import type { ChannelCapabilities } from "../../../src/channels/adapter";

/**
 * What the three Meta plugins (whatsappapi, facebook, instagram) can do: the same Graph-side features. Reactions
 * (instagram: only the heart, the Send API's "love"), read receipts, the 24-hour reply window; no edit, delete,
 * groups or number check.
 */
export const META_CAPABILITIES: Readonly<ChannelCapabilities> = Object.freeze({
  react: true,
  edit: false,
  delete: false,
  markRead: true,
  groups: false,
  checkNumber: false,
  window24h: true,
});
