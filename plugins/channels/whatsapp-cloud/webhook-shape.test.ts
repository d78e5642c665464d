/**
 * Correctly signed deliveries of the wrong shape at /api/webhooks/whatsappapi/:id: answered 200 (Meta would only
 * deliver the same body again), nothing stored, a warning logged; the well-formed changes and messages of the same
 * delivery still stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { loadFixture } from "./fixtures/load";
import { createWhatsAppCloudPlugin } from "./index";

const APP_SECRET = "wa-shape-app-secret-0123456789ab";
let fake: FakeGraph;
let t: ChannelTestApp;
let connectionId: number;

const fixture = (name: string) => loadFixture(`${import.meta.dir}/fixtures`, name).payload;
async function post(payload: unknown): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
  const res = await t.request("POST", `/api/webhooks/whatsappapi/${connectionId}`, { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}
const stored = () => t.ctx.db.selectFrom("messages").select(["externalId", "body"]).where("connectionId", "=", connectionId).execute();
const warnings = () => t.logs.filter((l) => l.includes('"warn"') && l.includes("malformed"));

beforeAll(async () => {
  fake = await FakeGraph.start();
  t = await createChannelTestApp({ plugins: [createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })] });
  const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
  connectionId = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config })).id;
  await t.ctx.channels.idle();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("signed but malformed Cloud API deliveries", () => {
  test("a wrong type at any level answers 200, stores nothing and is logged", async () => {
    const base = () => fixture("text");
    const change = () => base().entry[0].changes[0];
    const value = () => change().value;
    const msg = () => value().messages[0];
    const withValue = (v: unknown) => ({ object: "whatsapp_business_account", entry: [{ id: FAKE_IDS.wabaId, changes: [{ field: "messages", value: v }] }] });
    const bodies: unknown[] = [
      { object: "whatsapp_business_account", entry: 1 },
      { object: "whatsapp_business_account", entry: [null] },
      { object: "whatsapp_business_account", entry: [{ id: FAKE_IDS.wabaId, changes: 1 }] },
      { object: "whatsapp_business_account", entry: [{ id: FAKE_IDS.wabaId, changes: [null] }] },
      { object: "whatsapp_business_account", entry: [{ id: FAKE_IDS.wabaId, changes: [{ ...change(), value: 5 }] }] },
      { object: "whatsapp_business_account", entry: [{ id: FAKE_IDS.wabaId, changes: [{ ...change(), field: 7 }] }] },
      withValue({ ...value(), messages: 5 }),
      withValue({ ...value(), messages: [null, "x"] }),
      withValue({ ...value(), metadata: "x" }),
      withValue({ ...value(), contacts: 3 }),
      withValue({ ...value(), statuses: 3 }),
      withValue({ ...value(), messages: undefined, statuses: [null, { id: 5, status: "read" }] }),
      withValue({ ...value(), messages: [{ ...msg(), id: 5 }] }),
      withValue({ ...value(), messages: [{ ...msg(), text: "hello" }] }),
      withValue({ ...value(), messages: [{ ...msg(), type: "image", image: "x" }] }),
      withValue({ ...value(), messages: [{ ...msg(), type: "image", image: { id: 1 } }] }),
      withValue({ ...value(), messages: [{ ...msg(), context: 5 }] }),
      withValue({ ...value(), messages: [{ ...msg(), type: "contacts", contacts: [null] }] }),
      withValue({ ...value(), messages: [{ ...msg(), type: "interactive", interactive: { type: "button_reply", button_reply: 3 } }] }),
      withValue({ ...value(), messages: [{ ...msg(), type: "location", location: { latitude: {} } }] }),
      withValue({ ...value(), messages: [{ ...msg(), timestamp: [] }] }),
    ];
    for (const body of bodies) {
      const before = warnings().length;
      expect({ body, status: await post(body) }).toEqual({ body, status: 200 });
      expect({ body, warned: warnings().length > before }).toEqual({ body, warned: true });
    }
    expect(await stored()).toEqual([]);
  });

  test("the well-formed changes and messages of a delivery are stored beside the malformed ones", async () => {
    const good = fixture("text");
    const change = good.entry[0].changes[0];
    const first = change.value.messages[0];
    change.value.messages = [null, { ...first, image: 5, type: "image", id: "wamid.bad" }, first];
    good.entry[0].changes.unshift(null, { field: "messages", value: { ...change.value, messages: 5 } });
    good.entry.unshift(7);
    expect(await post(good)).toBe(200);
    expect(await stored()).toEqual([{ externalId: first.id, body: "Does it come in another color?" }]);
  });
});
