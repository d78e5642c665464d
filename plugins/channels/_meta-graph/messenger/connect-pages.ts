/**
 * The Facebook / Instagram login flow's server half (POST /api/facebook {facebookUserId, facebookUserToken,
 * addInstagram}). Given the short-lived user token the Facebook Login dialog returned:
 *   1. GET  /oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token  -> long-lived user token
 *   2. GET  /{user-id}/accounts?fields=id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}
 *      (every page followed): the user's Pages with their Page tokens (long-lived, since the user token is)
 *   3. POST /{page-id}/subscribed_apps?subscribed_fields=...  for each Page kept (Messenger and Instagram events of a
 *      linked account both come through its Page's subscription)
 * and answers the connections to create: one `facebook` connection per Page, or with addInstagram one `instagram`
 * connection per Page that has an Instagram professional account (Pages without one are listed in `skipped`).
 * References: https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived,
 * https://developers.facebook.com/docs/graph-api/reference/user/accounts,
 * https://developers.facebook.com/docs/graph-api/reference/page/subscribed_apps
 */
import { type AccountConnection, ChannelError } from "../../../../src/channels/adapter";
import type { MetaEnv } from "../env";
import { GraphClient } from "../graph-client";
import type { FacebookConfig, InstagramConfig } from "./config";
import { metaVerifyToken } from "./verify-token";

export interface ConnectPagesInput {
  userId: string;
  userToken: string;
  addInstagram: boolean;
}

export type ConnectionDraft =
  | { channel: "facebook"; name: string; config: FacebookConfig; picture?: string }
  | { channel: "instagram"; name: string; config: InstagramConfig; picture?: string };

export interface ConnectPagesResult {
  connections: ConnectionDraft[];
  /** Pages left out (no Instagram account when addInstagram, or the subscription failed), with the reason. */
  skipped: { pageId: string; name: string; reason: string }[];
}

export const PAGE_SUBSCRIBED_FIELDS = [
  "messages",
  "messaging_postbacks",
  "message_deliveries",
  "message_reads",
  "message_echoes",
  "message_reactions",
  "message_edits",
  "messaging_referrals",
];

interface PageAccount {
  id: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

export async function connectPages(input: ConnectPagesInput, env: Pick<MetaEnv, "graphUrl" | "fetch" | "appId" | "appSecret">): Promise<ConnectPagesResult> {
  if (!env.appId || !env.appSecret) throw new ChannelError("UNSUPPORTED", "META_APP_ID and META_APP_SECRET must be configured for Facebook and Instagram");
  if (!/^\d+$/.test(input.userId)) throw new ChannelError("UNKNOWN", "facebookUserId must be the numeric user id");
  const graph = new GraphClient({ baseUrl: env.graphUrl, fetch: env.fetch, auth: "query" });

  const exchanged = await graph
    .get<{ access_token?: string }>("/oauth/access_token", {
      grant_type: "fb_exchange_token",
      client_id: env.appId,
      client_secret: env.appSecret,
      fb_exchange_token: input.userToken,
    })
    .catch((err: ChannelError) => {
      // "Error validating client secret" comes as code 1: a configuration problem, not a passing one.
      if (err.code === "AUTH_EXPIRED" || err.code === "RATE_LIMITED" || err.code === "UNSUPPORTED") throw err;
      throw new ChannelError("UNKNOWN", `Meta refused the token exchange: ${err.message}`, err.detail);
    });
  if (!exchanged?.access_token) throw new ChannelError("AUTH_EXPIRED", "Meta did not exchange the login token");
  const user = new GraphClient({ baseUrl: env.graphUrl, fetch: env.fetch, auth: "query", accessToken: exchanged.access_token, appSecret: env.appSecret });

  const pages: PageAccount[] = [];
  let next: string | undefined = `/${input.userId}/accounts`;
  let query: Record<string, string> | undefined = {
    fields: "id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}",
    limit: "100",
  };
  for (let i = 0; next && i < 20; i++) {
    const res: { data?: PageAccount[]; paging?: { next?: string } } = await user.get(next, query);
    pages.push(...(res.data ?? []));
    next = res.paging?.next;
    query = undefined;
  }

  const result: ConnectPagesResult = { connections: [], skipped: [] };
  for (const page of pages) {
    const name = page.name ?? page.id;
    if (!page.access_token) {
      result.skipped.push({ pageId: page.id, name, reason: "No Page access token (the user cannot message as this Page)" });
      continue;
    }
    const ig = page.instagram_business_account;
    if (input.addInstagram && !ig?.id) {
      result.skipped.push({ pageId: page.id, name, reason: "No Instagram professional account linked to this Page" });
      continue;
    }
    const pageGraph = new GraphClient({ baseUrl: env.graphUrl, fetch: env.fetch, auth: "query", accessToken: page.access_token, appSecret: env.appSecret });
    try {
      await pageGraph.post(`/${page.id}/subscribed_apps`, undefined, { subscribed_fields: PAGE_SUBSCRIBED_FIELDS.join(",") });
    } catch (err) {
      if ((err as ChannelError).code === "AUTH_EXPIRED") throw err;
      result.skipped.push({ pageId: page.id, name, reason: `Webhook subscription failed: ${(err as Error).message}` });
      continue;
    }
    const base = { pageId: page.id, pageAccessToken: page.access_token, humanAgentTag: false };
    if (input.addInstagram && ig?.id) {
      result.connections.push({
        channel: "instagram",
        name: ig.username ?? ig.name ?? name,
        config: { ...base, instagramAccountId: ig.id },
        ...(ig.profile_picture_url ? { picture: ig.profile_picture_url } : {}),
      });
    } else result.connections.push({ channel: "facebook", name, config: base });
  }
  return result;
}

/**
 * The Facebook login as the channel contract's account connection: the Pages of the login for the facebook plugin,
 * their Instagram professional accounts for the instagram plugin. A second login renews the Page token of the
 * connection already standing for the account; the verify token is the shared /api/webhooks/meta endpoint's.
 */
export function pageAccounts(env: MetaEnv, addInstagram: boolean): AccountConnection {
  return {
    async connect({ userId, userToken }) {
      const found = await connectPages({ userId, userToken, addInstagram }, env);
      return {
        connections: found.connections.map((draft) => ({
          channel: draft.channel,
          name: draft.name,
          config: draft.config,
          account: accountOf(draft.config)!,
          renewal: { pageAccessToken: draft.config.pageAccessToken },
          listedAs: draft.config.pageId,
        })),
        skipped: found.skipped.map(({ pageId, name, reason }) => ({ listedAs: pageId, name, reason })),
      };
    },
    accountOf,
    verifyToken: () => metaVerifyToken(env),
  };
}

/** The Meta account a connection stands for: the Instagram account, else the Page. */
function accountOf(config: Record<string, unknown>): string | undefined {
  const id = config.instagramAccountId ?? config.pageId;
  return typeof id === "string" ? id : undefined;
}
