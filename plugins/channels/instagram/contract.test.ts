/**
 * The channels core's contract suite against the instagram plugin (Messenger API for Instagram), through the
 * shared /api/webhooks/meta endpoint the core mounts, and the fake Graph.
 */
import { expect } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { runChannelContract } from "../../../src/channels/contract";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { createChannelTestApp } from "../../../tests/helpers/test-channel";
import { createMetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";

runChannelContract("instagram", async () => {
  const fake = await FakeGraph.start();
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  // Both Messenger plugins of this build: they share /api/webhooks/meta (the product's facebook would not reach these sessions).
  const t = await createChannelTestApp({ plugins: [meta.facebook, meta.instagram] });

  const post = async (payload: unknown) => {
    const { rawBody, headers } = signedDelivery(payload, FAKE_IDS.appSecret);
    const res = await t.request("POST", "/api/webhooks/meta", { body: rawBody, headers });
    expect(res.status).toBe(200);
  };
  const sent = () =>
    fake
      .find("POST", `/${FAKE_IDS.pageId}/messages`)
      .filter((r) => r.status === 200 && r.json?.message?.text !== undefined)
      .map((r) => ({ externalId: (r.response as { message_id: string }).message_id, to: r.json.recipient.id as string, body: r.json.message.text as string }));
  const event = (name: string) => {
    const payload = loadFixture(`${import.meta.dir}/fixtures`, name).payload;
    return { payload, ev: payload.entry[0].messaging[0] };
  };

  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken: await login(t, ADMIN.email, ADMIN.password),
    companyId: 1,
    async connect() {
      const config = { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken, instagramAccountId: FAKE_IDS.igAccountId };
      return (await createConnection(t.ctx, 1, { name: "luckyshrub", channel: "instagram", config })).id;
    },
    async deliverText({ externalId, from, name, body }) {
      if (name) fake.addProfile(from, { name, username: name.toLowerCase() });
      const { payload, ev } = event("text");
      ev.sender.id = from;
      ev.timestamp = Date.now();
      ev.message = { mid: externalId, text: body };
      await post(payload);
    },
    sent: async () => sent(),
    async deliverAck(externalId, ack) {
      const mine = sent().find((s) => s.externalId === externalId)!;
      // Instagram reports reads only (messaging_seen, naming the read mid); there is no delivery event.
      if (ack < 3) return;
      const { payload, ev } = event("seen");
      ev.sender.id = mine.to;
      ev.read.mid = externalId;
      await post(payload);
    },
    async failNextSend() {
      fake.failNext({ method: "POST", path: `/${FAKE_IDS.pageId}/messages` }, "personUnavailable");
      return "NOT_ON_CHANNEL";
    },
    async close() {
      await t.close();
      await fake.stop();
    },
  };
});
