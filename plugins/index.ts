/**
 * Every plugin of the product, imported statically so the compiled binary carries them all, built with the app's
 * configuration (plugins never read the process environment). Test plugins are never listed here: tests inject
 * them with createContext({ channelPlugins }).
 */
import type { ChannelPlugin } from "../src/channels/adapter";
import type { Config } from "../src/config";
import type { MetaEnv } from "./channels/_meta-graph/env";
import { createMetaPlugins } from "./channels/_meta-graph/plugins";
import { createWebchat, type WebchatRates } from "./channels/webchat";
import whatsapp from "./channels/whatsapp";

/** Channel plugins (whatsapp, whatsappapi, facebook, instagram, webchat), in add-menu order. */
export function channelPlugins(config: Config): ChannelPlugin<any>[] {
  const meta = createMetaPlugins(metaEnvOf(config));
  return [whatsapp, meta.whatsappapi, meta.facebook, meta.instagram, createWebchat(webchatRatesOf(config))];
}

/** The web-chat visitor API's rates per minute (src/config.ts validates them and holds the defaults). */
export function webchatRatesOf(config: Config): WebchatRates {
  return {
    messagesPerVisitor: config.WEBCHAT_RATE_PER_MIN,
    messagesPerIp: config.WEBCHAT_RATE_PER_MIN_IP,
    sessionsPerIp: config.WEBCHAT_SESSIONS_PER_MIN_IP,
  };
}

/** The Meta plugins' environment (ARCHITECTURE.md, Configuration); POST /api/facebook uses the same. */
export function metaEnvOf(config: Config): Partial<MetaEnv> {
  return {
    graphUrl: config.META_GRAPH_URL,
    appId: config.META_APP_ID,
    appSecret: config.META_APP_SECRET,
    verifyToken: config.META_VERIFY_TOKEN,
    publicUrl: config.PUBLIC_URL,
  };
}
