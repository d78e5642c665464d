/**
 * The Meta routes end to end against the fake Graph server, with the product's own Meta plugins built from the app
 * config (META_GRAPH_URL points at the fake): the Facebook/Instagram login flow, the template picker's routes, the
 * 24-hour window, and how Graph refusals of a send surface (130429 resent, 190 reported once).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { loadFixture } from "../../../plugins/channels/whatsapp-cloud/fixtures/load";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createConnection } from "../../channels/connections";

const HOUR = 3600_000;
const APP_SECRET = "wa-meta-module-secret-0123456789";
const WA_FIXTURES = `${import.meta.dir}/../../../plugins/channels/whatsapp-cloud/fixtures`;
const FB_FIXTURES = `${import.meta.dir}/../../../plugins/channels/facebook/fixtures`;
const OUTLET = "682498302938466";
const WA_MESSAGES = `/${FAKE_IDS.phoneNumberId}/messages`;
const FB_LOGIN = { facebookUserId: FAKE_IDS.userId, facebookUserToken: FAKE_IDS.userShortToken };

let fake: FakeGraph;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  fake = await FakeGraph.start();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.reset();
  t = await createTestApp({ META_GRAPH_URL: fake.url, META_APP_ID: FAKE_IDS.appId, META_APP_SECRET: FAKE_IDS.appSecret });
  admin = await login(t, ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

const facebookLogin = (body: Record<string, unknown>, token = admin) => t.json("POST", "/api/facebook", { token, body });
const setPlan = (values: Record<string, number>) => t.ctx.db.updateTable("plans").set(values).where("id", "=", 1).execute();
const connections = () =>
  t.ctx.db.selectFrom("connections").select(["id", "channel", "name", "status", "config"]).where("deletedAt", "is", null).orderBy("id").execute();
const message = (id: number) => t.ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Meta delivers a signed webhook to the shared endpoint; answers the status once stored. */
async function deliverToMeta(payload: unknown): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, FAKE_IDS.appSecret);
  const res = await t.request("POST", "/api/webhooks/meta", { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}

describe("POST /api/facebook (the login flow)", () => {
  test("one CONNECTED facebook connection per Page, without secrets in the answer; the Page's webhooks reach it", async () => {
    const res = await facebookLogin({ ...FB_LOGIN, addInstagram: false });
    expect(res.status).toBe(200);
    expect(res.body.connections.map((c: { channel: string; name: string }) => [c.channel, c.name])).toEqual([
      ["facebook", "Lucky Shrub"],
      ["facebook", "Lucky Shrub Outlet"],
    ]);
    expect(res.body).toMatchObject({ renewed: [], skipped: [] });
    expect(res.body.connections[0].token).toBeUndefined();
    expect(res.body.connections[0].config).toEqual({ pageId: FAKE_IDS.pageId, humanAgentTag: false });
    expect(JSON.stringify(res.body)).not.toContain("EAAJB-fake-page-access-token");
    expect(fake.find("POST", `/${FAKE_IDS.pageId}/subscribed_apps`)).toHaveLength(1);
    expect(fake.find("POST", `/${OUTLET}/subscribed_apps`)).toHaveLength(1);

    await t.ctx.channels.idle(); // sessions start in the background
    const rows = await connections();
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ["Lucky Shrub", "CONNECTED"],
      ["Lucky Shrub Outlet", "CONNECTED"],
    ]);
    const payload = loadFixture(FB_FIXTURES, "reply").payload;
    expect(await deliverToMeta(payload)).toBe(200);
    const stored = await t.ctx.db
      .selectFrom("messages")
      .select(["connectionId", "body"])
      .where("externalId", "=", payload.entry[0].messaging[0].message.mid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ connectionId: rows[0]!.id, body: "hello, world!" });
  });

  test("addInstagram: one instagram connection per Page with a professional account; the Page without one is skipped", async () => {
    const res = await facebookLogin({ ...FB_LOGIN, addInstagram: true });
    expect(res.status).toBe(200);
    expect(res.body.connections.map((c: { channel: string; name: string; config: unknown }) => [c.channel, c.name, c.config])).toEqual([
      ["instagram", "luckyshrub", { pageId: FAKE_IDS.pageId, instagramAccountId: FAKE_IDS.igAccountId, humanAgentTag: false }],
    ]);
    expect(res.body.skipped).toEqual([{ pageId: OUTLET, name: "Lucky Shrub Outlet", reason: "No Instagram professional account linked to this Page" }]);
    await t.ctx.channels.idle();
    expect((await connections()).map((r) => r.status)).toEqual(["CONNECTED"]);
  });

  test("logging in again renews the token of a Page already connected instead of connecting it twice", async () => {
    await facebookLogin(FB_LOGIN);
    await t.ctx.channels.idle();
    const page = fake.pages.get(FAKE_IDS.pageId)!;
    const renewedToken = "EAAJB-fake-renewed-page-token-5555555555555";
    page.token = renewedToken;
    try {
      const again = await facebookLogin(FB_LOGIN);
      expect(again.status).toBe(200);
      expect(again.body.connections).toEqual([]);
      expect(again.body.renewed.map((c: { name: string }) => c.name)).toEqual(["Lucky Shrub", "Lucky Shrub Outlet"]);
      await t.ctx.channels.idle();
      const rows = await connections();
      expect(rows).toHaveLength(2);
      expect(JSON.parse(rows[0]!.config).pageAccessToken).toBe(renewedToken);
      expect(rows.map((r) => r.status)).toEqual(["CONNECTED", "CONNECTED"]);
      // The restarted session checked the new token.
      expect(fake.last("GET", `/${FAKE_IDS.pageId}`)!.query.access_token).toBe(renewedToken);
    } finally {
      page.token = FAKE_IDS.pageToken;
    }
  });

  test("Meta's refusals: an expired login 400 ERR_META_TOKEN_EXPIRED, throttling 429, an outage 502; nothing is created", async () => {
    const expired = await facebookLogin({ ...FB_LOGIN, facebookUserToken: "EAAJB-a-login-token-meta-no-longer-knows" });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe("ERR_META_TOKEN_EXPIRED");
    fake.failNext({ method: "GET", path: `/${FAKE_IDS.userId}/accounts` }, "appRateLimit");
    const throttled = await facebookLogin(FB_LOGIN);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ error: "ERR_RATE_LIMITED", retryAfter: 60 });
    fake.failNext({ method: "GET", path: "/oauth/access_token" }, "serverError");
    const down = await facebookLogin(FB_LOGIN);
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ error: "ERR_META_REQUEST_FAILED", message: expect.stringContaining("Please retry your request later") });
    expect(await connections()).toEqual([]);
  });

  test("GET /api/facebook/webhook: the callback URL and verify token for the App Dashboard, for the super user only", async () => {
    const res = await t.json("GET", "/api/facebook/webhook", { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ path: "/api/webhooks/meta", url: null, verifyToken: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const verify = await t.request("GET", `/api/webhooks/meta?hub.mode=subscribe&hub.challenge=4242&hub.verify_token=${res.body.verifyToken}`);
    expect(await verify.text()).toBe("4242");
    const plainAdmin = await createUser(t, { companyId: 1, profile: "admin", name: "Company admin" });
    expect((await t.json("GET", "/api/facebook/webhook", { token: plainAdmin.token })).status).toBe(403);
  });

  test("without META_APP_ID and META_APP_SECRET: 403 ERR_META_NOT_CONFIGURED", async () => {
    const bare = await createTestApp({ META_GRAPH_URL: fake.url });
    try {
      const res = await bare.json("POST", "/api/facebook", { token: await login(bare, ADMIN.email, ADMIN.password), body: FB_LOGIN });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_META_NOT_CONFIGURED");
    } finally {
      await bare.close();
    }
  });

  test("connections-page:addConnection, the plan flag of the channel asked for, and malformed bodies", async () => {
    const agent = await createUser(t, { companyId: 1, profile: "user", name: "Agent" });
    expect((await facebookLogin(FB_LOGIN, agent.token)).body.error).toBe("ERR_NO_PERMISSION");
    await setPlan({ useFacebook: 0 });
    const gated = await facebookLogin(FB_LOGIN);
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await facebookLogin({ ...FB_LOGIN, addInstagram: true })).status).toBe(200);
    await setPlan({ useInstagram: 0 });
    expect((await facebookLogin({ ...FB_LOGIN, addInstagram: true })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    const bad = await facebookLogin({ facebookUserId: "me", addInstagram: "yes" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["addInstagram", "facebookUserId", "facebookUserToken"]);
  });

  test("the plan's connection limit: what fits is created and the rest skipped; with no room at all 403", async () => {
    await setPlan({ connections: 1 });
    const res = await facebookLogin(FB_LOGIN);
    expect(res.status).toBe(200);
    expect(res.body.connections.map((c: { name: string }) => c.name)).toEqual(["Lucky Shrub"]);
    expect(res.body.skipped).toEqual([{ pageId: OUTLET, name: "Lucky Shrub Outlet", reason: "The company's plan allows 1 connections" }]);
    const full = await facebookLogin({ ...FB_LOGIN, addInstagram: true });
    expect(full.status).toBe(403);
    expect(full.body).toMatchObject({ error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 1 });
    expect(await connections()).toHaveLength(1);
  });

  test("a restart restores the sessions: CONNECTED again, and the shared endpoint reaches them", async () => {
    await facebookLogin({ ...FB_LOGIN, addInstagram: false });
    await t.ctx.channels.idle();
    t = await t.restart();
    await t.ctx.channels.idle();
    expect((await connections()).map((r) => r.status)).toEqual(["CONNECTED", "CONNECTED"]);
    const payload = loadFixture(FB_FIXTURES, "text-quick-reply").payload;
    expect(await deliverToMeta(payload)).toBe(200);
    const mid = payload.entry[0].messaging[0].message.mid as string;
    expect(await t.ctx.db.selectFrom("messages").select(["body", "fromMe"]).where("externalId", "=", mid).executeTakeFirst()).toEqual({
      body: payload.entry[0].messaging[0].message.text,
      fromMe: 0,
    });
  });
});

/** A Cloud API connection of the company on the fake's number, CONNECTED. */
async function cloudConnection(companyId = 1): Promise<number> {
  const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
  const { id } = await createConnection(t.ctx, companyId, { name: "Cloud API", channel: "whatsappapi", config });
  await t.ctx.channels.idle();
  return id;
}

/** The contact writes (Meta's documented text example) and the admin accepts the ticket; answers the ticket id. */
async function conversation(connectionId: number): Promise<number> {
  const payload = loadFixture(WA_FIXTURES, "text").payload;
  // Written just now: the reply window counts from the message's own timestamp, and the fixture's is years old.
  payload.entry[0].changes[0].value.messages[0].timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
  expect((await t.request("POST", `/api/webhooks/whatsappapi/${connectionId}`, { body: rawBody, headers })).status).toBe(200);
  await t.ctx.channels.idle();
  const { ticketId } = await t.ctx.db
    .selectFrom("messages")
    .select("ticketId")
    .where("externalId", "=", payload.entry[0].changes[0].value.messages[0].id)
    .executeTakeFirstOrThrow();
  expect((await t.json("PUT", `/api/tickets/${ticketId}`, { token: admin, body: { status: "open" } })).status).toBe(200);
  return ticketId;
}

const sendText = async (ticketId: number, body: string) =>
  t.json("POST", `/api/messages/${ticketId}`, { token: await login(t, ADMIN.email, ADMIN.password), body: { body } });
const sendTemplate = async (ticketId: number, body: Record<string, unknown>) =>
  t.json("POST", `/api/messages/${ticketId}/template`, { token: await login(t, ADMIN.email, ADMIN.password), body });
const ORDER_UPDATE = {
  name: "order_update",
  language: "pt_BR",
  components: [
    {
      type: "body",
      parameters: [
        { type: "text", text: "Maria" },
        { type: "text", text: "#1234" },
      ],
    },
  ],
};

describe("WhatsApp templates", () => {
  test("GET /api/whatsapp/:id/templates: the approved ones, for any user of the company; other channels, companies and plans refused", async () => {
    const id = await cloudConnection();
    const agent = await createUser(t, { companyId: 1, profile: "user", name: "Agent" });
    const list = await t.json("GET", `/api/whatsapp/${id}/templates`, { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { name: string; language: string }) => `${x.name}/${x.language}`)).toEqual(["hello_world/en_US", "order_update/pt_BR"]);
    expect(list.body[1]).toMatchObject({
      status: "APPROVED",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} foi enviado." }],
    });

    const other = await createCompany(t, { name: "Beta" });
    expect((await t.json("GET", `/api/whatsapp/${id}/templates`, { token: other.admin.token })).status).toBe(404);
    const page = await createConnection(t.ctx, 1, {
      name: "Page",
      channel: "facebook",
      config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken },
    });
    expect((await t.json("GET", `/api/whatsapp/${page.id}/templates`, { token: admin })).body.error).toBe("ERR_CHANNEL_UNSUPPORTED");
    await setPlan({ useWhatsapp: 0 });
    expect((await t.json("GET", `/api/whatsapp/${id}/templates`, { token: admin })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
  });

  test("after 24 h without a message from the contact only a template goes out: stored as mediaType template, sent as Meta takes it", async () => {
    const ticketId = await conversation(await cloudConnection());
    const { uuid } = await t.ctx.db.selectFrom("tickets").select("uuid").where("id", "=", ticketId).executeTakeFirstOrThrow();
    const fresh = (await t.json("GET", `/api/tickets/u/${uuid}`, { token: admin })).body.replyWindow;
    expect(fresh).toMatchObject({ hours: 24, closesAt: expect.any(String) });
    t.clock.advance(25 * HOUR);
    // The conversation screen's two reads of the ticket carry the closed window (the picker's cue).
    const agentToken = await login(t, ADMIN.email, ADMIN.password);
    expect((await t.json("GET", `/api/tickets/u/${uuid}`, { token: agentToken })).body.replyWindow).toEqual({ hours: 24, lastInboundAt: null, closesAt: null });
    expect((await t.json("GET", `/api/messages/${ticketId}`, { token: agentToken })).body.ticket.replyWindow).toMatchObject({ closesAt: null });
    const refused = await sendText(ticketId, "Are you still there?");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("ERR_OUTSIDE_WINDOW");
    const firstResponseAt = async () =>
      (await t.ctx.db.selectFrom("tickets").select("firstResponseAt").where("id", "=", ticketId).executeTakeFirstOrThrow()).firstResponseAt;
    expect(await firstResponseAt()).toBeNull();

    const res = await sendTemplate(ticketId, ORDER_UPDATE);
    expect(res.status).toBe(200);
    // The template is the agent's first answer to the contact's message.
    expect(await firstResponseAt()).not.toBeNull();
    expect(res.body.message).toMatchObject({
      mediaType: "template",
      body: "Olá Maria, seu pedido #1234 foi enviado.",
      fromMe: true,
      data: { template: ORDER_UPDATE },
    });
    await t.ctx.channels.idle();
    const row = await message(res.body.message.id);
    expect(row).toMatchObject({ sendStatus: "sent", ack: 1 });
    expect(row.externalId).toStartWith("wamid.");
    expect(fake.last("POST", WA_MESSAGES)!.json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "16505551234",
      type: "template",
      template: { name: "order_update", language: { code: "pt_BR" }, components: ORDER_UPDATE.components },
    });

    for (const unknown of [
      { name: "nope", language: "en_US" },
      { name: "pending_review", language: "en_US" },
      { name: "order_update", language: "en_US" },
    ]) {
      const r = await sendTemplate(ticketId, unknown);
      expect(r.status).toBe(400);
      expect(r.body.fields).toEqual({ name: "Unknown template" });
    }
    expect((await sendTemplate(ticketId, { name: "hello_world", language: "en_US", components: [{ parameters: [] }] })).body.fields).toMatchObject({
      "components.0.type": "Required",
    });
  });

  test("a template needs the same right to send as any message: an open ticket the agent can see", async () => {
    const ticketId = await conversation(await cloudConnection());
    await t.json("PUT", `/api/tickets/${ticketId}`, { token: admin, body: { status: "closed" } });
    const res = await sendTemplate(ticketId, ORDER_UPDATE);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
  });
});

