import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { FAKE_IDS, FakeGraph } from "../../../../tests/fakes/meta-graph";
import { resolveMetaEnv } from "../env";
import { connectPages, PAGE_SUBSCRIBED_FIELDS } from "./connect-pages";

let fake: FakeGraph;
beforeAll(async () => {
  fake = await FakeGraph.start();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const env = () => resolveMetaEnv({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
const input = (addInstagram: boolean) => ({ userId: FAKE_IDS.userId, userToken: FAKE_IDS.userShortToken, addInstagram });

describe("connectPages (POST /api/facebook)", () => {
  test("exchanges for a long-lived token, lists the Pages, subscribes each, answers one facebook connection per Page", async () => {
    const res = await connectPages(input(false), env());
    expect(res.connections).toEqual([
      { channel: "facebook", name: "Lucky Shrub", config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, humanAgentTag: false } },
      {
        channel: "facebook",
        name: "Lucky Shrub Outlet",
        config: { pageId: "682498302938466", pageAccessToken: "EAAJB-fake-page-access-token-outlet-4444444444", humanAgentTag: false },
      },
    ]);
    expect(res.skipped).toEqual([]);
    expect(fake.last("GET", "/oauth/access_token")!.query).toEqual({
      grant_type: "fb_exchange_token",
      client_id: FAKE_IDS.appId,
      client_secret: FAKE_IDS.appSecret,
      fb_exchange_token: FAKE_IDS.userShortToken,
    });
    const accounts = fake.last("GET", `/${FAKE_IDS.userId}/accounts`)!;
    expect(accounts.query.access_token).toBe(FAKE_IDS.userLongToken);
    expect(accounts.query.fields).toContain("instagram_business_account");
    const subs = fake.find("POST", /\/subscribed_apps$/);
    expect(subs.map((s) => [s.path, s.query.access_token, s.query.subscribed_fields])).toEqual([
      [`/${FAKE_IDS.pageId}/subscribed_apps`, FAKE_IDS.pageToken, PAGE_SUBSCRIBED_FIELDS.join(",")],
      ["/682498302938466/subscribed_apps", "EAAJB-fake-page-access-token-outlet-4444444444", PAGE_SUBSCRIBED_FIELDS.join(",")],
    ]);
  });

  test("addInstagram: one instagram connection per Page with a linked professional account; the others skipped", async () => {
    const res = await connectPages(input(true), env());
    expect(res.connections).toEqual([
      {
        channel: "instagram",
        name: "luckyshrub",
        config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, humanAgentTag: false, instagramAccountId: FAKE_IDS.igAccountId },
      },
    ]);
    expect(res.skipped).toEqual([{ pageId: "682498302938466", name: "Lucky Shrub Outlet", reason: "No Instagram professional account linked to this Page" }]);
    expect(fake.find("POST", /\/subscribed_apps$/)).toHaveLength(1);
  });

  test("every page of /accounts is followed", async () => {
    const local = await FakeGraph.start({ seed: false });
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) {
      const id = String(700000000000 + i);
      ids.push(id);
      local.addPage({ id, name: `Page ${i}`, token: `EAAJB-page-token-${i}-xxxxxxxxxxxx` });
    }
    local.addUser({ id: FAKE_IDS.userId, shortToken: FAKE_IDS.userShortToken, longToken: FAKE_IDS.userLongToken, pageIds: ids });
    const res = await connectPages(input(false), resolveMetaEnv({ graphUrl: local.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret }));
    expect(res.connections).toHaveLength(130);
    expect(local.find("GET", `/${FAKE_IDS.userId}/accounts`)).toHaveLength(2);
    await local.stop();
  });

  test("a Page whose subscription fails is skipped with the reason", async () => {
    fake.failNext(
      { method: "POST", path: "/682498302938466/subscribed_apps" },
      { status: 403, body: { error: { message: "(#200) Permissions error", type: "OAuthException", code: 200 } } },
    );
    const res = await connectPages(input(false), env());
    expect(res.connections.map((c) => c.config.pageId)).toEqual([FAKE_IDS.pageId]);
    expect(res.skipped).toEqual([{ pageId: "682498302938466", name: "Lucky Shrub Outlet", reason: "Webhook subscription failed: (#200) Permissions error" }]);
  });

  test("an expired login token is AUTH_EXPIRED; a wrong app secret is refused", async () => {
    fake.revokeToken(FAKE_IDS.userShortToken);
    await expect(connectPages(input(false), env())).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    fake.revokedTokens.clear();
    await expect(connectPages(input(false), { ...env(), appSecret: "wrong" })).rejects.toMatchObject({
      code: "UNKNOWN",
      message: "Meta refused the token exchange: Error validating client secret. (#1)",
    });
  });

  test("META_APP_ID and META_APP_SECRET are required", async () => {
    await expect(connectPages(input(false), resolveMetaEnv({ graphUrl: fake.url }))).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });
});
