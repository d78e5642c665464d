/**
 * What the Meta plugins need from the app (ARCHITECTURE.md, Configuration): the Graph base URL, the app's id and
 * secret (Messenger/Instagram webhooks and the OAuth exchange), the public URL (media by link), and a fetch.
 *
 * ChannelHost carries no configuration, so the plugin factories take it: plugins/index.ts builds it from the app
 * config (META_GRAPH_URL, META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN, PUBLIC_URL); tests point graphUrl at the
 * fake. The process environment is never read here.
 */
import type { ChannelHost } from "../../../src/channels/adapter";

/** The core's logger, as the host hands it over. */
type Logger = ChannelHost["log"];

/** The fetch the plugins use (injectable; Bun's `typeof fetch` carries extras we do not need). */
export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface MetaEnv {
  /** e.g. https://graph.facebook.com/v21.0 (no trailing slash). */
  graphUrl: string;
  appId?: string;
  appSecret?: string;
  /** Verify token of the shared /api/webhooks/meta endpoint; derived from appSecret when absent. */
  verifyToken?: string;
  publicUrl?: string;
  fetch: FetchFn;
  /** Where the shared webhook logs when no session's logger is at hand (defaults to stdout JSON lines). */
  log?: Pick<Logger, "warn">;
  /** Instagram CDN media is referenced by URL, not copied, unless this is true (Meta's CDN policy). */
  downloadInstagramMedia?: boolean;
}

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v21.0";

/** The environment with its defaults filled in (Graph URL without a trailing slash, the global fetch). */
export function resolveMetaEnv(partial: Partial<MetaEnv> = {}): MetaEnv {
  const pick = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  return {
    graphUrl: (pick(partial.graphUrl) ?? DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    appId: pick(partial.appId),
    appSecret: pick(partial.appSecret),
    verifyToken: pick(partial.verifyToken),
    publicUrl: pick(partial.publicUrl),
    fetch: partial.fetch ?? ((input, init) => fetch(input, init)),
    downloadInstagramMedia: partial.downloadInstagramMedia ?? false,
    ...(partial.log ? { log: partial.log } : {}),
  };
}