describe("Graph refusals of a send", () => {
  test("a throughput limit (130429) queues the message again with Meta's hint; it goes out on the next attempt", async () => {
    const ticketId = await conversation(await cloudConnection());
    fake.failNext({ method: "POST", path: WA_MESSAGES }, "throughputLimit");
    const res = await sendText(ticketId, "Thanks for waiting");
    await t.ctx.channels.idle();
    const waiting = await message(res.body.message.id);
    expect(waiting).toMatchObject({ sendStatus: "queued", attempts: 1, errorCode: "RATE_LIMITED" });
    expect(waiting.errorMessage).toContain("130429");
    expect(Date.parse(waiting.retryAt!) - Date.parse(waiting.updatedAt)).toBe(5_000);
    const shown = (await t.json("GET", `/api/messages/${ticketId}`, { token: await login(t, ADMIN.email, ADMIN.password) })).body.messages as {
      id: number;
      retryAt: string | null;
    }[];
    expect(shown.find((m) => m.id === res.body.message.id)?.retryAt).toBe(waiting.retryAt);

    t.clock.advance(5_000);
    await t.ctx.channels.outbound.retryDue();
    await t.ctx.channels.idle();
    expect(await message(res.body.message.id)).toMatchObject({ sendStatus: "sent", attempts: 2, errorCode: null, retryAt: null });
    expect(fake.find("POST", WA_MESSAGES).map((r) => [r.status, r.json.text.body])).toEqual([
      [400, "Thanks for waiting"],
      [200, "Thanks for waiting"],
    ]);
  });

  test("an expired token on a send (190): the message fails, the connection goes DISCONNECTED once, one notice to the web app", async () => {
    const connectionId = await cloudConnection();
    const ticketId = await conversation(connectionId);
    const statuses: string[] = [];
    const emit = t.ctx.hub.emit.bind(t.ctx.hub);
    t.ctx.hub.emit = ((companyId: number, event: string, data: any, opts?: never) => {
      if (event === `company-${companyId}-whatsappSession` && data.session.id === connectionId) statuses.push(data.session.status);
      return emit(companyId, event, data, opts);
    }) as typeof t.ctx.hub.emit;
    fake.revokeToken(FAKE_IDS.waToken);
    try {
      const res = await sendText(ticketId, "Hello?");
      await t.ctx.channels.idle();
      expect(await message(res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "AUTH_EXPIRED" });
      expect(statuses).toEqual(["DISCONNECTED"]);
      expect((await t.ctx.db.selectFrom("connections").select("status").where("id", "=", connectionId).executeTakeFirstOrThrow()).status).toBe("DISCONNECTED");
    } finally {
      fake.revokedTokens.delete(FAKE_IDS.waToken);
    }
  });
});
