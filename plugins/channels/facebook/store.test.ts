/**
 * Documented Messenger and Instagram payloads end to end into the store through the shared endpoint, read
 * watermarks on our messages, and a restart that restores both sessions.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { createMetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";

const PSID = "1254459154682919";
const IGSID = "1914111735409283";
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let fake: FakeGraph;
let t: ChannelTestApp;
let fbId: number;
let igId: number;

const fb = (name: string) => loadFixture(`${import.meta.dir}/fixtures`, name).payload;
const ig = (name: string) => loadFixture(`${import.meta.dir}/../instagram/fixtures`, name).payload;
async function post(payload: unknown, path = "/api/webhooks/meta"): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, FAKE_IDS.appSecret);
  const res = await t.request("POST", path, { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}
const message = (connectionId: number, externalId: string) =>
  t.ctx.db.selectFrom("messages").selectAll().where("connectionId", "=", connectionId).where("externalId", "=", externalId).executeTakeFirst();

beforeAll(async () => {
  fake = await FakeGraph.start();
  fake.addProfile(PSID, { first_name: "Peter", last_name: "Chang", profile_pic: "https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1" });
  fake.addProfile(IGSID, { name: "Ana Costa", username: "ana.costa" });
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  t = await createChannelTestApp({ plugins: [meta.facebook, meta.instagram] });
  fbId = (
    await createConnection(t.ctx, 1, { name: "Lucky Shrub", channel: "facebook", config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken } })
  ).id;
  igId = (
    await createConnection(t.ctx, 1, {
      name: "luckyshrub",
      channel: "instagram",
      config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, instagramAccountId: FAKE_IDS.igAccountId },
    })
  ).id;
  await t.ctx.channels.idle(); // sessions start in the background
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("Messenger into the store", () => {
  test("text from a person: contact named and pictured from the profile API", async () => {
    const payload = fb("text-quick-reply");
    // Written just now: the reply window (the reply below) counts from the message's own timestamp.
    payload.entry[0].messaging[0].timestamp = t.clock.now().getTime();
    expect(await post(payload)).toBe(200);
    const m = (await message(fbId, "mid.1457764197618:41d102a3e1ae206a38"))!;
    expect(m).toMatchObject({ body: "hello, world!", fromMe: 0, origin: "contact" });
    const contact = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", m.contactId!).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Peter Chang", identity: PSID, channel: "facebook" });
  });

  test("an image attachment lands in the media store", async () => {
    const payload = fb("image");
    payload.entry[0].messaging[0].message.attachments[0].payload.url = fake.addCdnFile("pixel.png", PNG, "image/png");
    expect(await post(payload)).toBe(200);
    expect(await message(fbId, "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c")).toMatchObject({ mediaType: "image", mediaKey: null });
    await t.ctx.jobs.runDue();
    expect(await message(fbId, "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c")).toMatchObject({ mediaType: "image", mimetype: "image/png" });
  });

  test("an echo from the Page inbox is stored as sent from the phone", async () => {
    expect(await post(fb("echo"))).toBe(200);
    expect(await message(fbId, "mid.1457764197618:41d102a3e1ae206a39")).toMatchObject({ fromMe: 1, origin: "phone", body: "We open at 9 tomorrow." });
  });

  test("the same endpoint serves Instagram: a story mention is stored with its link only", async () => {
    expect(await post(ig("story-mention"))).toBe(200);
    const m = (await message(igId, ig("story-mention").entry[0].messaging[0].message.mid))!;
    expect(m).toMatchObject({ body: "Mentioned you in their story", mediaKey: null });
    expect(JSON.parse(m.data!)).toMatchObject({
      storyMention: { url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17887498072083520&signature=AbY" },
    });
  });

  test("a read watermark acks our reply as read", async () => {
    const token = await login(t, ADMIN.email, ADMIN.password);
    const inbound = (await message(fbId, "mid.1457764197618:41d102a3e1ae206a38"))!;
    expect((await t.json("PUT", `/api/tickets/${inbound.ticketId}`, { token, body: { status: "open" } })).status).toBe(200);
    const res = await t.json("POST", `/api/messages/${inbound.ticketId}`, { token, body: { body: "Hi Peter" } });
    await t.ctx.channels.idle();
    const sent = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", res.body.message.id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ sendStatus: "sent", ack: 1 });
    const read = fb("read");
    read.entry[0].messaging[0].read.watermark = t.clock.now().getTime() + 1_000;
    expect(await post(read)).toBe(200);
    expect((await message(fbId, sent.externalId!))!.ack).toBe(3);
  });
});

describe("a restart restores the sessions", () => {
  test("both connections come back CONNECTED and keep receiving", async () => {
    t = await t.restart();
    await t.ctx.channels.idle();
    const rows = await t.ctx.db.selectFrom("connections").select(["id", "status"]).where("id", "in", [fbId, igId]).execute();
    expect(rows.map((r) => r.status)).toEqual(["CONNECTED", "CONNECTED"]);
    const payload = fb("reply");
    payload.entry[0].messaging[0].message.mid = "m_after_restart";
    expect(await post(payload)).toBe(200);
    expect(await message(fbId, "m_after_restart")).toMatchObject({ body: "hello, world!" });
  });
});
