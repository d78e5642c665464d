/**
 * Correctly signed deliveries of the wrong shape at /api/webhooks/meta: answered 200 (Meta would only deliver the same
 * body again), nothing stored, a warning logged; the well-formed entries and events of the same delivery still stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { createMetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";

let fake: FakeGraph;
let t: ChannelTestApp;
let fbId: number;

const fb = (name: string) => loadFixture(`${import.meta.dir}/fixtures`, name).payload;
const ig = (name: string) => loadFixture(`${import.meta.dir}/../instagram/fixtures`, name).payload;
async function post(payload: unknown): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, FAKE_IDS.appSecret);
  const res = await t.request("POST", "/api/webhooks/meta", { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}
const count = async () =>
  (
    await t.ctx.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const warnings = () => t.logs.filter((l) => l.includes('"warn"') && l.includes("malformed"));

beforeAll(async () => {
  fake = await FakeGraph.start();
  fake.addProfile("1254459154682919", { first_name: "Peter", last_name: "Chang" });
  fake.addProfile("1914111735409283", { name: "Ana Costa", username: "ana.costa" });
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  t = await createChannelTestApp({ plugins: [meta.facebook, meta.instagram] });
  fbId = (
    await createConnection(t.ctx, 1, { name: "Lucky Shrub", channel: "facebook", config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken } })
  ).id;
  const igConfig = { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, instagramAccountId: FAKE_IDS.igAccountId };
  await createConnection(t.ctx, 1, { name: "luckyshrub", channel: "instagram", config: igConfig });
  await t.ctx.channels.idle();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("signed but malformed Messenger / Instagram deliveries", () => {
  test("a wrong type at any level answers 200, stores nothing and is logged", async () => {
    const text = () => fb("text-quick-reply");
    const event = () => text().entry[0].messaging[0];
    const bodies: unknown[] = [
      { object: "page", entry: 1 },
      { object: "page", entry: [null] },
      { object: "page", entry: ["x"] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: 5 }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [null, 7, "x"] }] },
      { object: "page", entry: [{ id: { x: 1 }, messaging: [] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: 5 }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: { ...event().message, mid: 12 } }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: { ...event().message, attachments: 5 } }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: { ...event().message, attachments: [null] } }] }] },
      {
        object: "page",
        entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: { ...event().message, attachments: [{ type: "image", payload: 5 }] } }] }],
      },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), sender: "x" }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), timestamp: { at: 1 } }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: undefined, reaction: "love" }] }] },
      { object: "page", entry: [{ id: FAKE_IDS.pageId, messaging: [{ ...event(), message: undefined, message_edit: { mid: ["x"] } }] }] },
      {
        object: "instagram",
        entry: [{ id: FAKE_IDS.igAccountId, messaging: [{ ...ig("text").entry[0].messaging[0], message: { mid: "m", quick_reply: 3 } }] }],
      },
      [1, 2, 3],
      "just a string",
      null,
    ];
    for (const body of bodies) {
      const before = warnings().length;
      expect({ body, status: await post(body) }).toEqual({ body, status: 200 });
      if (body !== null && typeof body === "object" && !Array.isArray(body))
        expect({ body, warned: warnings().length > before }).toEqual({ body, warned: true });
    }
    expect(await count()).toBe(0);
  });

  test("the well-formed entries and events of a delivery are stored beside the malformed ones", async () => {
    const good = fb("text-quick-reply");
    const event = good.entry[0].messaging[0];
    good.entry.unshift(null, { id: FAKE_IDS.pageId, messaging: 5 });
    good.entry[2].messaging = [{ ...event, message: { ...event.message, attachments: "x" } }, event];
    expect(await post(good)).toBe(200);
    const rows = await t.ctx.db.selectFrom("messages").select(["externalId", "body"]).where("connectionId", "=", fbId).execute();
    expect(rows).toEqual([{ externalId: "mid.1457764197618:41d102a3e1ae206a38", body: "hello, world!" }]);
  });
});
