/**
 * The channels core's contract suite against the whatsappapi plugin: the real app (store, sessions, outbound),
 * the plugin's real webhook route (/api/webhooks/whatsappapi/:connectionId, signed deliveries) and the fake Graph.
 */
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { createChannelTestApp } from "../../../tests/helpers/test-channel";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { createConnection } from "../../../src/channels/connections";
import { runChannelContract } from "../../../src/channels/contract";
import { expect } from "bun:test";
import { loadFixture } from "./fixtures/load";
import { createWhatsAppCloudPlugin } from "./index";

const APP_SECRET = "wa-contract-app-secret-0123456789";
const STATUS: Record<number, string> = { 1: "sent", 2: "delivered", 3: "read", 4: "played", 5: "read" };

runChannelContract("whatsappapi", async () => {
  const fake = await FakeGraph.start();
  const plugin = createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } });
  const t = await createChannelTestApp({ plugins: [plugin] });
  let connectionId = 0;

  const post = async (payload: unknown) => {
    const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
    const res = await t.request("POST", `/api/webhooks/whatsappapi/${connectionId}`, { body: rawBody, headers });
    expect(res.status).toBe(200);
  };

  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken: await login(t, ADMIN.email, ADMIN.password),
    companyId: 1,
    async connect() {
      const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
      connectionId = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config })).id;
      return connectionId;
    },
    async deliverText({ externalId, from, name, body }) {
      const payload = loadFixture(`${import.meta.dir}/fixtures`, "text").payload;
      const value = payload.entry[0].changes[0].value;
      value.contacts = [{ profile: { name: name ?? from }, wa_id: from }];
      Object.assign(value.messages[0], { id: externalId, from, text: { body }, timestamp: String(Math.floor(Date.now() / 1000)) });
      await post(payload);
    },
    async sent() {
      return fake
        .find("POST", `/${FAKE_IDS.phoneNumberId}/messages`)
        .filter((r) => r.status === 200 && r.json?.type === "text")
        .map((r) => ({ externalId: (r.response as any).messages[0].id, to: r.json.to, body: r.json.text.body }));
    },
    async deliverAck(externalId, ack) {
      const payload = loadFixture(`${import.meta.dir}/fixtures`, "status-read").payload;
      Object.assign(payload.entry[0].changes[0].value.statuses[0], { id: externalId, status: STATUS[ack] });
      await post(payload);
    },
    async failNextSend() {
      fake.failNext({ method: "POST", path: `/${FAKE_IDS.phoneNumberId}/messages` }, "undeliverable");
      return "NOT_ON_CHANNEL";
    },
    async close() {
      await t.close();
      await fake.stop();
    },
  };
});
