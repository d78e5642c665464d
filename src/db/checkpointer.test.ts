import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../log";
import { Checkpointer } from "./checkpointer";

let dir: string;
let writer: Database | undefined;
let checkpointer: Checkpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  writer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const autoCheckpoint = (db: Database) => (db.query("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

test("the worker folds the writer's log into the database file, and the writer's own checkpoints wait far longer", async () => {
  dir = mkdtempSync(join(tmpdir(), "checkpoint-"));
  const path = join(dir, "store.db");
  writer = new Database(path, { create: true });
  writer.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; create table t (x text)");
  checkpointer = new Checkpointer({ path, writer, log: createLogger("error"), intervalMs: 20 });
  expect(await checkpointer.start()).toBe(true);
  expect(autoCheckpoint(writer)).toBe(20_000);

  const insert = writer.query("insert into t values (?)");
  for (let i = 0; i < 500; i++) insert.run(`row ${i}`);
  const deadline = Date.now() + 5_000;
  while (!(checkpointer.stats.log > 0 && checkpointer.stats.checkpointed === checkpointer.stats.log) && Date.now() < deadline) await Bun.sleep(20);
  expect(checkpointer.stats.checkpointed).toBe(checkpointer.stats.log);

  // The database file alone (without its log) now holds every row.
  const copy = join(dir, "copy.db");
  copyFileSync(path, copy);
  const alone = new Database(copy, { readonly: true });
  expect(alone.query("select count(*) as n from t").get()).toEqual({ n: 500 });
  alone.close();

  await checkpointer.stop();
  expect(checkpointer.running).toBe(false);
});

test("a worker that cannot open the database leaves the writer checkpointing by itself", async () => {
  dir = mkdtempSync(join(tmpdir(), "checkpoint-"));
  writer = new Database(join(dir, "store.db"), { create: true });
  writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 20000");
  const logged: string[] = [];
  checkpointer = new Checkpointer({ path: join(dir, "missing", "store.db"), writer, log: createLogger("error", {}, (l) => logged.push(l)), intervalMs: 20 });
  expect(await checkpointer.start()).toBe(false);
  expect(logged.join()).toContain("checkpoint worker stopped");
  expect(checkpointer.running).toBe(false);
  expect(autoCheckpoint(writer)).toBe(1_000);
});
