/**
 * What the Meta plugins need from the environment (ARCHITECTURE.md, Configuration): the Graph base URL, the app's
 * id and secret (Messenger/Instagram webhooks and the OAuth exchange), the public URL (media by link), and a fetch.
 *
 * ChannelHost carries no configuration, so each plugin factory takes a MetaEnvSource: a plain object (tests point
 * graphUrl at the fake), or a getter read at first use. The default getter reads the process environment with the
 * same names and defaults as src/config.ts.
 */
import type { Logger } from "../../../src/log";

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

export type MetaEnvSource = Partial<MetaEnv> | (() => Partial<MetaEnv>);

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v21.0";

/** Fills the gaps of `source` from the process environment; the getter runs once. */
export function lazyMetaEnv(source: MetaEnvSource = {}): () => MetaEnv {
  let cached: MetaEnv | undefined;
  return () => (cached ??= resolveMetaEnv(typeof source === "function" ? source() : source));
}

export function resolveMetaEnv(partial: Partial<MetaEnv> = {}, env: Record<string, string | undefined> = process.env): MetaEnv {
  const pick = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  return {
    graphUrl: (partial.graphUrl ?? pick(env.META_GRAPH_URL) ?? DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    appId: partial.appId ?? pick(env.META_APP_ID),
    appSecret: partial.appSecret ?? pick(env.META_APP_SECRET),
    verifyToken: partial.verifyToken ?? pick(env.META_VERIFY_TOKEN),
    publicUrl: partial.publicUrl ?? pick(env.PUBLIC_URL),
    fetch: partial.fetch ?? ((input, init) => fetch(input, init)),
    downloadInstagramMedia: partial.downloadInstagramMedia ?? false,
    ...(partial.log ? { log: partial.log } : {}),
  };
}
