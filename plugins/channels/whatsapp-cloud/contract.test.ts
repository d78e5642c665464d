/**
 * The channels core's contract suite against the whatsappapi plugin: the real app (store, sessions, outbound),
 * the plugin's real webhook route (/api/webhooks/whatsappapi/:connectionId, signed deliveries) and the fake Graph.
 */
import { runChannelContract } from "../../../tests/contract/channel-contract";
import { FAKE_IDS } from "../../../tests/fakes/meta-graph";
import { makeMetaHarness } from "../_meta-graph/contract-harness";
import { createWhatsAppCloudPlugin } from "./index";

const APP_SECRET = "wa-contract-app-secret-0123456789";
const STATUS: Record<number, string> = { 1: "sent", 2: "delivered", 3: "read", 4: "played", 5: "read" };

runChannelContract("whatsappapi", () =>
  makeMetaHarness({
    plugins: (fake) => [createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })],
    appSecret: APP_SECRET,
    webhookPath: (connectionId) => `/api/webhooks/whatsappapi/${connectionId}`,
    fixturesDir: `${import.meta.dir}/fixtures`,
    connection: {
      name: "WhatsApp Cloud",
      channel: "whatsappapi",
      config: { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET },
    },
    sendPath: `/${FAKE_IDS.phoneNumberId}/messages`,
    refusal: "undeliverable",
    sent: (fake) =>
      fake
        .find("POST", `/${FAKE_IDS.phoneNumberId}/messages`)
        .filter((r) => r.status === 200 && r.json?.type === "text")
        .map((r) => ({ externalId: (r.response as any).messages[0].id, to: r.json.to, body: r.json.text.body })),
    async deliverText(io, { externalId, from, name, body }) {
      const payload = io.fixture("text");
      const value = payload.entry[0].changes[0].value;
      value.contacts = [{ profile: { name: name ?? from }, wa_id: from }];
      Object.assign(value.messages[0], { id: externalId, from, text: { body }, timestamp: String(Math.floor(Date.now() / 1000)) });
      await io.post(payload);
    },
    async deliverAck(io, externalId, ack) {
      const payload = io.fixture("status-read");
      Object.assign(payload.entry[0].changes[0].value.statuses[0], { id: externalId, status: STATUS[ack] });
      await io.post(payload);
    },
  }),
);
