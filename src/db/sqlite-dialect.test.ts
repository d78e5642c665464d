import { afterEach, expect, test } from "bun:test";
import { sql } from "kysely";
import { type OpenedDatabase, openDatabase } from "./database";

let opened: OpenedDatabase;
afterEach(() => opened?.db.destroy());

async function store() {
  opened = openDatabase(":memory:");
  const db = opened.db;
  await sql`create table owners (id integer primary key, name text not null)`.execute(db);
  await sql`create table pets (id integer primary key, ownerId integer not null, label text not null, code integer)`.execute(db);
  await sql`create index pets_owner on pets (ownerId)`.execute(db);
  await sql`insert into owners (id, name) values (1, 'Ana'), (2, 'Bia')`.execute(db);
  await sql`insert into pets (id, ownerId, label, code) values (10, 1, '5', 7), (11, 2, 'x', 8), (12, 1, 'y', null)`.execute(db);
  return db as unknown as import("kysely").Kysely<any>;
}

test("an equality with a bound value is written = +?; other comparisons, lists and SET clauses as Kysely writes them", async () => {
  const db = await store();
  const q = db
    .selectFrom("pets")
    .innerJoin("owners", "owners.id", "pets.ownerId")
    .select("pets.id")
    .where("pets.ownerId", "=", 1)
    .where("pets.id", "in", [10, 12])
    .where("pets.code", "<>", 9)
    .compile();
  expect(q.sql).toBe(
    'select "pets"."id" from "pets" inner join "owners" on "owners"."id" = "pets"."ownerId" where "pets"."ownerId" = +? and "pets"."id" in (?, ?) and "pets"."code" <> ?',
  );
  expect(db.updateTable("pets").set({ label: "z" }).where("id", "=", 10).compile().sql).toBe('update "pets" set "label" = ? where "id" = +?');
});

test("the unary plus changes no answer: joins, affinities both ways, null and a miss", async () => {
  const db = await store();
  const ids = async (build: (q: any) => any) =>
    (await build(db.selectFrom("pets").innerJoin("owners", "owners.id", "pets.ownerId").select("pets.id").orderBy("pets.id")).execute()).map(
      (r: { id: number }) => r.id,
    );
  expect(await ids((q) => q.where("owners.id", "=", 1))).toEqual([10, 12]);
  expect(await ids((q) => q.where("pets.id", "=", 11))).toEqual([11]);
  // A text column compared with a number, an integer column with its digits as text: SQLite applies the column's
  // affinity to the value either way.
  expect(await ids((q) => q.where("pets.label", "=", 5))).toEqual([10]);
  expect(await ids((q) => q.where("pets.code", "=", "8"))).toEqual([11]);
  expect(await ids((q) => q.where("pets.code", "=", null))).toEqual([]);
  expect(await ids((q) => q.where("pets.id", "=", 99))).toEqual([]);
  // The index is still used for the equality.
  const plan = await sql<{ detail: string }>`explain query plan select id from pets where ownerId = +${1}`.execute(db);
  expect(plan.rows.map((r) => r.detail).join(" ")).toContain("INDEX pets_owner (ownerId=?)");
});
