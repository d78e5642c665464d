import { afterEach, expect, test } from "bun:test";
import { createTestApp, sqliteOf, type TestApp } from "../../tests/helpers/test-app";
import { ticketViewQuery } from "../modules/tickets/queries";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Contacts with a closed ticket each, in batches, all in company 1. */
async function seedTickets(app: TestApp, n: number): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date(Date.UTC(2024, 0, 1)).toISOString();
  for (let from = 0; from < n; from += 500) {
    const count = Math.min(500, n - from);
    const contacts = await app.ctx.db
      .insertInto("contacts")
      .values(
        Array.from({ length: count }, (_, i) => ({
          companyId: 1,
          name: `C ${from + i}`,
          number: `5511${String(from + i).padStart(8, "0")}`,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning("id")
      .execute();
    const tickets = await app.ctx.db
      .insertInto("tickets")
      .values(contacts.map((c) => ({ uuid: crypto.randomUUID(), companyId: 1, contactId: c.id, status: "closed" as const, createdAt: at, updatedAt: at })))
      .returning("id")
      .execute();
    ids.push(...tickets.map((r) => r.id));
  }
  return ids;
}

test("the server gathers planner statistics when it starts, and a page of tickets read by id is looked up by rowid", async () => {
  t = await createTestApp({}, { store: "sqlite" });
  const sqlite = sqliteOf(t);
  const ids = await seedTickets(t, 3000);
  const page = ids.filter((_, i) => i % 75 === 0).slice(0, 40);
  const { sql, parameters } = ticketViewQuery(t.ctx.db, 1).where("tickets.id", "in", page).compile();
  const plan = () => (sqlite.query(`explain query plan ${sql}`).all(...(parameters as never[])) as { detail: string }[]).map((r) => r.detail);
  const statsOf = () => sqlite.query("select count(*) as n from sqlite_stat1 where tbl = 'tickets'").get() as { n: number } | null;
  const hasStats = () => (sqlite.query("select name from sqlite_master where name = 'sqlite_stat1'").get() ? statsOf()!.n : 0);
  expect(hasStats()).toBe(0);

  await t.ctx.store.startUpkeep();
  expect(hasStats()).toBeGreaterThan(0);
  // The sample is not cut at SQLite's suggested 1,000 entries: the planner knows the company holds all 3,000 tickets.
  const listStat = sqlite.query("select stat from sqlite_stat1 where idx = 'tickets_list'").get() as { stat: string };
  expect(listStat.stat.split(" ").slice(0, 2)).toEqual(["3000", "3000"]);
  const tickets = plan().find((line) => line.includes(" tickets "));
  expect(tickets).toContain("INTEGER PRIMARY KEY");
  expect(await ticketViewQuery(t.ctx.db, 1).where("tickets.id", "in", page).execute()).toHaveLength(40);
});
