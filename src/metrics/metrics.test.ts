import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";
import { listen, type Peer, until } from "../../tests/helpers/socket-peer";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { isLoopback, metricsRefusal } from "./routes";

/** The value of one sample line (`name{labels}`) of an exposition; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** An IPv4 address of this machine that is not loopback, when it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

describe("who may read /metrics", () => {
  test("loopback peers are 127.0.0.0/8 and ::1, also IPv4-mapped", () => {
    for (const a of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a)).toBe(true);
    for (const a of [undefined, "", "10.0.0.1", "192.0.2.2", "::ffff:10.0.0.1", "fe80::1", "128.0.0.1", "127.0.0.1.evil"]) expect(isLoopback(a)).toBe(false);
  });

  test("without METRICS_TOKEN only loopback answers; with it only its bearer, whoever asks", () => {
    expect(metricsRefusal(undefined, "127.0.0.1", undefined)).toBeUndefined();
    expect(metricsRefusal(undefined, "192.0.2.2", undefined)?.status).toBe(403);
    expect(metricsRefusal(undefined, undefined, undefined)?.status).toBe(403);
    expect(metricsRefusal(undefined, "192.0.2.2", "Bearer anything")?.status).toBe(403);
    const token = "scrape-token-0123456789";
    expect(metricsRefusal(token, "192.0.2.2", `Bearer ${token}`)).toBeUndefined();
    expect(metricsRefusal(token, "127.0.0.1", undefined)?.status).toBe(401);
    expect(metricsRefusal(token, "127.0.0.1", "Bearer wrong-token-0123456789")?.status).toBe(401);
    expect(metricsRefusal(token, "127.0.0.1", token)?.status).toBe(401);
  });
});

describe("GET /metrics under a scripted load", () => {
  let box: Inbox;
  let base: string;
  let peer: Peer | undefined;
  const scrape = async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return res.text();
  };

  beforeAll(async () => {
    box = await createInbox();
    const open = listen(box.t);
    base = `http://127.0.0.1:${box.t.app.server!.port}`;
    peer = open(box.admin.token);
    await peer.opened;
  });
  afterAll(async () => {
    peer?.ws.close();
    await box.t.app.stop();
    await box.t.close();
  });

  test("counters rise with the traffic, labelled by route template, never by raw path", async () => {
    const t = box.t;
    const before = await scrape();
    const ticket = 'http_requests_total{method="GET",route="/api/messages/:id",status="200"}';
    const missing = 'http_requests_total{method="GET",route="/api/messages/:id",status="404"}';
    const stored = 'multi100_inbound_messages_total{channel="testchan",outcome="stored"}';
    const sent = 'multi100_outbound_messages_total{channel="testchan",outcome="sent"}';
    const failedSend = 'multi100_outbound_messages_total{channel="testchan",outcome="failed"}';
    const done = 'multi100_job_runs_total{outcome="done"}';
    const failedJob = 'multi100_job_runs_total{outcome="failed"}';

    const ids = [await box.inbound("5511900000001"), await box.inbound("5511900000002")];
    const auth = { authorization: `Bearer ${box.admin.token}` };
    for (const id of [...ids, ids[0]!]) expect((await fetch(`${base}/api/messages/${id}`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${base}/api/messages/999999`, { headers: auth })).status).toBe(404);
    expect((await t.json("PUT", `/api/tickets/${ids[0]}`, { token: box.admin.token, body: { status: "open" } })).status).toBe(200);
    expect((await t.json("POST", `/api/messages/${ids[0]}`, { token: box.admin.token, body: { body: "Olá" } })).status).toBe(200);
    await t.ctx.channels.idle();
    box.session.failNext("NOT_ON_CHANNEL");
    expect((await t.json("POST", `/api/messages/${ids[0]}`, { token: box.admin.token, body: { body: "De novo" } })).status).toBe(200);
    await t.ctx.channels.idle();
    t.ctx.jobs.register("metrics.ok", async () => {});
    t.ctx.jobs.register("metrics.broken", async () => {
      throw new Error("broken on purpose");
    });
    await t.ctx.jobs.enqueue("metrics.ok", {});
    await t.ctx.jobs.enqueue("metrics.broken", {}, { maxAttempts: 1 });
    await t.ctx.jobs.runDue();

    // Answers are counted after they are sent: wait for the last one's count.
    await until(async () => sample(await scrape(), ticket) - sample(before, ticket) === 3, "the message reads counted");
    const after = await scrape();
    expect(sample(after, ticket) - sample(before, ticket)).toBe(3);
    expect(sample(after, missing) - sample(before, missing)).toBe(1);
    const durations = 'http_request_duration_seconds_count{method="GET",route="/api/messages/:id",status="200"}';
    expect(sample(after, durations) - sample(before, durations)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket{method="GET",route="/api/messages/:id",status="200",le="+Inf"}')).toBe(sample(after, durations));
    expect(sample(after, stored) - sample(before, stored)).toBe(2);
    expect(sample(after, sent) - sample(before, sent)).toBe(1);
    expect(sample(after, failedSend) - sample(before, failedSend)).toBe(1);
    expect(sample(after, done) - sample(before, done)).toBe(1);
    expect(sample(after, failedJob) - sample(before, failedJob)).toBe(1);

    // Route labels are templates: no series per row id.
    const routes = [...after.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes).toContain("/api/messages/:id");
    expect(routes.filter((r) => /\/\d+(\/|$)/.test(r))).toEqual([]);

    // Measured at scrape time.
    expect(sample(after, `multi100_instance_info{instance="${t.ctx.id}"}`)).toBe(1);
    expect(after).toContain("\nmulti100_jobs_running_here 0\n");
    expect(sample(after, 'multi100_websocket_connections{kind="session"}')).toBe(1);
    expect(sample(after, 'multi100_channel_sessions{channel="testchan",status="CONNECTED"}')).toBe(1);
    expect(sample(after, 'multi100_channel_sessions{channel="testchan",status="DISCONNECTED"}')).toBe(0);
    expect(after).toContain('multi100_jobs{state="due"} ');
    expect(sample(after, 'multi100_jobs{state="failed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'multi100_database_bytes{file="database"}')).toBeGreaterThan(0);
    // SQLite's write-ahead log is a file of its own; a PostgreSQL database has one size.
    expect(after.includes('multi100_database_bytes{file="wal"} ')).toBe(t.ctx.store.kind === "sqlite");
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(1e6);
    expect(after).toContain("# TYPE http_request_duration_seconds histogram");
  });

  test("the web app's fallback never answers for /metrics", async () => {
    box.t.ctx.assets.set("/index.html", import.meta.path);
    for (const path of ["/metrics/", "/metrics/x", "/metrics/index.html"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("content-security-policy")).toBeNull();
      expect(await res.text()).not.toContain("web app's fallback");
    }
    expect((await fetch(`${base}/metrics/x`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).headers.get("content-security-policy")).toContain("default-src");
  });
});

describe("GET /metrics refused", () => {
  let t: TestApp;
  afterAll(async () => {
    await t.app.stop();
    await t.close();
  });

  test("to a peer that is not loopback without the token, whatever X-Forwarded-For says", async () => {
    // Every machine that installs the product's packages has a network interface besides loopback.
    if (!outsideAddress) throw new Error("this test needs an IPv4 address of this machine that is not loopback");
    t = await createTestApp({ HOST: "0.0.0.0" });
    t.app.listen({ port: 0, hostname: "0.0.0.0" });
    const port = t.app.server!.port;
    const remote = await fetch(`http://${outsideAddress}:${port}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(remote.status).toBe(403);
    expect((await remote.json()).error).toBe("ERR_NO_PERMISSION");
    // The same server answers its loopback peer.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  const token = "scrape-token-0123456789abcdef";
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
  });
  afterAll(async () => {
    await t.app.stop();
    await t.close();
  });

  test("answers its bearer only, loopback or not", async () => {
    const url = `http://127.0.0.1:${t.app.server!.port}/metrics`;
    const none = await fetch(url);
    expect(none.status).toBe(401);
    expect((await none.json()).error).toBe("ERR_UNAUTHORIZED");
    expect((await fetch(url, { headers: { authorization: "Bearer not-the-token-0123456789" } })).status).toBe(401);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("# TYPE http_requests_total counter");
    // In-process (no peer address at all) the token still opens it.
    expect((await t.request("GET", "/metrics", { token })).status).toBe(200);
  });
});
