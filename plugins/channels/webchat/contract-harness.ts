/**
 * The channel contract's harness for web chat (tests/contract/channel-contract.ts), driving the plugin through its real path:
 * visitor sessions and posts over HTTP, replies and acks over visitor sockets.
 *
 * Web chat stores a visitor's message under `v:<visitorId>:<clientId>` (not the bare id a provider would give): the
 * harness says so through `externalIdOf`. Test-only (imports the test helpers).
 */
import type { ChannelErrorCode } from "../../../src/channels/adapter";
import { createConnection } from "../../../src/channels/connections";
import type { ContractHarness } from "../../../tests/contract/channel-contract";
import { Peer, until } from "../../../tests/helpers/socket-peer";
import { RefusingWebchatSession, startWebchatServer } from "./test-server";

export async function makeWebchatHarness(): Promise<ContractHarness> {
  const server = await startWebchatServer();
  const { t, base } = server;
  let connectionId = 0;
  let widgetKey = "";
  const visitors = new Map<string, { visitorId: string; token: string; peer: Peer }>();

  const visitor = async (from: string, name?: string) => {
    let v = visitors.get(from);
    if (v) return v;
    const res = await fetch(`${base}/api/webchat/${widgetKey}/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: name ?? from, phone: /^\d{10,15}$/.test(from) ? from : undefined }),
    });
    if (res.status !== 200) throw new Error(`session -> ${res.status}`);
    const { visitorToken } = (await res.json()) as { visitorToken: string };
    const peer = new Peer(new WebSocket(`${base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(visitorToken)}`));
    server.peers.push(peer);
    const ready = await peer.next("ready");
    v = { visitorId: ready.visitorId as string, token: visitorToken, peer };
    visitors.set(from, v);
    return v;
  };

  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken: server.admin,
    companyId: 1,
    async connect() {
      const conn = await createConnection(t.ctx, 1, { name: "Contract site", channel: "webchat" });
      connectionId = conn.id;
      widgetKey = conn.widgetKey!;
      return connectionId;
    },
    async deliverText({ externalId, from, name, body }) {
      const v = await visitor(from, name);
      const res = await fetch(`${base}/api/webchat/${widgetKey}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${v.token}` },
        body: JSON.stringify({ body, clientId: externalId }),
      });
      if (res.status !== 200) throw new Error(`post -> ${res.status} ${await res.text()}`);
    },
    identityOf: (from) => visitors.get(from)?.visitorId ?? from,
    externalIdOf: (from, externalId) => `v:${visitors.get(from)?.visitorId}:${externalId}`,
    async sent() {
      // The frames travel over real sockets: wait until every message the core recorded as sent has arrived.
      const rows = await t.ctx.db.selectFrom("messages").select("id").where("connectionId", "=", connectionId).where("sendStatus", "=", "sent").execute();
      const arrived = (id: number) => [...visitors.values()].some((v) => v.peer.received("message", (d) => d.id === id).length > 0);
      await until(() => rows.every((r) => arrived(r.id)), "sent frames", 2000);
      const out: { externalId: string; to: string; body: string }[] = [];
      for (const v of visitors.values()) {
        for (const f of v.peer.received("message", (d) => d.fromMe === false)) out.push({ externalId: `a:${f.data.id}`, to: v.visitorId, body: f.data.body });
      }
      return out.sort((a, b) => Number(a.externalId.slice(2)) - Number(b.externalId.slice(2)));
    },
    async deliverAck(externalId, ack) {
      const id = Number(externalId.slice(2));
      const v = [...visitors.values()].find((x) => x.peer.received("message", (d) => d.id === id).length);
      if (!v || (ack !== 2 && ack !== 3)) throw new Error(`no visitor received ${externalId} (or ack ${ack} is not one a visitor sends)`);
      v.peer.send({ event: "ack", data: { id, ack } });
    },
    async failNextSend(): Promise<ChannelErrorCode> {
      const session = t.ctx.channels.sessions.session(connectionId);
      if (!(session instanceof RefusingWebchatSession)) throw new Error("no web-chat session");
      session.refuseNext("TEMPORARY");
      return "TEMPORARY";
    },
    close: () => server.stop(),
  };
}
