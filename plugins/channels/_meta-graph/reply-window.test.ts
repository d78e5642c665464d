/**
 * Meta's 24-hour window counts from when the contact wrote (the message's own timestamp: milliseconds on Messenger
 * and Instagram, seconds on the Cloud API), not from when a late redelivery arrived; a timestamp in the future counts
 * as the arrival. The send guard and the ticket view read the same instant.
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

const HOUR = 3600_000;
const WA_SECRET = "wa-window-app-secret-0123456789ab";
let fake: FakeGraph;
let t: ChannelTestApp;
const ids: Record<string, number> = {};
let seq = 0;

/** A documented text from a new person of each channel, written `ageMs` before now by its own timestamp. */
const channels = {
  facebook: (ageMs: number) => {
    const p = loadFixture(`${import.meta.dir}/../facebook/fixtures`, "text-quick-reply").payload;
    const ev = p.entry[0].messaging[0];
    ev.sender.id = `psid-${++seq}`;
    ev.message.mid = `m_window_${seq}`;
    ev.timestamp = t.clock.now().getTime() - ageMs;
    return { path: "/api/webhooks/meta", secret: FAKE_IDS.appSecret, payload: p, mid: ev.message.mid };
  },
  instagram: (ageMs: number) => {
    const p = loadFixture(`${import.meta.dir}/../instagram/fixtures`, "text").payload;
    const ev = p.entry[0].messaging[0];
    ev.sender.id = `igsid-${++seq}`;
    ev.message.mid = `ig_window_${seq}`;
    ev.timestamp = t.clock.now().getTime() - ageMs;
    return { path: "/api/webhooks/meta", secret: FAKE_IDS.appSecret, payload: p, mid: ev.message.mid };
  },
  whatsappapi: (ageMs: number) => {
    const p = loadFixture(`${import.meta.dir}/../whatsapp-cloud/fixtures`, "text").payload;
    const value = p.entry[0].changes[0].value;
    const from = `1650555${String(++seq).padStart(4, "0")}`;
    value.contacts[0].wa_id = from;
    value.messages[0].from = from;
    value.messages[0].id = `wamid.window-${seq}`;
    value.messages[0].timestamp = String(Math.floor((t.clock.now().getTime() - ageMs) / 1000));
    return { path: `/api/webhooks/whatsappapi/${ids.whatsappapi}`, secret: WA_SECRET, payload: p, mid: value.messages[0].id as string };
  },
};

async function receive(channel: keyof typeof channels, ageMs: number) {
  const d = channels[channel](ageMs);
  const { rawBody, headers } = signedDelivery(d.payload, d.secret);
  expect((await t.request("POST", d.path, { body: rawBody, headers })).status).toBe(200);
  await t.ctx.channels.idle();
  const m = await t.ctx.db
    .selectFrom("messages")
    .select(["ticketId"])
    .where("connectionId", "=", ids[channel]!)
    .where("externalId", "=", d.mid)
    .executeTakeFirstOrThrow();
  const ticket = await t.ctx.db.selectFrom("tickets").select(["id", "uuid"]).where("id", "=", m.ticketId).executeTakeFirstOrThrow();
  const token = await login(t, ADMIN.email, ADMIN.password);
  expect((await t.json("PUT", `/api/tickets/${ticket.id}`, { token, body: { status: "open" } })).status).toBe(200);
  return { ...ticket, token };
}

beforeAll(async () => {
  fake = await FakeGraph.start();
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  t = await createChannelTestApp({ plugins: [meta.facebook, meta.instagram, createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })] });
  const page = { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken };
  ids.facebook = (await createConnection(t.ctx, 1, { name: "Lucky Shrub", channel: "facebook", config: page })).id;
  ids.instagram = (
    await createConnection(t.ctx, 1, { name: "luckyshrub", channel: "instagram", config: { ...page, instagramAccountId: FAKE_IDS.igAccountId } })
  ).id;
  const wa = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: WA_SECRET };
  ids.whatsappapi = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config: wa })).id;
  await t.ctx.channels.idle();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe.each(Object.keys(channels) as (keyof typeof channels)[])("%s: the reply window counts from when the contact wrote", (channel) => {
  test("written 25 h ago, delivered now: the window is closed; a send is refused and the ticket view shows it closed", async () => {
    const ticket = await receive(channel, 25 * HOUR);
    const view = await t.json("GET", `/api/tickets/u/${ticket.uuid}`, { token: ticket.token });
    expect(view.body.replyWindow).toEqual({ hours: 24, lastInboundAt: null, closesAt: null });
    const sent = await t.json("POST", `/api/messages/${ticket.id}`, { token: ticket.token, body: { body: "too late" } });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe("ERR_OUTSIDE_WINDOW");
  });

  test("written 23 h ago: open, closing 24 h after it was written; the reply goes out", async () => {
    const writtenAt = t.clock.now().getTime() - 23 * HOUR;
    const ticket = await receive(channel, 23 * HOUR);
    const view = await t.json("GET", `/api/tickets/u/${ticket.uuid}`, { token: ticket.token });
    // The Cloud API's timestamp has whole seconds.
    expect(Math.abs(Date.parse(view.body.replyWindow.closesAt) - (writtenAt + 24 * HOUR))).toBeLessThan(1_000);
    expect(Math.abs(Date.parse(view.body.replyWindow.lastInboundAt) - writtenAt)).toBeLessThan(1_000);
    const sent = await t.json("POST", `/api/messages/${ticket.id}`, { token: ticket.token, body: { body: "in time" } });
    expect(sent.status).toBe(200);
  });

  test("a timestamp in the future counts as the arrival", async () => {
    const arrival = t.clock.now().getTime();
    const ticket = await receive(channel, -5 * HOUR);
    const view = await t.json("GET", `/api/tickets/u/${ticket.uuid}`, { token: ticket.token });
    expect(Math.abs(Date.parse(view.body.replyWindow.closesAt) - (arrival + 24 * HOUR))).toBeLessThan(5_000);
  });
});
