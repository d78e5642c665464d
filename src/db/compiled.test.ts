import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../tests/helpers/factories";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { compiledOnce, compiledOnceForIds, MAX_SHAPES } from "./compiled";
import { forCompany } from "./scope";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const queuesByIds = compiledOnce((db, a: { companyId: number; ids: readonly number[]; limit: number }) =>
  forCompany(db, a.companyId).selectFrom("queues").select(["id", "name"]).where("id", "in", a.ids).orderBy("id").limit(a.limit),
);

async function addQueues(companyId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    ids.push(
      (
        await t.ctx.db
          .insertInto("queues")
          .values({ companyId, name, color: `#00000${i}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  return ids;
}

describe("compiledOnceForIds", () => {
  test("a short list and a list past the compiled lengths find the same rows, in the query's order", async () => {
    const builds: number[] = [];
    const byIds = compiledOnceForIds(
      (db, a: { companyId: number; ids: readonly number[] }) => {
        builds.push(a.ids.length);
        return forCompany(db, a.companyId).selectFrom("queues").select(["id", "name"]).where("id", "in", a.ids).orderBy("id");
      },
      (a) => a.ids,
    );
    const [a, b] = await addQueues(1, ["Sales", "Support"]);
    const absent = Array.from({ length: 98 }, (_, i) => 100_000 + i);
    const want = [
      { id: a!, name: "Sales" },
      { id: b!, name: "Support" },
    ];
    expect(await byIds(t.ctx.db, { companyId: 1, ids: [b!, a!] })).toEqual(want);
    expect(await byIds(t.ctx.db, { companyId: 1, ids: [b!, ...absent, a!] })).toEqual(want);
    // The long list is built for its call only: a second call builds it again, where the short one is compiled once.
    await byIds(t.ctx.db, { companyId: 1, ids: [b!, ...absent, a!] });
    expect(builds.filter((n) => n === 100)).toHaveLength(2);
  });
});

describe("compiledOnce", () => {
  test("runs the query compiled on the first call with each later call's values, per length of its lists", async () => {
    const [a, b, c] = await addQueues(1, ["Sales", "Support", "Billing"]);
    expect(await queuesByIds(t.ctx.db, { companyId: 1, ids: [a!, b!], limit: 10 })).toEqual([
      { id: a!, name: "Sales" },
      { id: b!, name: "Support" },
    ]);
    expect(await queuesByIds(t.ctx.db, { companyId: 1, ids: [c!, a!], limit: 1 })).toEqual([{ id: a!, name: "Sales" }]);
    // Another length is another shape, compiled on its own.
    expect((await queuesByIds(t.ctx.db, { companyId: 1, ids: [a!, b!, c!], limit: 10 })).map((q) => q.name)).toEqual(["Sales", "Support", "Billing"]);
    expect(await queuesByIds(t.ctx.db, { companyId: 1, ids: [c!], limit: 10 })).toEqual([{ id: c!, name: "Billing" }]);
  });

  test("the company of each call scopes it: another company's ids find nothing", async () => {
    const { companyId } = await createCompany(t, { name: "Other Co" });
    const [mine] = await addQueues(1, ["Mine"]);
    const [theirs] = await addQueues(companyId, ["Theirs"]);
    expect(await queuesByIds(t.ctx.db, { companyId: 1, ids: [mine!, theirs!], limit: 10 })).toEqual([{ id: mine!, name: "Mine" }]);
    expect(await queuesByIds(t.ctx.db, { companyId, ids: [mine!, theirs!], limit: 10 })).toEqual([{ id: theirs!, name: "Theirs" }]);
  });

  test("inside a transaction it reads the transaction's own writes, and nothing of them after a rollback", async () => {
    const failure = new Error("roll back");
    let seen: unknown[] = [];
    const err = await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx.insertInto("queues").values({ companyId: 1, name: "Draft", color: "#123456" }).returning("id").executeTakeFirstOrThrow();
        seen = await queuesByIds(trx, { companyId: 1, ids: [id], limit: 10 });
        throw failure;
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBe(failure);
    expect(seen).toEqual([{ id: expect.any(Number), name: "Draft" }]);
    const id = (seen[0] as { id: number }).id;
    expect(await queuesByIds(t.ctx.db, { companyId: 1, ids: [id], limit: 10 })).toEqual([]);
  });

  test("nested arguments: booleans, absent keys and list lengths choose the shape, numbers and strings are values", async () => {
    const [a, b] = await addQueues(1, ["Sales", "Support"]);
    const named = compiledOnce((db, x: { companyId: number; filter: { names?: string[]; ids?: number[] }; desc: boolean }) => {
      let q = forCompany(db, x.companyId).selectFrom("queues").select("name");
      if (x.filter.names) q = q.where("name", "in", x.filter.names);
      if (x.filter.ids) q = q.where("id", "in", x.filter.ids);
      return q.orderBy("id", x.desc ? "desc" : "asc");
    });
    const names = async (x: Parameters<typeof named>[1]) => (await named(t.ctx.db, x)).map((r) => r.name);
    expect(await names({ companyId: 1, filter: {}, desc: true })).toEqual(["Support", "Sales"]);
    expect(await names({ companyId: 1, filter: {}, desc: false })).toEqual(["Sales", "Support"]);
    expect(await names({ companyId: 1, filter: { names: ["Support"] }, desc: false })).toEqual(["Support"]);
    expect(await names({ companyId: 1, filter: { names: ["Sales"] }, desc: false })).toEqual(["Sales"]);
    expect(await names({ companyId: 1, filter: { ids: [a!, b!] }, desc: true })).toEqual(["Support", "Sales"]);
    expect(await names({ companyId: 1, filter: { names: ["Sales"], ids: [b!] }, desc: true })).toEqual([]);
  });

  test("under test, a build whose SQL depends on a value (not only on the shape) is refused", async () => {
    await addQueues(1, ["Sales"]);
    const byLimit = compiledOnce((db, x: { companyId: number; limit: number }) => {
      const q = forCompany(db, x.companyId).selectFrom("queues").select("name");
      return x.limit > 100 ? q : q.limit(x.limit);
    });
    const err = await byLimit(t.ctx.db, { companyId: 1, limit: 5 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(err)).toContain("depends on an argument's value");
  });

  test("past MAX_SHAPES shapes, further ones are compiled on every call and still answer right", async () => {
    const ids = await addQueues(1, ["Sales", "Support"]);
    const byIds = compiledOnce((db, x: { companyId: number; ids: readonly number[] }) =>
      forCompany(db, x.companyId).selectFrom("queues").select("name").where("id", "in", x.ids).orderBy("id"),
    );
    // Each length is a shape of its own (the ids repeat, so every list finds the same two queues).
    for (let n = 2; n < MAX_SHAPES + 10; n++) {
      const list = Array.from({ length: n }, (_, i) => ids[i % 2]!);
      expect((await byIds(t.ctx.db, { companyId: 1, ids: list })).map((r) => r.name)).toEqual(["Sales", "Support"]);
    }
    expect(byIds.shapes()).toBe(MAX_SHAPES);
  });

  test("first answers the first row or undefined; result says how many rows an update changed", async () => {
    const [a] = await addQueues(1, ["Sales"]);
    const rename = compiledOnce((db, x: { companyId: number; id: number; name: string }) =>
      forCompany(db, x.companyId).updateTable("queues").set({ name: x.name }).where("id", "=", x.id),
    );
    const named = compiledOnce((db, x: { companyId: number; id: number }) =>
      forCompany(db, x.companyId).selectFrom("queues").select("name").where("id", "=", x.id),
    );
    expect(Number((await rename.result(t.ctx.db, { companyId: 1, id: a!, name: "Vendas" })).numAffectedRows)).toBe(1);
    expect(Number((await rename.result(t.ctx.db, { companyId: 2, id: a!, name: "Other company" })).numAffectedRows)).toBe(0);
    expect(await named.first(t.ctx.db, { companyId: 1, id: a! })).toEqual({ name: "Vendas" });
    expect(await named.first(t.ctx.db, { companyId: 2, id: a! })).toBeUndefined();
  });
});
