import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { MovableClock } from "../../tests/helpers/clock";
import { type Instances, twoInstances } from "../../tests/helpers/instances";
import { until } from "../../tests/helpers/socket-peer";
import { SQL } from "bun";

// The durable scheduler of two instances on one PostgreSQL database, whichever store the rest of the run is on.
describe("jobs across two instances", () => {
  let instances: Instances;
  let clock: MovableClock;
  beforeEach(async () => {
    clock = new MovableClock();
    instances = await twoInstances({ clock });
  });
  afterEach(() => instances.close());

  const statusOf = async (id: number) =>
    instances.a.ctx.db.selectFrom("jobs").select(["status", "attempts", "leaseUntil"]).where("id", "=", id).executeTakeFirstOrThrow();

  test("both instances polling at once run each job exactly once", async () => {
    const { a, b } = instances;
    const runs: { instance: string; id: number }[] = [];
    for (const [instance, t] of [
      ["a", a],
      ["b", b],
    ] as const) {
      t.ctx.jobs.register("test.once", async (_payload, job) => {
        runs.push({ instance, id: job.id });
        await Bun.sleep(5);
      });
    }
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => a.ctx.jobs.enqueue("test.once", { i })));
    while (runs.length < ids.length) {
      const [ranA, ranB] = await Promise.all([a.ctx.jobs.runDue(), b.ctx.jobs.runDue()]);
      if (ranA + ranB === 0) break;
    }
    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const done = await a.ctx.db.selectFrom("jobs").select("id").where("name", "=", "test.once").where("status", "=", "done").execute();
    expect(done.length).toBe(60);
  });

  test("a claim passes over the jobs another instance is claiming instead of waiting for them", async () => {
    const { a } = instances;
    const ran: number[] = [];
    a.ctx.jobs.register("test.skip", async (_p, job) => void ran.push(job.id));
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await a.ctx.jobs.enqueue("test.skip", { i }));
    // Another instance's claim in progress: the first four rows locked by an open transaction.
    const other = new SQL(instances.url, { max: 1 });
    try {
      const held = await other.reserve();
      await held`begin`;
      await held.unsafe(`select id from jobs where id in (${ids.slice(0, 4).join(",")}) for update`);
      const pass = a.ctx.jobs.runDue();
      const outcome = await Promise.race([pass.then(() => "claimed"), Bun.sleep(10_000).then(() => "waited")]);
      await held`rollback`;
      held.release();
      await pass;
      expect(outcome).toBe("claimed");
      expect(ran.sort((x, y) => x - y)).toEqual(ids.slice(4));
    } finally {
      await other.close();
    }
  });

  test("a run still going keeps its job; a dead instance's job is taken over once its lease ends, and its late outcome is not written", async () => {
    const { a, b } = instances;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    a.ctx.jobs.register("test.slow", async () => {
      runs.push("a");
      await gate;
      throw new Error("A's late failure must not be recorded");
    });
    b.ctx.jobs.register("test.slow", async () => void runs.push("b"));
    const id = await a.ctx.jobs.enqueue("test.slow", {});
    const first = a.ctx.jobs.runDue();
    await until(async () => (await statusOf(id)).status === "running", "A runs the job", 5000);

    // Past half its five-minute lease, A (still polling) renews it: B, six minutes after the claim, leaves it alone.
    clock.advance(3 * 60_000);
    await a.ctx.jobs.runDue();
    clock.advance(3 * 60_000);
    expect(await b.ctx.jobs.runDue()).toBe(0);
    expect((await statusOf(id)).status).toBe("running");

    // A stops polling (its process is gone); once the renewed lease has ended, B takes the job over and runs it.
    clock.advance(5 * 60_000);
    expect(await b.ctx.jobs.runDue()).toBe(1);
    expect(runs).toEqual(["a", "b"]);
    expect(await statusOf(id)).toMatchObject({ status: "done", attempts: 2 });

    // A's first run ending late writes nothing: its writes are fenced by its attempt.
    release();
    await first;
    expect(await statusOf(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});
