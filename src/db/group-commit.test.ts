import { afterEach, expect, test } from "bun:test";
import { sql } from "kysely";
import { type OpenedDatabase, openDatabase } from "./database";
import { GroupCommit } from "./group-commit";

let opened: OpenedDatabase;
afterEach(() => opened?.db.destroy());

async function store() {
  opened = openDatabase(":memory:");
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(opened.db);
  return { db: opened.db, writes: new GroupCommit(opened.db) };
}
const bodies = async (db: OpenedDatabase["db"]) => (await sql<{ body: string }>`select body from notes order by id`.execute(db)).rows.map((r) => r.body);
const insert = (body: string) => (trx: Parameters<Parameters<GroupCommit["run"]>[0]>[0]) =>
  sql`insert into notes (body) values (${body})`.execute(trx).then(() => body);

test("writes handed over together commit in one transaction, in order, each answering its own value", async () => {
  const { db, writes } = await store();
  const answers = await Promise.all(["a", "b", "c"].map((b) => writes.run(insert(b))));
  expect(answers).toEqual(["a", "b", "c"]);
  expect(writes.stats).toEqual({ batches: 1, writes: 3 });
  expect(await bodies(db)).toEqual(["a", "b", "c"]);
});

test("a failing write is undone alone: its partial change is rolled back, the others of its batch commit", async () => {
  const { db, writes } = await store();
  const results = await Promise.allSettled([
    writes.run(insert("first")),
    writes.run(async (trx) => {
      await insert("half")(trx);
      await insert("first")(trx); // unique body: fails after the first insert of this write
    }),
    writes.run(insert("last")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(String((results[1] as PromiseRejectedResult).reason)).toContain("UNIQUE");
  expect(await bodies(db)).toEqual(["first", "last"]);
  // The batch rolled back and its writes ran again one by one: the two that succeed committed alone, in order.
  expect(writes.stats).toEqual({ batches: 2, writes: 2 });
});

test("a lone failing write rejects and writes nothing; the next write commits on its own", async () => {
  const { db, writes } = await store();
  await expect(
    writes.run(async (trx) => {
      await insert("x")(trx);
      throw new Error("refused");
    }),
  ).rejects.toThrow("refused");
  await writes.run(insert("y"));
  expect(await bodies(db)).toEqual(["y"]);
  await writes.idle();
});
