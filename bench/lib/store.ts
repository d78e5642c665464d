/**
 * The store a bench server runs on: `--store sqlite` (the default: the seeded DATA_DIR itself) or `--store postgres`.
 * The benches always seed SQLite (bun:sqlite bulk inserts are the fast way to a million messages); for PostgreSQL a
 * throwaway cluster is started with the server's durable defaults (scripts/pg-cluster.ts) and the seeded DATA_DIR is
 * moved into it with the product's own `migrate-store`, timed and printed as a figure. After the run the bench reads
 * its checks from whichever store the server wrote.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { startCluster, stopCluster } from "../../scripts/pg-cluster";
import { emit, note } from "./report";
import { benchEnv } from "./server";

export type StoreKind = "sqlite" | "postgres";

/** `--store sqlite|postgres` from the command line. */
export function storeArg(): StoreKind {
  const i = process.argv.indexOf("--store");
  const kind = i >= 0 ? process.argv[i + 1] : "sqlite";
  if (kind !== "sqlite" && kind !== "postgres") throw new Error(`--store ${kind}: use sqlite or postgres`);
  return kind;
}

export interface BenchStore {
  kind: StoreKind;
  /** What the server's environment adds to run on this store. */
  env: Record<string, string>;
  /**
   * Rows of one query, written once for both stores: identifiers double-quoted, `?` placeholders, integers cast
   * (`cast(count(*) as integer)`) so both answer numbers.
   */
  rows<T>(text: string, ...params: (string | number)[]): Promise<T[]>;
  /** Live messages the full-text index finds for one plain word. */
  indexed(word: string): Promise<number>;
  /** The database server's main process (PostgreSQL's postmaster); undefined on SQLite, which runs in the server. */
  dbPid: number | undefined;
  /** Database sessions waiting on a lock now (PostgreSQL); undefined on SQLite. */
  lockWaiters: (() => Promise<number>) | undefined;
  close(): Promise<void>;
}

export async function benchStore(kind: StoreKind, dataDir: string): Promise<BenchStore> {
  if (kind === "sqlite") {
    let db: Database | undefined;
    const open = () => (db ??= new Database(join(dataDir, "multi100.db"), { readonly: true }));
    return {
      kind,
      env: {},
      rows: async <T>(text: string, ...params: (string | number)[]) =>
        open()
          .query(text)
          .all(...params) as T[],
      indexed: async (word) => (open().query("select count(*) as n from messages_fts where messages_fts match ?").get(word) as { n: number }).n,
      dbPid: undefined,
      lockWaiters: undefined,
      close: async () => db?.close(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "multi100-bench-pg-"));
  // Stopped however the bench ends: a cluster left running keeps its port, its memory and its folder.
  process.on("exit", () => stopCluster(dir));
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.once(signal, () => process.exit(code));
  const server = await startCluster(dir, { durable: true });
  const url = new URL(server);
  url.pathname = "/bench";
  const maintenance = new SQL(server, { max: 1 });
  await maintenance.unsafe("create database bench");
  await maintenance.close();

  const { loadConfig } = await import("../../src/config");
  const { createLogger } = await import("../../src/log");
  const { migrateStore } = await import("../../src/db/postgres/migrate-store");
  note(`moving ${dataDir} into PostgreSQL (migrate-store)`);
  const t0 = performance.now();
  const report = await migrateStore(loadConfig(benchEnv(dataDir)), url.toString(), createLogger("warn"), () => {});
  const seconds = (performance.now() - t0) / 1000;
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  emit("migrate_store_s", seconds, "s", rows, { tables: report.tables.length, rowsPerS: Math.round(rows / seconds) });

  const sql = new SQL(url.toString(), { max: 1 });
  const rowsOf = async <T>(text: string, ...params: (string | number)[]) => {
    let n = 0;
    return (await sql.unsafe(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    )) as T[];
  };
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    rows: rowsOf,
    indexed: async (word) =>
      (await rowsOf<{ n: number }>("select cast(count(*) as integer) as n from messages_fts where body @@ to_tsquery('simple', ?)", word))[0]!.n,
    dbPid: Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]),
    lockWaiters: async () => (await rowsOf<{ n: number }>("select cast(count(*) as integer) as n from pg_stat_activity where wait_event_type = 'Lock'"))[0]!.n,
    close: () => sql.close(),
  };
}
