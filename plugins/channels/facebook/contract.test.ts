/**
 * The channels core's contract suite against the facebook plugin: the real app, the plugin's webhook route
 * (the shared /api/webhooks/meta endpoint the core mounts) and the fake Graph.
 */
import { runChannelContract } from "../../../tests/contract/channel-contract";
import { FAKE_IDS } from "../../../tests/fakes/meta-graph";
import { deliverMessengerText, makeMetaHarness, messengerEvent, messengerPlugins, messengerSent } from "../_meta-graph/contract-harness";

runChannelContract("facebook", () =>
  makeMetaHarness({
    plugins: messengerPlugins,
    appSecret: FAKE_IDS.appSecret,
    webhookPath: () => "/api/webhooks/meta",
    fixturesDir: `${import.meta.dir}/fixtures`,
    connection: { name: "Lucky Shrub", channel: "facebook", config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken } },
    sendPath: `/${FAKE_IDS.pageId}/messages`,
    refusal: "personUnavailable",
    sent: (fake) => messengerSent(fake, FAKE_IDS.pageId),
    async deliverText(io, { externalId, from, name, body }) {
      if (name) io.fake.addProfile(from, { first_name: name, last_name: "" });
      await deliverMessengerText(io, "text-quick-reply", { externalId, from, body });
    },
    async deliverAck(io, externalId, ack) {
      const mine = io.sent().find((s) => s.externalId === externalId)!;
      if (ack >= 3) {
        const { payload, ev } = messengerEvent(io, "read");
        ev.sender.id = mine.to;
        ev.read.watermark = io.t.clock.now().getTime() + 1_000;
        await io.post(payload);
      } else {
        const { payload, ev } = messengerEvent(io, "delivery");
        ev.sender.id = mine.to;
        ev.delivery.mids = [externalId];
        await io.post(payload);
      }
    },
  }),
);
