import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { MAIN, startServed } from "../../tests/helpers/served";
import { createTestApp, sqliteOf, type TestApp } from "../../tests/helpers/test-app";
import { freePort } from "../../scripts/free-port";

describe("GET /api/health", () => {
  let t: TestApp;
  afterAll(() => t.close());
  // Which instance answered: this one, running no session and no job.
  const instance = { id: "", sessions: 0, jobs: 0 };
  const health = async () => {
    const res = await t.request("GET", "/api/health");
    return { status: res.status, body: await res.json() };
  };

  // The store's failures are made with SQLite's own switches (a read-only connection, a closed one), so these run on
  // SQLite in every pass; the PostgreSQL store's lost database is tested with that store (src/db/postgres/store.test.ts).
  test("200 while the store reads and writes and the scheduler runs; 503 naming the part that fails", async () => {
    t = await createTestApp({}, { store: "sqlite" });
    instance.id = t.ctx.id;
    // Before the scheduler starts (the moment between listening and its start): passing, and said so.
    expect(await health()).toEqual({ status: 200, body: { status: "ok", checks: { database: "ok", scheduler: "not started" }, instance } });
    t.ctx.jobs.start();
    expect(await health()).toEqual({ status: 200, body: { status: "ok", checks: { database: "ok", scheduler: "ok" }, instance } });

    // The store still reads but refuses every write, as a read-only file or file system does.
    sqliteOf(t).exec("PRAGMA query_only = ON");
    expect(await health()).toEqual({ status: 503, body: { status: "failing", checks: { database: "unwritable", scheduler: "ok" }, instance } });
    sqliteOf(t).exec("PRAGMA query_only = OFF");
    expect((await health()).status).toBe(200);

    await t.ctx.jobs.stop();
    expect(await health()).toEqual({ status: 503, body: { status: "failing", checks: { database: "ok", scheduler: "stopped" }, instance } });
  });

  test("a store that cannot be read at all fails the database check", async () => {
    const broken = await createTestApp({}, { store: "sqlite" });
    try {
      sqliteOf(broken).close(false);
      const res = await broken.request("GET", "/api/health");
      expect(res.status).toBe(503);
      expect((await res.json()).checks.database).toBe("unreadable");
    } finally {
      await broken.close().catch(() => rmSync(broken.dataDir, { recursive: true, force: true }));
    }
  });
});

/** `bun src/main.ts healthcheck` against PORT: its exit code and output, or a failure if it hangs. */
async function runHealthcheck(port: number): Promise<{ code: number; out: string }> {
  const proc = Bun.spawn([process.execPath, MAIN, "healthcheck"], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", PORT: String(port), HOST: "0.0.0.0", DATA_DIR: tmpdir(), LOG_LEVEL: "silent" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, out: stdout + stderr };
}

describe("multi100 healthcheck", () => {
  test("exits 0 against the real server, 1 against a closed port or a failing answer", async () => {
    const served = await startServed();
    const failing = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ status: "failing" }, { status: 503 }) });
    try {
      const healthy = await runHealthcheck(served.port);
      expect(healthy.out).toContain('"status":"ok"');
      expect(healthy.code).toBe(0);

      const unhealthy = await runHealthcheck(failing.port!);
      expect(unhealthy.code).toBe(1);
      expect(unhealthy.out).toContain("503");

      const closed = await runHealthcheck(await freePort());
      expect(closed.code).toBe(1);
      expect(closed.out).toContain("unhealthy: no answer");
    } finally {
      failing.stop(true);
      await served.stop();
    }
  }, 60_000);
});
