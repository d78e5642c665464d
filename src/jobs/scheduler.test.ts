import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { backoffMs, DONE_KEPT_MS, Scheduler, type SchedulerOptions } from "./scheduler";

let t: TestApp;
const schedulers: Scheduler[] = [];
beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2030-01-01T12:00:00.000Z")); // frozen, so the asserted times are exact
});
afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.stop(50);
  await t.close();
});

/** A scheduler of its own on the test database, as a second process would have. */
function scheduler(opts: Partial<SchedulerOptions> = {}) {
  const s = new Scheduler({ db: t.ctx.db, clock: t.clock, log: t.ctx.log, ...opts });
  schedulers.push(s);
  return s;
}
const row = (id: number) => t.ctx.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const count = async () =>
  (
    await t.ctx.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean | Promise<boolean>, ms = 2000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(5);
  }
}

describe("running at runAt", () => {
  test("a job runs when its time comes, not before, once, with its payload and context", async () => {
    const jobs = scheduler();
    const seen: unknown[] = [];
    jobs.register("greet", async (payload, job) => void seen.push({ payload, job }));
    const id = await jobs.enqueue("greet", { to: "ana" }, { runAt: new Date(t.clock.now().getTime() + 60_000), companyId: 1 });

    expect(await jobs.runDue()).toBe(0);
    t.clock.advance(59_999);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ payload: { to: "ana" }, job: { id, name: "greet", attempts: 1, maxAttempts: 5, companyId: 1 } }]);

    const done = await row(id);
    expect(done.status).toBe("done");
    expect(done.finishedAt).toBe(t.clock.now().toISOString());
    expect(done.leaseUntil).toBeNull();

    t.clock.advance(24 * 3600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(seen.length).toBe(1);
  });

  test("runs at most `concurrency` jobs per pass, oldest runAt first", async () => {
    const jobs = scheduler({ concurrency: 2 });
    const order: number[] = [];
    jobs.register("n", async (p: { n: number }) => void order.push(p.n));
    const base = t.clock.now().getTime();
    for (const n of [3, 1, 2]) await jobs.enqueue("n", { n }, { runAt: new Date(base - n * 1000) });
    expect(await jobs.runDue()).toBe(2);
    expect(order).toEqual([3, 2]);
    expect(await jobs.runDue()).toBe(1);
    expect(order).toEqual([3, 2, 1]);
  });
});

describe("failures", () => {
  test("backs off exponentially, keeps the error, and fails after maxAttempts", async () => {
    const jobs = scheduler();
    let runs = 0;
    jobs.register("flaky", async () => {
      runs++;
      throw new Error(`boom ${runs}`);
    });
    const id = await jobs.enqueue("flaky", {}, { maxAttempts: 3 });

    expect(await jobs.runDue()).toBe(1);
    let r = await row(id);
    expect(r).toMatchObject({ status: "queued", attempts: 1, lastError: "boom 1" });
    expect(r.runAt).toBe(new Date(t.clock.now().getTime() + 2000).toISOString());

    t.clock.advance(1999);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ status: "queued", attempts: 2, lastError: "boom 2" });
    expect(r.runAt).toBe(new Date(t.clock.now().getTime() + 4000).toISOString());

    t.clock.advance(4000);
    expect(await jobs.runDue()).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ status: "failed", attempts: 3, lastError: "boom 3", finishedAt: t.clock.now().toISOString() });

    t.clock.advance(3600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toBe(3);
  });

  test("a handler that recovers finishes done", async () => {
    const jobs = scheduler();
    let runs = 0;
    jobs.register("once-flaky", async () => {
      if (++runs === 1) throw new Error("first time");
    });
    const id = await jobs.enqueue("once-flaky", null);
    await jobs.runDue();
    t.clock.advance(backoffMs(1));
    await jobs.runDue();
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  test("backoff doubles from 2 s and is capped at an hour", () => {
    expect([1, 2, 3, 10, 11, 12, 30].map(backoffMs)).toEqual([2000, 4000, 8000, 1_024_000, 2_048_000, 3_600_000, 3_600_000]);
  });

  test("the handler's maxAttempts is the default for its jobs; enqueue's own wins", async () => {
    const jobs = scheduler();
    jobs.register("x", async () => {}, { maxAttempts: 9 });
    expect((await row(await jobs.enqueue("x", {}))).maxAttempts).toBe(9);
    expect((await row(await jobs.enqueue("x", {}, { maxAttempts: 2 }))).maxAttempts).toBe(2);
    expect((await row(await jobs.enqueue("unregistered", {}))).maxAttempts).toBe(5);
  });
});

