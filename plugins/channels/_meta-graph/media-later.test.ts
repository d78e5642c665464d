/**
 * Meta webhooks answer once the events are recorded, never waiting for a file: the message is stored downloading and
 * its file fetched afterwards by a durable job (retried with backoff, resumed after a restart), the message updated
 * live when it arrives, or shown unavailable with its kind once the retries are spent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";
import { createWhatsAppCloudPlugin } from "../whatsapp-cloud/index";
import { createMetaPlugins } from "./plugins";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const WA_SECRET = "wa-media-app-secret-0123456789abc";
let fake: FakeGraph;
let t: ChannelTestApp;
let fbId: number;
let waId: number;
let seq = 0;

const plugins = () => {
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  return [meta.facebook, meta.instagram, createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })];
};
async function post(path: string, payload: unknown, secret: string): Promise<{ status: number; ms: number }> {
  const { rawBody, headers } = signedDelivery(payload, secret);
  const started = performance.now();
  const res = await t.request("POST", path, { body: rawBody, headers });
  const ms = performance.now() - started;
  await t.ctx.channels.idle();
  return { status: res.status, ms };
}
/** A Messenger message with one attachment of this type at this URL. */
function messengerAttachment(type: string, url: string) {
  const p = loadFixture(`${import.meta.dir}/../facebook/fixtures`, "image").payload;
  const m = p.entry[0].messaging[0].message;
  m.mid = `m_media_${++seq}`;
  m.attachments = [{ type, payload: { url } }];
  return { payload: p, mid: m.mid as string };
}
const row = (connectionId: number, externalId: string) =>
  t.ctx.db.selectFrom("messages").selectAll().where("connectionId", "=", connectionId).where("externalId", "=", externalId).executeTakeFirstOrThrow();
/** The message as the API shows it (GET /api/messages/:ticketId). */
async function view(connectionId: number, externalId: string) {
  const m = await row(connectionId, externalId);
  const token = await login(t, ADMIN.email, ADMIN.password);
  const res = await t.json("GET", `/api/messages/${m.ticketId}`, { token });
  return (res.body.messages as { id: number; mediaUrl: string | null; mediaType: string; mediaState: unknown }[]).find((v) => v.id === m.id)!;
}
/** Runs the due jobs once the clock has passed every backoff (at most an hour). */
async function runJobsLater() {
  t.clock.advance(3_600_000);
  await t.ctx.jobs.runDue();
}

beforeAll(async () => {
  fake = await FakeGraph.start();
  t = await createChannelTestApp({ plugins: plugins() });
  fbId = (
    await createConnection(t.ctx, 1, { name: "Lucky Shrub", channel: "facebook", config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken } })
  ).id;
  const wa = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: WA_SECRET };
  waId = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config: wa })).id;
  await t.ctx.channels.idle();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("inbound files are fetched after the webhook is answered", () => {
  test("a CDN that holds the file 30 s: the webhook answers within 2 s, the message shows downloading, then an update brings the file", async () => {
    const url = fake.addCdnFile("slow.png", PNG, "image/png");
    fake.hold({ path: "/cdn/slow.png" }, 30_000);
    const { payload, mid } = messengerAttachment("image", url);
    const { status, ms } = await post("/api/webhooks/meta", payload, FAKE_IDS.appSecret);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(2_000);
    expect(await view(fbId, mid)).toMatchObject({ mediaUrl: null, mediaType: "image", mediaState: { status: "downloading", kind: "image", error: null } });

    // The job's download is the held request: the message stays downloading until the CDN answers.
    const updates: number[] = [];
    const off = t.ctx.bus.on("message.updated", (e) => void updates.push(e.messageId));
    const running = t.ctx.jobs.runDue();
    await Bun.sleep(300);
    expect(await view(fbId, mid)).toMatchObject({ mediaUrl: null, mediaState: { status: "downloading" } });
    expect(updates).toEqual([]);
    fake.releaseHolds();
    await running;
    off();
    const m = await row(fbId, mid);
    expect(updates).toEqual([m.id]);
    expect(m).toMatchObject({ mediaType: "image", mimetype: "image/png" });
    expect(await view(fbId, mid)).toMatchObject({ mediaType: "image", mediaState: null, mediaUrl: expect.stringContaining("/api/media/") });
  });

  test("a download that keeps failing ends unavailable, keeping the kind the payload names (image, video, audio, file)", async () => {
    const kinds = [
      ["image", "image", "image"],
      ["video", "video", "video"],
      ["audio", "audio", "audio"],
      ["file", "application", "file"],
    ] as const;
    const mids: string[] = [];
    for (const [type] of kinds) {
      const { payload, mid } = messengerAttachment(type, `${fake.origin}/cdn/gone-${type}.bin?oe=65F0`);
      expect((await post("/api/webhooks/meta", payload, FAKE_IDS.appSecret)).status).toBe(200);
      mids.push(mid);
    }
    for (let i = 0; i < 12; i++) await runJobsLater();
    for (const [i, [, mediaType, kind]] of kinds.entries()) {
      expect(await view(fbId, mids[i]!)).toMatchObject({ mediaUrl: null, mediaType, mediaState: { status: "unavailable", kind, error: "UNKNOWN" } });
    }
    const jobs = await t.ctx.db
      .selectFrom("jobs")
      .select(["attempts", "status"])
      .where("name", "=", "channels.inboundMedia")
      .where("attempts", ">", 1)
      .execute();
    expect(jobs.map((j) => j.attempts)).toEqual([6, 6, 6, 6]);
  });

  test("a restart between the webhook and the download still fetches the file (Cloud API media id)", async () => {
    const value = () => payload.entry[0].changes[0].value;
    const payload = loadFixture(`${import.meta.dir}/../whatsapp-cloud/fixtures`, "image").payload;
    value().messages[0].id = "wamid.media-restart";
    fake.addMedia(value().messages[0].image.id, PNG, "image/png");
    fake.failNext({ method: "GET", path: `/${value().messages[0].image.id}` }, "serverError");
    expect((await post(`/api/webhooks/whatsappapi/${waId}`, payload, WA_SECRET)).status).toBe(200);
    await t.ctx.jobs.runDue(); // the first try fails: retried later
    expect(await row(waId, "wamid.media-restart")).toMatchObject({ mediaKey: null });

    t = await t.restart();
    await t.ctx.channels.idle();
    await runJobsLater();
    const m = await row(waId, "wamid.media-restart");
    expect(m).toMatchObject({ mediaType: "image", mimetype: "image/png" });
    expect(m.mediaKey).toBeTruthy();
    expect(JSON.parse(m.data!).mediaPending).toBeUndefined();
  });
});
