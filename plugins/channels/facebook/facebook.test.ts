/**
 * The facebook plugin end to end against the fake Graph API: documented Messenger webhook payloads delivered,
 * signed, to the shared /api/webhooks/meta endpoint, and the Send API requests the fake received.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { ChannelSession, InboundMessage, OutboundMessage } from "../../../src/channels/adapter";
import {
  createFakeHost,
  deliver,
  FAKE_IDS,
  FakeGraph,
  serveWebhooks,
  verifySubscription,
  type FakeHost,
  type WebhookServer,
} from "../../../tests/fakes/meta-graph";
import { facebookConfigSchema } from "../_meta-graph/messenger/config";
import { createMetaPlugins, type MetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";

const FIXTURES = `${import.meta.dir}/fixtures`;
const PSID = "1254459154682919";
const SECRET = FAKE_IDS.appSecret;

let fake: FakeGraph;
let meta: MetaPlugins;
let server: WebhookServer;
let url: string;
let fh: FakeHost;
let session: ChannelSession;
const config = facebookConfigSchema.parse({ pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken });

const fixture = (name: string) => loadFixture(FIXTURES, name).payload;
const out = (o: Partial<OutboundMessage> = {}): OutboundMessage => ({ messageId: 1, ticketId: 1, to: { chatId: PSID, isGroup: false }, body: "", ...o });
const proof = createHmac("sha256", SECRET).update(FAKE_IDS.pageToken).digest("hex");
const warnings: string[] = [];
const quiet = { warn: (msg: string) => void warnings.push(msg) };
const sends = () => fake.find("POST", `/${FAKE_IDS.pageId}/messages`);

async function startSession(cfg = config) {
  fh = createFakeHost({ id: 21, companyId: 2, channel: "facebook" });
  session = meta.facebook.createSession(fh.host, cfg);
  await session.start();
}

beforeAll(async () => {
  fake = await FakeGraph.start();
  fake.addProfile(PSID, {
    first_name: "Peter",
    last_name: "Chang",
    profile_pic: "https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1254459154682919",
  });
  meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: SECRET, log: quiet });
  server = serveWebhooks({ meta: meta.facebook.sharedWebhooks!.routes });
  url = server.urlFor("meta");
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  fake.closedWindows.clear();
  await startSession();
});
afterEach(() => session.stop());

describe("session and webhook endpoint", () => {
  test("start checks the Page token (access_token + appsecret_proof) and reports CONNECTED", () => {
    expect(fh.statuses.map((s) => s.status)).toEqual(["OPENING", "CONNECTED"]);
    const req = fake.last("GET", `/${FAKE_IDS.pageId}`)!;
    expect(req.query).toMatchObject({ access_token: FAKE_IDS.pageToken, appsecret_proof: proof, fields: "id,name" });
  });

  test("GET verification with the app's verify token (derived from META_APP_SECRET)", async () => {
    const token = meta.facebook.accounts!.verifyToken()!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const ok = await verifySubscription(url, token, "challenge-123");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("challenge-123");
    expect((await verifySubscription(url, "nope")).status).toBe(403);
  });

  test("signatures: missing 401, wrong 403, never processed", async () => {
    expect((await deliver(url, fixture("text-quick-reply"), SECRET, { signature: null })).status).toBe(401);
    expect((await deliver(url, fixture("text-quick-reply"), "wrong-secret")).status).toBe(403);
    expect(fh.inbound).toEqual([]);
    expect(fh.logs.some((l) => l.includes("bad X-Hub-Signature-256"))).toBe(true);
  });

  test("without META_APP_SECRET nothing is processed: 403 ERR_META_NOT_CONFIGURED (a refusal, never a 5xx)", async () => {
    const bare = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: "", log: quiet });
    const s = serveWebhooks({ meta: bare.metaWebhooks });
    const res = await deliver(s.urlFor("meta"), fixture("text-quick-reply"), SECRET);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "ERR_META_NOT_CONFIGURED" });
    expect((await verifySubscription(s.urlFor("meta"), "anything")).status).toBe(403);
    expect(warnings).toContain("Meta webhook refused: META_APP_SECRET is not configured");
    await s.stop();
  });

  test("entries of another Page are skipped; after stop nothing reaches the host", async () => {
    const other = fixture("text-quick-reply");
    other.entry[0].id = "999000999000";
    expect((await deliver(url, other, SECRET)).status).toBe(200);
    await session.stop();
    expect((await deliver(url, fixture("text-quick-reply"), SECRET)).status).toBe(200);
    expect(fh.inbound).toEqual([]);
  });
});

describe("inbound (documented payloads)", () => {
  test("text with a quick reply; sender name and picture from the User Profile API, cached", async () => {
    expect((await deliver(url, fixture("text-quick-reply"), SECRET)).status).toBe(200);
    await deliver(url, fixture("reply"), SECRET);
    const [m, r] = fh.inbound as InboundMessage[];
    expect(m).toMatchObject({
      type: "message",
      externalId: "mid.1457764197618:41d102a3e1ae206a38",
      fromMe: false,
      body: "hello, world!",
      timestamp: 1458692752478,
      data: { quickReply: { payload: "DEVELOPER_DEFINED_PAYLOAD" } },
      chat: { id: PSID, name: "Peter Chang", picture: "https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1254459154682919" },
    });
    expect(r).toMatchObject({ quotedExternalId: "m_1fTq8oLumEyIp3Q2MR-aY7IfLZDamVrALniheU", body: "hello, world!" });
    const profile = fake.find("GET", `/${PSID}`);
    expect(profile).toHaveLength(1);
    expect(profile[0]!.query.fields).toBe("first_name,last_name,profile_pic");
  });

  test("image and file attachments are downloaded from their URL", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2]);
    const img = fixture("image");
    img.entry[0].messaging[0].message.attachments[0].payload.url = fake.addCdnFile("shirt.png", png, "image/png");
    await deliver(url, img, SECRET);
    const pdf = new TextEncoder().encode("%PDF-1.7");
    const file = fixture("file");
    file.entry[0].messaging[0].message.attachments[0].payload.url = fake.addCdnFile("menu.pdf", pdf, "application/pdf");
    await deliver(url, file, SECRET);
    expect(fh.inbound.map((e) => (e as InboundMessage).media?.name)).toEqual(["shirt.png", "menu.pdf"]);
    expect(fh.media.get("mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c")).toEqual(png);
    expect(fh.media.get("mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_d")).toEqual(pdf);
  });

  test("location and fallback (shared link) attachments", async () => {
    await deliver(url, fixture("location"), SECRET);
    await deliver(url, fixture("fallback"), SECRET);
    const [loc, link] = fh.inbound as InboundMessage[];
    expect(loc!.location).toEqual({ latitude: 37.483307, longitude: -122.148981, name: "Philz Coffee" });
    expect(link).toMatchObject({ body: "Spring collection\nhttps://www.luckyshrub.com/spring/", data: { attachment: { type: "fallback" } } });
  });

  test("an echo (sent from the Page inbox) is fromMe, in the person's chat", async () => {
    await deliver(url, fixture("echo"), SECRET);
    expect(fh.inbound[0]).toMatchObject({
      type: "message",
      fromMe: true,
      externalId: "mid.1457764197618:41d102a3e1ae206a39",
      body: "We open at 9 tomorrow.",
      chat: { id: PSID, name: "Peter Chang" },
    });
  });

  test("postback button and ad referral", async () => {
    await deliver(url, fixture("postback"), SECRET);
    await deliver(url, fixture("ad-referral"), SECRET);
    const [pb, ad] = fh.inbound as InboundMessage[];
    expect(pb).toMatchObject({
      externalId: "m_1457764197618:41d102a3e1ae206a38",
      body: "TITLE-FOR-THE-CTA",
      data: { postback: { payload: "USER-DEFINED-PAYLOAD" } },
    });
    expect(ad).toMatchObject({
      kind: "adMetaPreview",
      body: "Spring succulents",
      externalId: `referral:${PSID}:1458692752478`,
      data: { referral: { title: "Spring succulents", sourceId: "6045246247433", source: "ADS" } },
    });
  });

  test("reactions and their removal", async () => {
    await deliver(url, fixture("reaction"), SECRET);
    await deliver(url, fixture("unreaction"), SECRET);
    expect(fh.inbound).toMatchObject([
      { type: "reaction", externalId: "m_ourMessage1", emoji: "❤️", fromMe: false },
      { type: "reaction", externalId: "m_ourMessage1", emoji: "" },
    ]);
  });

  test("deliveries ack the listed mids; reads ack our messages sent up to the watermark", async () => {
    fh.clock.set(new Date(1458668850000));
    const a = await session.send(out({ body: "first" }));
    fh.clock.set(new Date(1458668860000));
    const b = await session.send(out({ body: "second" }));
    await deliver(url, fixture("delivery"), SECRET);
    expect(fh.acks).toEqual([{ externalId: "mid.1458668856218:ed81099e15d3f4f233", ack: 2 }]);
    await deliver(url, fixture("read"), SECRET); // watermark 1458668856253: only the first
    expect(fh.acks.slice(1)).toEqual([{ externalId: a.externalId, ack: 3 }]);
    const later = fixture("read");
    later.entry[0].messaging[0].read.watermark = 1458668870000;
    await deliver(url, later, SECRET);
    expect(fh.acks.slice(2)).toEqual([{ externalId: b.externalId, ack: 3 }]);
  });
});

describe("Send API requests", () => {
  test("text", async () => {
    const { externalId } = await session.send(out({ body: "Hi Peter!" }));
    expect(externalId).toStartWith("m_");
    const req = sends().at(-1)!;
    expect(req.query).toMatchObject({ access_token: FAKE_IDS.pageToken, appsecret_proof: proof });
    expect(req.json).toEqual({ recipient: { id: PSID }, message: { text: "Hi Peter!" }, messaging_type: "RESPONSE" });
  });

  test("a reply carries reply_to.mid", async () => {
    await session.send(out({ body: "This one?", quoted: { externalId: "m_theirs", chatId: PSID, fromMe: false } }));
    expect(sends().at(-1)!.json).toEqual({
      recipient: { id: PSID },
      message: { text: "This one?" },
      reply_to: { mid: "m_theirs" },
      messaging_type: "RESPONSE",
    });
  });

  test("media is uploaded to message_attachments, sent by attachment_id; the caption follows and its echo is ignored", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 9]);
    const { externalId } = await session.send(
      out({ body: "New arrivals", media: { mime: "image/jpeg", name: "arrivals.jpg", size: 4, kind: "image", read: async () => bytes, url: "/api/media/k" } }),
    );
    const upload = fake.last("POST", `/${FAKE_IDS.pageId}/message_attachments`)!;
    expect(JSON.parse(upload.form!.message as string)).toEqual({ attachment: { type: "image", payload: { is_reusable: true } } });
    expect(upload.form!.filedata).toEqual({ name: "arrivals.jpg", type: "image/jpeg", bytes });
    const attachmentId = (upload.response as { attachment_id: string }).attachment_id;
    const [media, caption] = sends();
    expect(media!.json).toEqual({
      recipient: { id: PSID },
      message: { attachment: { type: "image", payload: { attachment_id: attachmentId } } },
      messaging_type: "RESPONSE",
    });
    expect(caption!.json).toEqual({ recipient: { id: PSID }, message: { text: "New arrivals" }, messaging_type: "RESPONSE" });
    expect(externalId).toBe((media!.response as { message_id: string }).message_id);
    // The echo of the caption is ours; the echo of the attachment goes to the core (which knows its id).
    const echo = fixture("echo");
    echo.entry[0].messaging[0].message.mid = (caption!.response as { message_id: string }).message_id;
    await deliver(url, echo, SECRET);
    expect(fh.inbound).toEqual([]);
  });

  test("a contact card goes as text", async () => {
    await session.send(out({ vCard: "BEGIN:VCARD\nVERSION:3.0\nFN:Barbara Johnson\nTEL;type=CELL:+1 650 555 1234\nEND:VCARD" }));
    expect(sends().at(-1)!.json.message).toEqual({ text: "Barbara Johnson\n+1 650 555 1234" });
  });

  test("outside the 24-hour window: OUTSIDE_WINDOW, or the HUMAN_AGENT tag when the connection enables it", async () => {
    fake.closeWindow(PSID);
    await expect(session.send(out({ body: "Still there?" }))).rejects.toMatchObject({ code: "OUTSIDE_WINDOW" });
    await session.stop();
    await startSession({ ...config, humanAgentTag: true });
    fake.reset();
    const { externalId } = await session.send(out({ body: "Your order shipped." }));
    expect(externalId).toStartWith("m_");
    expect(sends().map((r) => [r.status, r.json.messaging_type, r.json.tag])).toEqual([
      [400, "RESPONSE", undefined],
      [200, "MESSAGE_TAG", "HUMAN_AGENT"],
    ]);
  });

  test("reactions: sender_action react with the reaction name, unreact; an emoji Messenger lacks is UNSUPPORTED", async () => {
    const ref = { externalId: "m_theirs", chatId: PSID, fromMe: false };
    await session.react!(ref, "👍");
    expect(sends().at(-1)!.json).toEqual({ recipient: { id: PSID }, sender_action: "react", payload: { message_id: "m_theirs", reaction: "like" } });
    await session.react!(ref, "");
    expect(sends().at(-1)!.json).toEqual({ recipient: { id: PSID }, sender_action: "unreact", payload: { message_id: "m_theirs" } });
    await expect(session.react!(ref, "🦄")).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  test("markRead sends mark_seen once per chat", async () => {
    await session.markRead!([
      { externalId: "m_1", chatId: PSID, fromMe: false },
      { externalId: "m_2", chatId: PSID, fromMe: false },
    ]);
    expect(sends().map((r) => r.json)).toEqual([{ recipient: { id: PSID }, sender_action: "mark_seen" }]);
  });

  test("profilePicture", async () => {
    expect(await session.profilePicture!(PSID)).toBe("https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1254459154682919");
  });
});

describe("errors", () => {
  test("190: AUTH_EXPIRED thrown and reported lost once", async () => {
    fake.failNext({ path: `/${FAKE_IDS.pageId}/messages` }, "tokenExpired", 2);
    await expect(session.send(out({ body: "a" }))).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    await expect(session.send(out({ body: "b" }))).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    expect(fh.lost.map((e) => e.code)).toEqual(["AUTH_EXPIRED"]);
  });

  test("551 is NOT_ON_CHANNEL, 613 RATE_LIMITED, 4 RATE_LIMITED", async () => {
    fake.failNext({ path: `/${FAKE_IDS.pageId}/messages` }, "personUnavailable");
    await expect(session.send(out({ body: "a" }))).rejects.toMatchObject({ code: "NOT_ON_CHANNEL", message: "(#551) This person isn't available right now." });
    fake.failNext(
      { path: `/${FAKE_IDS.pageId}/messages` },
      { status: 400, body: { error: { message: "(#613) Calls to this api have exceeded the rate limit.", type: "OAuthException", code: 613 } } },
    );
    await expect(session.send(out({ body: "a" }))).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterMs: 60_000 });
    fake.failNext({ path: `/${FAKE_IDS.pageId}/messages` }, "appRateLimit");
    await expect(session.send(out({ body: "a" }))).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
