import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/free-port";
import { startFakeLiveService, liveChannelPlugin } from "../../tests/helpers/fake-live-channel";
import { login } from "../../tests/helpers/factories";
import { Peer, until } from "../../tests/helpers/socket-peer";
import { startProxy, type TestProxy } from "../../tests/helpers/proxy";
import { http } from "../../plugins/channels/webchat/test-server";
import { ADMIN, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createTestDatabase, dropTestDatabase, postgresServer } from "../../tests/helpers/test-databases";
import { createConnection } from "./connections";

// Two instances on one PostgreSQL database, whichever store the rest of the run is on: A in a process of its own (so it
// can be killed), B in this one. The session of the connection links to a fake service that allows one link per account.
const server = postgresServer();
const service = startFakeLiveService();
const dataDir = mkdtempSync(join(tmpdir(), "multi100-instance-a-"));
let url: string;
let b: TestApp | undefined;
let child: ReturnType<typeof Bun.spawn> | undefined;
let proxy: TestProxy | undefined;
const visitorSockets: Peer[] = [];
const visitorSocket = (token: string) => {
  const p = new Peer(new WebSocket(`${proxy!.base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(token)}`));
  visitorSockets.push(p);
  return p;
};

afterAll(async () => {
  child?.kill("SIGKILL");
  for (const p of visitorSockets) p.close();
  proxy?.close();
  await b?.close();
  if (b?.app.server) await b.app.stop(true);
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (url) await dropTestDatabase(server, url);
});

async function startInstanceA(): Promise<string> {
  const port = await freePort();
  child = Bun.spawn([process.execPath, join(import.meta.dir, "../../tests/helpers/instance-process.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: "4",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LIVE_CHANNEL_URL: service.url,
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.ok === true, "instance A answers", 30_000);
  return base;
}

const bodies = async (t: TestApp, fromMe: boolean) =>
  (
    await t.ctx.db
      .selectFrom("messages")
      .select("body")
      .where("fromMe", "=", fromMe ? 1 : 0)
      .orderBy("id")
      .execute()
  ).map((m) => m.body);

test("SIGKILL of the instance running a session: another takes it over within 30 s, no message lost or sent twice; a web-chat visitor reconnects through the proxy", async () => {
  url = await createTestDatabase(server);
  const a = await startInstanceA();
  b = await createTestApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: "4" }, { plugins: [liveChannelPlugin(service.url)] });
  b.app.listen({ port: 0, hostname: "127.0.0.1" });
  proxy = startProxy({ a, b: `http://127.0.0.1:${b.app.server!.port}` });
  const { id } = await createConnection(b.ctx, 1, { name: "Live", channel: "livechan", config: { account: "acct" }, start: false });
  // Web chat runs on both instances; a visitor reaches A through the proxy.
  const { id: siteId, widgetKey } = await createConnection(b.ctx, 1, { name: "Site", channel: "webchat" });
  // A hears of it and starts its own session of it (what its health counts).
  await until(async () => (await (await fetch(`${a}/api/health`)).json()).instance.sessions === 1, "A runs the web chat too", 10_000);
  const visitor = (await http("POST", `${proxy.base}/api/webchat/${widgetKey}/sessions`, { body: { name: "Visitor" } })).body;
  const socket = visitorSocket(visitor.visitorToken);
  await socket.next("ready", () => true, 10_000);
  expect(proxy.sockets).toEqual(["a"]);

  // A person starts the session through A: A runs it.
  const tokenA = (
    await (await fetch(`${a}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) })).json()
  ).token as string;
  expect((await fetch(`${a}/api/whatsappsession/${id}`, { method: "POST", headers: { authorization: `Bearer ${tokenA}` } })).status).toBe(200);
  await until(() => service.links.length === 1, "A links to the service", 10_000);
  expect(b.ctx.channels.sessions.status(id)).toBeUndefined();

  // A contact writes through A's session; an agent answers through B, which does not run it: A sends.
  service.deliver("acct", "5511999990001", "first");
  await until(async () => (await bodies(b!, false)).includes("first"), "the first message stored");
  const ticket = await b.ctx.db.selectFrom("tickets").select("id").executeTakeFirstOrThrow();
  const tokenB = await login(b, ADMIN.email, ADMIN.password);
  expect((await b.json("PUT", `/api/tickets/${ticket.id}`, { token: tokenB, body: { status: "open", userId: 1 } })).status).toBe(200);
  expect((await b.json("POST", `/api/messages/${ticket.id}`, { token: tokenB, body: { body: "answer 1" } })).status).toBe(200);
  await until(() => service.sent.some((s) => s.body === "answer 1"), "A sends B's answer", 10_000);

  // A dies mid-conversation; while nobody runs the session a contact writes and an agent answers.
  child!.kill("SIGKILL");
  const killedAt = Date.now();
  await child!.exited;
  service.deliver("acct", "5511999990001", "during the gap");
  expect((await b.json("POST", `/api/messages/${ticket.id}`, { token: tokenB, body: { body: "answer 2" } })).status).toBe(200);

  await until(() => service.links.length === 2, "B links to the service", 30_000);
  const takeoverMs = service.links[1]!.openedAt - killedAt;
  expect(takeoverMs).toBeLessThan(30_000);
  await until(() => service.sent.some((s) => s.body === "answer 2"), "B sends what waited", 10_000);
  await until(async () => (await bodies(b!, false)).includes("during the gap"), "the message of the gap stored", 10_000);
  await b.ctx.channels.idle();

  expect(service.sent.map((s) => s.body)).toEqual(["answer 1", "answer 2"]);
  expect(await bodies(b, false)).toEqual(["first", "during the gap"]);
  expect(await bodies(b, true)).toEqual(["answer 1", "answer 2"]);
  expect(service.unacked("acct")).toBe(0);
  // Never two links at once: no link was replaced by another.
  expect(service.links.filter((l) => l.closeCode === 4409)).toEqual([]);
  expect(b.ctx.channels.sessions.status(id)).toBe("CONNECTED");

  // The visitor's socket went with A; the widget reconnects through the proxy, which finds B, and talks on.
  expect([1001, 1012]).toContain((await socket.closed).code);
  const again = visitorSocket(visitor.visitorToken);
  await again.next("ready");
  expect(proxy.sockets).toEqual(["a", "b"]);
  expect(
    (await http("POST", `${proxy.base}/api/webchat/${widgetKey}/messages`, { token: visitor.visitorToken, body: { body: "are you there?" } })).status,
  ).toBe(200);
  const chat = await b.ctx.db
    .selectFrom("tickets")
    .select("id")
    .where("contactId", "=", visitor.contact.id)
    .where("whatsappId", "=", siteId)
    .executeTakeFirstOrThrow();
  expect((await b.json("PUT", `/api/tickets/${chat.id}`, { token: tokenB, body: { status: "open", userId: 1 } })).status).toBe(200);
  expect((await b.json("POST", `/api/messages/${chat.id}`, { token: tokenB, body: { body: "yes, on B" } })).status).toBe(200);
  await again.next("message", (d) => d.body === "yes, on B", 5000);
}, 90_000);
