/**
 * The core's channel contract (tests/contract/channel-contract.ts) against this plugin, through the real core with the fake
 * Baileys socket in place of WhatsApp (see testing/core.ts for why the id is not "whatsapp").
 */
import type { proto } from "baileys";
import { runChannelContract } from "../../../tests/contract/channel-contract";
import { boom } from "./testing/fake-socket";
import { whatsappOnCore } from "./testing/core";

runChannelContract("whatsapp (baileys, fake socket)", async () => {
  const { t, sockets, adminToken, connect } = await whatsappOnCore();
  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken,
    companyId: 1,
    connect,
    async deliverText({ externalId, from, name, body }) {
      sockets.last.upsert([
        {
          key: { remoteJid: `${from}@s.whatsapp.net`, id: externalId, fromMe: false },
          message: { conversation: body },
          messageTimestamp: 1732579200,
          ...(name ? { pushName: name } : {}),
        },
      ]);
    },
    identityOf: (from) => `${from}@s.whatsapp.net`,
    async sent() {
      return sockets.made.flatMap((s) =>
        s.sent.map((m) => ({ externalId: m.options?.messageId ?? "", to: m.jid, body: "text" in m.content ? m.content.text : "" })),
      );
    },
    async deliverAck(externalId, ack) {
      // Our ack n is WhatsApp's status n + 1 (acks.ts).
      sockets.last.emit("messages.update", [
        { key: { remoteJid: "x@s.whatsapp.net", id: externalId, fromMe: true }, update: { status: (ack + 1) as proto.WebMessageInfo.Status } },
      ]);
    },
    async failNextSend() {
      sockets.last.nextSendErrors.push(boom(429, "rate-overlimit"));
      return "RATE_LIMITED";
    },
    close: () => t.close(),
  };
});
