/**
 * The channels core's contract suite against the instagram plugin (Messenger API for Instagram), through the
 * shared /api/webhooks/meta endpoint the core mounts, and the fake Graph.
 */
import { runChannelContract } from "../../../tests/contract/channel-contract";
import { FAKE_IDS } from "../../../tests/fakes/meta-graph";
import { deliverMessengerText, makeMetaHarness, messengerEvent, messengerPlugins, messengerSent } from "../_meta-graph/contract-harness";

runChannelContract("instagram", () =>
  makeMetaHarness({
    plugins: messengerPlugins,
    appSecret: FAKE_IDS.appSecret,
    webhookPath: () => "/api/webhooks/meta",
    fixturesDir: `${import.meta.dir}/fixtures`,
    connection: {
      name: "luckyshrub",
      channel: "instagram",
      config: { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, instagramAccountId: FAKE_IDS.igAccountId },
    },
    sendPath: `/${FAKE_IDS.pageId}/messages`,
    refusal: "personUnavailable",
    sent: (fake) => messengerSent(fake, FAKE_IDS.pageId),
    async deliverText(io, { externalId, from, name, body }) {
      if (name) io.fake.addProfile(from, { name, username: name.toLowerCase() });
      await deliverMessengerText(io, "text", { externalId, from, body });
    },
    async deliverAck(io, externalId, ack) {
      const mine = io.sent().find((s) => s.externalId === externalId)!;
      // Instagram reports reads only (messaging_seen, naming the read mid); there is no delivery event.
      if (ack < 3) return;
      const { payload, ev } = messengerEvent(io, "seen");
      ev.sender.id = mine.to;
      ev.read.mid = externalId;
      await io.post(payload);
    },
  }),
);
