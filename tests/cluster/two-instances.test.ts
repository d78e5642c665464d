import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { http } from "../../plugins/channels/webchat/test-server";
import { createConnection } from "../../src/channels/connections";
import { login } from "../helpers/factories";
import { type Instances, twoInstances } from "../helpers/instances";
import { startProxy, type TestProxy } from "../helpers/proxy";
import { listen, Peer, tokenFor, until } from "../helpers/socket-peer";
import { ADMIN } from "../helpers/test-app";

// Two instances on one PostgreSQL database behind a reverse proxy, whichever store the rest of the run is on: web chat,
// whose sessions run on every instance while each visitor socket lives on one of them.
describe("two instances behind a proxy", () => {
  let instances: Instances;
  let proxy: TestProxy;
  let widgetKey: string;
  let agentToken: string;
  let openOnB: (token?: string) => Peer;
  const peers: Peer[] = [];
  const env = { WEBCHAT_RATE_PER_MIN: "1000", WEBCHAT_RATE_PER_MIN_IP: "1000" };

  beforeAll(async () => {
    instances = await twoInstances({ env });
    const { a, b } = instances;
    listen(a);
    openOnB = listen(b);
    proxy = startProxy({ a: `http://127.0.0.1:${a.app.server!.port}`, b: `http://127.0.0.1:${b.app.server!.port}` });
    // Created through A: B starts its own session of it too.
    widgetKey = (await createConnection(a.ctx, 1, { name: "Site", channel: "webchat" })).widgetKey!;
    await until(() => [a, b].every((t) => t.ctx.channels.sessions.status(1) === "CONNECTED"), "both instances run the web chat", 5000);
    agentToken = await login(b, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    for (const p of peers) p.close();
    proxy.close();
    await instances.close();
  });

  const visitorSocket = (token: string) => {
    const p = new Peer(new WebSocket(`${proxy.base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(token)}`));
    peers.push(p);
    return p;
  };
  const startVisitor = async (name: string) => {
    const r = await http("POST", `${proxy.base}/api/webchat/${widgetKey}/sessions`, { body: { name } });
    expect(r.status).toBe(200);
    return { token: r.body.visitorToken as string, contactId: r.body.contact.id as number };
  };
  const say = (base: string, token: string, body: string) => http("POST", `${base}/api/webchat/${widgetKey}/messages`, { token, body: { body } });
  const ticketOf = (contactId: number) =>
    instances.b.ctx.db.selectFrom("tickets").select(["id", "status"]).where("contactId", "=", contactId).executeTakeFirstOrThrow();
  const answer = async (ticketId: number, body: string) => {
    const { b } = instances;
    const ticket = await b.json("GET", `/api/tickets/${ticketId}`, { token: agentToken });
    if (ticket.body.status !== "open")
      expect((await b.json("PUT", `/api/tickets/${ticketId}`, { token: agentToken, body: { status: "open", userId: 1 } })).status).toBe(200);
    expect((await b.json("POST", `/api/messages/${ticketId}`, { token: agentToken, body: { body } })).status).toBe(200);
  };

  test("a visitor on A writes, an agent's socket on B gets the ticket and the message live, answers, and the visitor gets it", async () => {
    proxy.route = "a";
    const agentSocket = openOnB(await tokenFor(instances.b, 1));
    peers.push(agentSocket);
    await agentSocket.opened;

    const visitor = await startVisitor("Ana");
    const socket = visitorSocket(visitor.token);
    await socket.next("ready", () => true, 5000);
    expect(proxy.sockets.at(-1)).toBe("a");
    expect((await say(proxy.base, visitor.token, "hello from the site")).status).toBe(200);

    const live = await agentSocket.next("company-1-appMessage", (d) => d.message.body === "hello from the site", 5000);
    expect(live.ticket.contactId).toBe(visitor.contactId);
    await answer(live.ticket.id, "hi Ana, how can I help?");
    const got = await socket.next("message", (d) => d.body === "hi Ana, how can I help?", 5000);
    expect(got.fromMe).toBe(false);

    // The visitor's widget shows it (read), on A; the agents see the ack that B's send started.
    socket.send({ event: "ack", data: { id: got.id, ack: 3 } });
    await until(
      async () => (await instances.b.ctx.db.selectFrom("messages").select("ack").where("id", "=", got.id).executeTakeFirstOrThrow()).ack === 3,
      "the read receipt stored",
      5000,
    );
  });

  test("an answer too large to travel between instances reaches the visitor on A by its id", async () => {
    proxy.route = "a";
    const visitor = await startVisitor("Long");
    const socket = visitorSocket(visitor.token);
    await socket.next("ready", () => true, 5000);
    expect((await say(proxy.base, visitor.token, "tell me everything")).status).toBe(200);
    const { id: ticketId } = await ticketOf(visitor.contactId);
    const long = `ação ${"detalhe ".repeat(1200)}`;
    await answer(ticketId, long);
    const got = await socket.next("message", (d) => d.body === long, 5000);
    expect(got.fromMe).toBe(false);
  });

  test("100 simultaneous first messages of one contact, split across both instances, make one ticket", async () => {
    const visitor = await startVisitor("Burst");
    const bases = [instances.a, instances.b].map((t) => `http://127.0.0.1:${t.app.server!.port}`);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => say(bases[i % 2]!, visitor.token, `burst ${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    const tickets = await instances.a.ctx.db.selectFrom("tickets").select("id").where("contactId", "=", visitor.contactId).execute();
    expect(tickets.length).toBe(1);
    const messages = await instances.a.ctx.db.selectFrom("messages").select("id").where("ticketId", "=", tickets[0]!.id).execute();
    expect(messages.length).toBe(100);
  });

  test("when A stops, the visitor's socket reconnects through the proxy to B and the conversation goes on", async () => {
    proxy.route = "a";
    const visitor = await startVisitor("Caio");
    const first = visitorSocket(visitor.token);
    await first.next("ready", () => true, 5000);
    expect(proxy.sockets.at(-1)).toBe("a");
    expect((await say(proxy.base, visitor.token, "before")).status).toBe(200);
    const { id: ticketId } = await ticketOf(visitor.contactId);

    const { a } = instances;
    await a.close();
    await a.app.stop(true);
    const closed = await first.closed;
    expect([1001, 1012]).toContain(closed.code);

    // The widget reconnects: the proxy finds A gone and opens it on B.
    const again = visitorSocket(visitor.token);
    await again.next("ready", () => true, 5000);
    expect(proxy.sockets.at(-1)).toBe("b");
    expect((await say(proxy.base, visitor.token, "still there?")).status).toBe(200);
    await answer(ticketId, "yes, still here");
    await again.next("message", (d) => d.body === "yes, still here", 5000);
  });
});
