import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type Instances, twoInstances } from "../../tests/helpers/instances";
import { login } from "../../tests/helpers/factories";
import { until } from "../../tests/helpers/socket-peer";
import { ADMIN } from "../../tests/helpers/test-app";
import { createTestChannel, type TestChannel } from "../../tests/helpers/test-channel";
import { admin, postgresServer } from "../../tests/helpers/test-databases";
import { createConnection } from "./connections";

// Which instance runs a session, with two instances on one PostgreSQL database (whichever store the rest of the run is on).
describe("sessions with two instances", () => {
  let instances: Instances;
  let chan: TestChannel;
  let connectionId: number;
  const statusOn = (which: "a" | "b") => instances[which].ctx.channels.sessions.status(connectionId);
  const rowStatus = async () =>
    (await instances.a.ctx.db.selectFrom("connections").select("status").where("id", "=", connectionId).executeTakeFirstOrThrow()).status;

  beforeEach(async () => {
    chan = createTestChannel();
    instances = await twoInstances({ plugins: [chan.plugin] });
    ({ id: connectionId } = await createConnection(instances.a.ctx, 1, { name: "Main", channel: "testchan" }));
    await until(() => statusOn("a") === "CONNECTED", "A runs the session", 5000);
  });
  afterEach(() => instances.close());

  test("the session runs on one instance: the other leaves it alone, at boot and when it looks for free sessions", async () => {
    const { b } = instances;
    await b.ctx.channels.sessions.startAll();
    await b.ctx.channels.cluster.takeOver();
    expect(statusOn("b")).toBeUndefined();
    expect(chan.session(connectionId)?.starts).toBe(1);
    // Each instance's health names it and the sessions it runs.
    for (const [t, sessions] of [
      [instances.a, 1],
      [b, 0],
    ] as const) {
      const health = await t.json("GET", "/api/health");
      expect(health.body.instance).toEqual({ id: t.ctx.id, sessions, jobs: 0 });
    }
  });

  test("a person's disconnect through B stops the session on A; starting it through B then runs it where it is free", async () => {
    const { a, b } = instances;
    const running = chan.session(connectionId)!;
    const token = await login(b, ADMIN.email, ADMIN.password);
    expect((await b.json("DELETE", `/api/whatsappsession/${connectionId}`, { token })).status).toBe(200);
    await until(() => statusOn("a") === undefined, "A stops the session", 5000);
    expect(running.loggedOut).toBe(true);
    await b.ctx.channels.sessions.idle();
    expect(await rowStatus()).toBe("DISCONNECTED");
    // Stopped by a person: nobody takes it over.
    await a.ctx.channels.cluster.takeOver();
    await b.ctx.channels.cluster.takeOver();
    expect(statusOn("a")).toBeUndefined();

    expect((await b.json("POST", `/api/whatsappsession/${connectionId}`, { token })).status).toBe(200);
    await until(() => statusOn("b") === "CONNECTED", "B runs the session it started", 5000);
    expect(statusOn("a")).toBeUndefined();
  });

  test("a restart asked through B restarts the session on A, which keeps it", async () => {
    const { b } = instances;
    const first = chan.session(connectionId)!;
    const token = await login(b, ADMIN.email, ADMIN.password);
    expect((await b.json("POST", "/api/whatsapp-restart", { token })).status).toBe(200);
    await until(() => chan.session(connectionId) !== first && statusOn("a") === "CONNECTED", "A restarts the session", 5000);
    expect(first.stops).toBe(1);
    expect(statusOn("b")).toBeUndefined();
  });

  test("A losing its database connection stops its sessions at once; B takes them over", async () => {
    const { a, b } = instances;
    const dbName = new URL(instances.url).pathname.slice(1);
    const first = chan.session(connectionId)!;
    // The lock connection is the one idle after taking an advisory lock.
    await admin(postgresServer(), (sql) =>
      sql.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and query ilike '%pg_try_advisory_lock%'`),
    );
    await until(() => statusOn("a") === undefined, "A stops the session it can no longer hold", 5000);
    expect(first.stops).toBe(1);
    await until(
      async () => {
        await b.ctx.channels.cluster.takeOver();
        return statusOn("b") === "CONNECTED";
      },
      "B takes the session over",
      5000,
    );
    await a.ctx.channels.cluster.takeOver();
    expect(statusOn("a")).toBeUndefined();
  });
});
