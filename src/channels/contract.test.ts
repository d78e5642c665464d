import { login } from "../../tests/helpers/factories";
import { ADMIN } from "../../tests/helpers/test-app";
import { createChannelTestApp, createTestChannel } from "../../tests/helpers/test-channel";
import { createConnection } from "./connections";
import { runChannelContract } from "../../tests/contract/channel-contract";

// The contract against the injectable test plugin; every real plugin runs the same suite with its fake provider.
runChannelContract("testchan", async () => {
  const chan = createTestChannel();
  const t = await createChannelTestApp({ plugins: [chan.plugin] });
  let connectionId = 0;
  const session = () => chan.session(connectionId)!;
  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken: await login(t, ADMIN.email, ADMIN.password),
    companyId: 1,
    async connect() {
      connectionId = (await createConnection(t.ctx, 1, { name: "Contract", channel: "testchan" })).id;
      return connectionId;
    },
    async deliverText({ externalId, from, name, body }) {
      await session().receive({ externalId, from, name, body });
    },
    async sent() {
      return session().sent.map((m, i) => ({ externalId: `out-${connectionId}-${i + 1}`, to: m.to.chatId, body: m.body }));
    },
    async deliverAck(externalId, ack) {
      session().ack(externalId, ack);
    },
    async failNextSend() {
      session().failNext("NOT_ON_CHANNEL");
      return "NOT_ON_CHANNEL";
    },
    close: () => t.close(),
  };
});