describe("crash recovery", () => {
  test("a job whose process died mid-run runs again once its lease expires", async () => {
    const dead = scheduler({ leaseMs: 30_000 });
    let entered!: () => void;
    const started = new Promise<void>((r) => (entered = r));
    dead.register("send", () => {
      entered();
      return new Promise<void>(() => {}); // the process "dies" here: this run never ends
    });
    const id = await dead.enqueue("send", { n: 1 });
    void dead.runDue();
    await started;
    const claimed = await row(id);
    expect(claimed).toMatchObject({ status: "running", attempts: 1, leaseUntil: new Date(t.clock.now().getTime() + 30_000).toISOString() });

    const next = scheduler();
    const runs: number[] = [];
    next.register("send", async (_p, job) => void runs.push(job.attempts));
    expect(await next.runDue()).toBe(0);
    t.clock.advance(30_001);
    expect(await next.runDue()).toBe(1);
    expect(runs).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  test("a reclaimed job that was on its last attempt fails instead of looping", async () => {
    const jobs = scheduler();
    jobs.register("poison", async () => {});
    const id = await jobs.enqueue("poison", {}, { maxAttempts: 2 });
    const expired = new Date(t.clock.now().getTime() - 1).toISOString();
    await t.ctx.db.updateTable("jobs").set({ status: "running", attempts: 2, leaseUntil: expired }).where("id", "=", id).execute();
    expect(await jobs.runDue()).toBe(0);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect((await row(id)).lastError).toContain("lease expired");
  });

  test("a run that outlives its lease is not started twice by its own process", async () => {
    const jobs = scheduler({ leaseMs: 1000 });
    let release!: () => void;
    let runs = 0;
    jobs.register("slow", () => {
      runs++;
      return new Promise<void>((r) => (release = r));
    });
    const id = await jobs.enqueue("slow", {});
    const first = jobs.runDue();
    await until(() => runs === 1);
    t.clock.advance(5000);
    expect(await jobs.runDue()).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe("enqueue", () => {
  test("a uniqueKey makes enqueue idempotent; cancel frees the key", async () => {
    const jobs = scheduler();
    const a = await jobs.enqueue("close", { ticket: 1 }, { uniqueKey: "close:1" });
    const b = await jobs.enqueue("close", { ticket: 999 }, { uniqueKey: "close:1", runAt: new Date(0) });
    expect(b).toBe(a);
    expect(await count()).toBe(1);
    expect(JSON.parse((await row(a)).payload)).toEqual({ ticket: 1 });

    expect(await jobs.cancel("close:1")).toBe(true);
    expect(await jobs.cancel("close:1")).toBe(false);
    const c = await jobs.enqueue("close", { ticket: 1 }, { uniqueKey: "close:1" });
    expect(c).not.toBe(a);
    expect(await count()).toBe(1);
  });

  test("a done job keeps its key and cannot be cancelled", async () => {
    const jobs = scheduler();
    jobs.register("once", async () => {});
    const id = await jobs.enqueue("once", {}, { uniqueKey: "once" });
    await jobs.runDue();
    expect(await jobs.cancel("once")).toBe(false);
    expect(await jobs.enqueue("once", {}, { uniqueKey: "once" })).toBe(id);
    expect(await jobs.runDue()).toBe(0);
  });

  test("done jobs are deleted DONE_KEPT_MS after they finished (hourly); failed and queued ones stay", async () => {
    const jobs = scheduler();
    jobs.register("tick", async () => {});
    jobs.register("broken", async () => {
      throw new Error("no");
    });
    const done = await jobs.enqueue("tick", {}, { uniqueKey: "tick:1" });
    const failed = await jobs.enqueue("broken", {}, { maxAttempts: 1 });
    await jobs.runDue();
    const later = await jobs.enqueue("tick", {}, { runAt: new Date(t.clock.now().getTime() + DONE_KEPT_MS * 2) });
    t.clock.advance(DONE_KEPT_MS - 60_000);
    await jobs.runDue();
    expect((await row(done)).status).toBe("done");
    t.clock.advance(2 * 3_600_000);
    await jobs.runDue();
    expect(await t.ctx.db.selectFrom("jobs").select("id").where("id", "=", done).executeTakeFirst()).toBeUndefined();
    expect((await row(failed)).status).toBe("failed");
    expect((await row(later)).status).toBe("queued");
    // The key is free again once its job is gone.
    expect(await jobs.enqueue("tick", {}, { uniqueKey: "tick:1" })).not.toBe(done);
  });

  test("enqueue inside a rolled-back transaction leaves no job; a committed one does", async () => {
    const jobs = scheduler();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await jobs.enqueue("later", { a: 1 }, { uniqueKey: "k" }, trx);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await count()).toBe(0);

    const id = await t.ctx.db.transaction().execute((trx) => jobs.enqueue("later", { a: 1 }, {}, trx));
    expect((await row(id)).status).toBe("queued");
  });

  test("refuses a bad runAt or maxAttempts (programming errors)", async () => {
    const jobs = scheduler();
    await expect(jobs.enqueue("x", {}, { runAt: new Date("nope") })).rejects.toThrow("invalid runAt");
    await expect(jobs.enqueue("x", {}, { maxAttempts: 0 })).rejects.toThrow("maxAttempts");
    expect(() => jobs.register("y", async () => {})).not.toThrow();
    expect(() => jobs.register("y", async () => {})).toThrow("already registered");
  });

  test("a job no handler knows stays queued and is reported once", async () => {
    const jobs = scheduler();
    jobs.register("known", async () => {});
    const id = await jobs.enqueue("from.another.version", {});
    expect(await jobs.runDue()).toBe(0);
    expect(await jobs.runDue()).toBe(0);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(t.logs.filter((l) => l.includes("no handler") && l.includes("from.another.version")).length).toBe(1);
  });
});

describe("polling", () => {
  test("start() runs due jobs within the concurrency limit; stop() ends polling", async () => {
    const jobs = scheduler({ pollMs: 10, concurrency: 2 });
    let inFlight = 0;
    let maxInFlight = 0;
    let done = 0;
    jobs.register("work", async () => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await sleep(10);
      inFlight--;
      done++;
    });
    for (let i = 0; i < 7; i++) await jobs.enqueue("work", { i });
    jobs.start();
    await until(() => done === 7);
    expect(maxInFlight).toBe(2);
    await jobs.stop();

    await jobs.enqueue("work", {});
    await sleep(50);
    expect(done).toBe(7);
  });

  test("stop() waits for running handlers to finish", async () => {
    const jobs = scheduler({ pollMs: 10 });
    let finished = false;
    jobs.register("long", async () => {
      await sleep(80);
      finished = true;
    });
    const id = await jobs.enqueue("long", {});
    jobs.start();
    await until(async () => (await row(id)).status === "running");
    await jobs.stop();
    expect(finished).toBe(true);
    expect((await row(id)).status).toBe("done");
  });

  test("stop() gives up after the drain timeout and leaves the job to its lease", async () => {
    const jobs = scheduler({ pollMs: 10 });
    jobs.register("stuck", () => new Promise<void>(() => {}));
    const id = await jobs.enqueue("stuck", {});
    jobs.start();
    await until(async () => (await row(id)).status === "running");
    const began = Date.now();
    await jobs.stop(40);
    expect(Date.now() - began).toBeLessThan(1000);
    expect((await row(id)).status).toBe("running");
    expect(t.logs.some((l) => l.includes("still running at stop"))).toBe(true);
  });

  test("the context's scheduler is wired and runs registered jobs", async () => {
    let ran = false;
    t.ctx.jobs.register("ctx.job", async () => {
      ran = true;
    });
    await t.ctx.jobs.enqueue("ctx.job", {});
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(ran).toBe(true);
  });
});
