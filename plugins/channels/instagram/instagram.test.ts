/**
 * The instagram plugin end to end against the fake Graph API, sharing the /api/webhooks/meta endpoint with a
 * facebook session of the same Page.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { ChannelSession, InboundMessage, OutboundMessage } from "../../../src/channels/adapter";
import { createFakeHost, deliver, FAKE_IDS, FakeGraph, serveWebhooks, type FakeHost, type WebhookServer } from "../../../tests/fakes/meta-graph";
import { facebookConfigSchema, instagramConfigSchema } from "../_meta-graph/messenger/config";
import { createMetaPlugins, type MetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";

const FIXTURES = `${import.meta.dir}/fixtures`;
const IGSID = "1914111735409283";
const SECRET = FAKE_IDS.appSecret;
const OURS = "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDA1ODIyMzA0OTE0OjM0MDI4MjM2NjgOURS";

let fake: FakeGraph;
let meta: MetaPlugins;
let server: WebhookServer;
let url: string;
let fh: FakeHost;
let session: ChannelSession;
const config = instagramConfigSchema.parse({ pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, instagramAccountId: FAKE_IDS.igAccountId });

const fixture = (name: string) => loadFixture(FIXTURES, name).payload;
const out = (o: Partial<OutboundMessage> = {}): OutboundMessage => ({ messageId: 1, ticketId: 1, to: { chatId: IGSID, isGroup: false }, body: "", ...o });
const sends = () => fake.find("POST", `/${FAKE_IDS.pageId}/messages`);

beforeAll(async () => {
  fake = await FakeGraph.start();
  fake.addProfile(IGSID, { name: "Ana Costa", username: "ana.costa", profile_pic: "https://scontent.cdninstagram.com/v/ana.jpg" });
  meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: SECRET, publicUrl: "https://desk.example.com" });
  server = serveWebhooks({ meta: meta.metaWebhooks });
  url = server.urlFor("meta");
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  fake.closedWindows.clear();
  fh = createFakeHost({ id: 31, companyId: 2, channel: "instagram" });
  session = meta.instagram.createSession(fh.host, config);
  await session.start();
});
afterEach(() => session.stop());

describe("session", () => {
  test("start checks the Instagram account with the Page token", () => {
    expect(fh.statuses.map((s) => s.status)).toEqual(["OPENING", "CONNECTED"]);
    expect(fake.last("GET", `/${FAKE_IDS.igAccountId}`)!.query).toMatchObject({ fields: "id,username", access_token: FAKE_IDS.pageToken });
  });

  test("the instagram account id is required", () => {
    expect(instagramConfigSchema.safeParse({ pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken }).success).toBe(false);
  });

  test("object instagram reaches the Instagram session, object page the Facebook one", async () => {
    const fbHost = createFakeHost({ id: 32, channel: "facebook" });
    const fb = meta.facebook.createSession(fbHost.host, facebookConfigSchema.parse({ pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken }));
    await fb.start();
    await deliver(url, fixture("text"), SECRET);
    const fbPayload = loadFixture(`${import.meta.dir}/../facebook/fixtures`, "text-quick-reply").payload;
    await deliver(url, fbPayload, SECRET);
    expect(fh.inbound.map((e) => e.externalId)).toEqual([fixture("text").entry[0].messaging[0].message.mid]);
    expect(fbHost.inbound.map((e) => e.externalId)).toEqual(["mid.1457764197618:41d102a3e1ae206a38"]);
    await fb.stop();
  });
});

describe("inbound (documented payloads)", () => {
  test("text: name and picture from GET /{igsid}?fields=name,username,profile_pic", async () => {
    expect((await deliver(url, fixture("text"), SECRET)).status).toBe(200);
    expect(fh.inbound[0]).toMatchObject({
      type: "message",
      fromMe: false,
      body: "Do you ship to Lisbon?",
      timestamp: 1569262485349,
      chat: { id: IGSID, name: "Ana Costa", picture: "https://scontent.cdninstagram.com/v/ana.jpg" },
    });
    expect(fake.last("GET", `/${IGSID}`)!.query.fields).toBe("name,username,profile_pic");
  });

  test("an image is referenced by its CDN link, not copied (Meta's CDN policy)", async () => {
    await deliver(url, fixture("image"), SECRET);
    const m = fh.inbound[0] as InboundMessage;
    expect(m.media).toBeUndefined();
    expect(m.body).toStartWith("https://scontent.xx.fbcdn.net/");
    expect(m.data).toEqual({ attachment: { type: "image", url: m.body } });
  });

  test("with downloadInstagramMedia the image is stored like any other", async () => {
    const local = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: SECRET, downloadInstagramMedia: true });
    const s = serveWebhooks({ meta: local.metaWebhooks });
    const h = createFakeHost({ id: 33, channel: "instagram" });
    const sess = local.instagram.createSession(h.host, config);
    await sess.start();
    const payload = fixture("image");
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 7]);
    payload.entry[0].messaging[0].message.attachments[0].payload.url = fake.addCdnFile("ig.jpg", bytes, "image/jpeg");
    await deliver(s.urlFor("meta"), payload, SECRET);
    expect(h.media.get(payload.entry[0].messaging[0].message.mid)).toEqual(bytes);
    await sess.stop();
    await s.stop();
  });

  test("story reply and story mention keep the story link only", async () => {
    await deliver(url, fixture("story-reply"), SECRET);
    await deliver(url, fixture("story-mention"), SECRET);
    const [reply, mention] = fh.inbound as InboundMessage[];
    expect(reply).toMatchObject({
      body: "Love this one!",
      data: { storyReply: { id: "17954170374017719", url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17954170374017719&signature=AbX" } },
    });
    expect(mention).toMatchObject({
      body: "Mentioned you in their story",
      data: { storyMention: { url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17887498072083520&signature=AbY" } },
    });
    expect(mention!.media).toBeUndefined();
  });

  test("reply, quick reply, postback", async () => {
    await deliver(url, fixture("reply"), SECRET);
    await deliver(url, fixture("quick-reply"), SECRET);
    await deliver(url, fixture("postback"), SECRET);
    expect(fh.inbound).toMatchObject([
      { quotedExternalId: OURS, body: "Yes, that one" },
      { body: "Red", data: { quickReply: { payload: "COLOR_RED" } } },
      { body: "Track my order", data: { postback: { payload: "ICEBREAKER_TRACK" } } },
    ]);
  });

  test("echo (sent from the Instagram app) is fromMe; deleted is a revoke; unsupported is readable", async () => {
    await deliver(url, fixture("echo"), SECRET);
    await deliver(url, fixture("deleted"), SECRET);
    await deliver(url, fixture("unsupported"), SECRET);
    expect(fh.inbound).toMatchObject([
      { type: "message", fromMe: true, body: "Yes! Shipping takes 5 days.", chat: { id: IGSID } },
      { type: "revoke", externalId: fixture("text").entry[0].messaging[0].message.mid },
      { type: "message", body: "[Unsupported message]" },
    ]);
  });

  test("reactions and their removal", async () => {
    await deliver(url, fixture("reaction"), SECRET);
    await deliver(url, fixture("unreaction"), SECRET);
    expect(fh.inbound).toMatchObject([
      { type: "reaction", externalId: OURS, emoji: "❤️" },
      { type: "reaction", externalId: OURS, emoji: "" },
    ]);
  });

  test("seen: the read mid and every message we sent before it are read", async () => {
    fh.clock.set(new Date(1569262400000));
    const a = await session.send(out({ body: "one" }));
    fh.clock.set(new Date(1569262410000));
    const b = await session.send(out({ body: "two" }));
    fh.clock.set(new Date(1569262420000));
    const c = await session.send(out({ body: "three" }));
    const seen = fixture("seen");
    seen.entry[0].messaging[0].read.mid = b.externalId;
    await deliver(url, seen, SECRET);
    expect(fh.acks).toEqual([
      { externalId: a.externalId, ack: 3 },
      { externalId: b.externalId, ack: 3 },
    ]);
    expect(fh.acks.some((x) => x.externalId === c.externalId)).toBe(false);
  });
});

describe("Send API requests", () => {
  test("text", async () => {
    await session.send(out({ body: "Olá Ana!" }));
    expect(sends().at(-1)!.json).toEqual({ recipient: { id: IGSID }, message: { text: "Olá Ana!" }, messaging_type: "RESPONSE" });
  });

  test("media goes by its signed public link; without PUBLIC_URL it is UNSUPPORTED", async () => {
    const media = { mime: "image/png", name: "a.png", size: 3, kind: "image", read: async () => new Uint8Array([1, 2, 3]) };
    await session.send(out({ media: { ...media, url: "https://desk.example.com/api/media/abc?exp=1&sig=s" } }));
    expect(sends().at(-1)!.json).toEqual({
      recipient: { id: IGSID },
      message: { attachment: { type: "image", payload: { url: "https://desk.example.com/api/media/abc?exp=1&sig=s" } } },
      messaging_type: "RESPONSE",
    });
    expect(fake.find("POST", `/${FAKE_IDS.pageId}/message_attachments`)).toEqual([]);
    await expect(session.send(out({ media: { ...media, url: "/api/media/abc?exp=1&sig=s" } }))).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  test("only the heart reaction", async () => {
    await session.react!({ externalId: "m_x", chatId: IGSID, fromMe: false }, "❤️");
    expect(sends().at(-1)!.json).toEqual({ recipient: { id: IGSID }, sender_action: "react", payload: { message_id: "m_x", reaction: "love" } });
    await expect(session.react!({ externalId: "m_x", chatId: IGSID, fromMe: false }, "👍")).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  test("outside the window without the HUMAN_AGENT tag: OUTSIDE_WINDOW", async () => {
    fake.closeWindow(IGSID);
    await expect(session.send(out({ body: "hello?" }))).rejects.toMatchObject({ code: "OUTSIDE_WINDOW" });
  });
});
