import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { StatementCache } from "./statements";

let sqlite: Database;
let file: string | undefined;
afterEach(() => {
  sqlite?.close();
  if (file) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  file = undefined;
});

test("a text is compiled once and its statement reused", () => {
  sqlite = new Database(":memory:");
  const cache = new StatementCache(sqlite, 3);
  const a = cache.prepare("select 1 as n");
  expect(cache.prepare("select 1 as n")).toBe(a);
  expect(a.get()).toEqual({ n: 1 });
});

test("past the cap the least recently used statement is finalized and dropped", () => {
  sqlite = new Database(":memory:");
  const cache = new StatementCache(sqlite, 2);
  const one = cache.prepare("select 1 as n");
  const two = cache.prepare("select 2 as n");
  cache.prepare("select 1 as n"); // used again: "select 2" is now the oldest
  cache.prepare("select 3 as n");
  expect(cache.size).toBe(2);
  expect(cache.prepare("select 1 as n")).toBe(one);
  expect(() => two.get()).toThrow();
  expect(cache.prepare("select 2 as n")).not.toBe(two);
});

test("clear finalizes every statement so the file can be closed and reopened for writing", () => {
  const path = `/tmp/statements-${crypto.randomUUID()}.db`;
  file = path;
  sqlite = new Database(path, { create: true });
  sqlite.exec("PRAGMA journal_mode = WAL; create table t (x)");
  const cache = new StatementCache(sqlite);
  cache.prepare("insert into t values (1)").run();
  cache.prepare("select count(*) as n from t").get();
  cache.clear();
  expect(cache.size).toBe(0);
  sqlite.close(true);
  sqlite = new Database(path);
  expect(sqlite.query("select count(*) as n from t").get()).toEqual({ n: 1 });
});
