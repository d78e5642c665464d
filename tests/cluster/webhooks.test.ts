import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadFixture } from "../../plugins/channels/whatsapp-cloud/fixtures/load";
import { createWhatsAppCloudPlugin } from "../../plugins/channels/whatsapp-cloud/index";
import { createConnection } from "../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../fakes/meta-graph";
import { login } from "../helpers/factories";
import { type Instances, twoInstances } from "../helpers/instances";
import { until } from "../helpers/socket-peer";
import { ADMIN } from "../helpers/test-app";

// A channel of webhooks (WhatsApp Cloud API, against the fake Graph API) with two instances on one PostgreSQL
// database, whichever store the rest of the run is on: its session runs on both, so a webhook may reach either.
const APP_SECRET = "wa-cluster-app-secret-0123456789";
let fake: FakeGraph;
let instances: Instances;
let connectionId: number;

beforeAll(async () => {
  fake = await FakeGraph.start();
  instances = await twoInstances({ plugins: [createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })] });
  const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
  connectionId = (await createConnection(instances.a.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config })).id;
  await until(() => [instances.a, instances.b].every((t) => t.ctx.channels.sessions.status(connectionId) === "CONNECTED"), "both instances run it", 5000);
});
afterAll(async () => {
  await instances.close();
  await fake.stop();
});

test("a webhook reaching B is stored once, its redelivery to A is recognised, and B sends an answer itself", async () => {
  const { a, b } = instances;
  const payload = loadFixture(`${import.meta.dir}/../../plugins/channels/whatsapp-cloud/fixtures`, "text").payload;
  payload.entry[0].changes[0].value.messages[0].timestamp = String(Math.floor(Date.now() / 1000));
  const externalId = payload.entry[0].changes[0].value.messages[0].id;
  for (const t of [b, a]) {
    const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
    expect((await t.request("POST", `/api/webhooks/whatsappapi/${connectionId}`, { body: rawBody, headers })).status).toBe(200);
    await t.ctx.channels.idle();
  }
  const stored = await b.ctx.db.selectFrom("messages").select(["id", "ticketId"]).where("externalId", "=", externalId).execute();
  expect(stored).toHaveLength(1);

  const token = await login(b, ADMIN.email, ADMIN.password);
  const ticketId = stored[0]!.ticketId;
  expect((await b.json("PUT", `/api/tickets/${ticketId}`, { token, body: { status: "open", userId: 1 } })).status).toBe(200);
  expect((await b.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "Yes, in blue" } })).status).toBe(200);
  await until(
    async () => {
      const m = await b.ctx.db.selectFrom("messages").select("sendStatus").where("body", "=", "Yes, in blue").executeTakeFirst();
      return m?.sendStatus === "sent";
    },
    "the answer sent",
    5000,
  );
  const sends = fake.find("POST", `/${FAKE_IDS.phoneNumberId}/messages`).filter((r) => r.json?.text?.body === "Yes, in blue");
  expect(sends).toHaveLength(1);
});
