import type { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import type { Config } from "../../config";
import type { Logger } from "../../log";
import { openDatabase } from "../database";
import { migrateToLatest } from "../migrator";
import type { Store } from "../store";
import { openPostgresStore } from "./store";

/**
 * `multi100 migrate-store --to URL`: copies a stopped SQLite DATA_DIR into an empty PostgreSQL database (media stays
 * in its folder). Both are first brought to the latest migration; then every table is copied in an order that puts
 * the rows a foreign key names before the rows that name them (a column naming its own table is filled in after the
 * table), the identity counters are moved past the copied ids, the signing secrets move into the database, and each
 * table's row count and checksum are compared. The source is held under SQLite's write lock for the whole copy.
 */

/** Tables of the product: not SQLite's own, not the search indexes (the target's triggers rebuild them), not the migrator's. */
function dataTables(sqlite: Database): string[] {
  return sqlite
    .query<{ name: string }, []>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' and name not like 'kysely_%' order by name",
    )
    .all()
    .map((r) => r.name);
}

interface TableInfo {
  name: string;
  columns: string[];
  /** Columns naming a row of the same table. */
  selfRefs: string[];
  /** Other tables this one's foreign keys name. */
  parents: string[];
  primaryKey: string[];
}

function tableInfo(sqlite: Database, name: string): TableInfo {
  const columns = sqlite.query<{ name: string; pk: number }, []>(`pragma table_info("${name}")`).all();
  const keys = sqlite.query<{ table: string; from: string }, []>(`pragma foreign_key_list("${name}")`).all();
  return {
    name,
    columns: columns.map((c) => c.name),
    primaryKey: columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
    selfRefs: keys.filter((k) => k.table === name).map((k) => k.from),
    parents: [...new Set(keys.filter((k) => k.table !== name).map((k) => k.table))],
  };
}

/** Parents before children. */
function copyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const order: TableInfo[] = [];
  const visit = (t: TableInfo, path: Set<string>) => {
    if (done.has(t.name)) return;
    if (path.has(t.name)) throw new Error(`foreign keys form a cycle through ${t.name}`);
    path.add(t.name);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent, path);
    }
    path.delete(t.name);
    done.add(t.name);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

/** An order-free checksum of rows: the sum of each row's SHA-256 prefix, so the stores' sort orders do not matter. */
function checksum(rows: Iterable<Record<string, unknown>>, columns: string[]): bigint {
  let sum = 0n;
  for (const row of rows) {
    const text = JSON.stringify(columns.map((c) => (typeof row[c] === "bigint" ? Number(row[c]) : (row[c] ?? null))));
    const digest = new Bun.CryptoHasher("sha256").update(text).digest();
    sum = (sum + digest.readBigUInt64BE(0)) % 2n ** 64n;
  }
  return sum;
}

type Page = (after: number | undefined, limit: number) => Promise<Record<string, unknown>[]>;

const PAGE = 5_000;

/** Rows and checksum of a table read page by page: by id when the key is an integer id, else in one read (small tables). */
async function tableSum(t: TableInfo, page: Page): Promise<{ rows: number; sum: bigint }> {
  let rows = 0;
  let sum = 0n;
  let after: number | undefined;
  for (;;) {
    const got = await page(after, PAGE);
    rows += got.length;
    sum = (sum + checksum(got, t.columns)) % 2n ** 64n;
    if (!byId(t) || got.length < PAGE) return { rows, sum };
    after = Number(got[got.length - 1]!.id);
  }
}

const byId = (t: TableInfo) => t.primaryKey.join() === "id";

function sqlitePage(sqlite: Database, t: TableInfo, after: number | undefined, limit: number): Promise<Record<string, unknown>[]> {
  const rows = byId(t)
    ? sqlite.query<Record<string, unknown>, [number, number]>(`select * from "${t.name}" where id > ? order by id limit ?`).all(after ?? 0, limit)
    : sqlite.query<Record<string, unknown>, []>(`select * from "${t.name}"`).all();
  return Promise.resolve(rows);
}

async function postgresPage(target: Store, t: TableInfo, after: number | undefined, limit: number): Promise<Record<string, unknown>[]> {
  const query = byId(t)
    ? sql<Record<string, unknown>>`select * from ${sql.table(t.name)} where id > ${after ?? 0} order by id limit ${limit}`
    : sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`;
  return (await query.execute(target.db)).rows;
}

export interface MigrateStoreReport {
  tables: { name: string; rows: number }[];
}

export async function migrateStore(config: Config, to: string, log: Logger, say: (line: string) => void): Promise<MigrateStoreReport> {
  const file = join(config.DATA_DIR, "multi100.db");
  if (!existsSync(file)) throw new Error(`no SQLite store at ${file}: set DATA_DIR to the folder of the install to move`);
  const source = openDatabase(file);
  const target = await openPostgresStore({ ...config, DATABASE_URL: to }, log);
  try {
    await migrateToLatest(source.db, source.sqlite, join(config.DATA_DIR, "backups"), log, new Date());
    await target.migrate(new Date());
    const tables = copyOrder(dataTables(source.sqlite).map((name) => tableInfo(source.sqlite, name)));
    for (const t of tables) {
      const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(t.name)} limit 1`.execute(target.db);
      if (t.name !== "store_secrets" && rows.length)
        throw new Error(`the target database is not empty (table ${t.name} has rows): migrate-store copies only into an empty database`);
    }
    // Held until the end: a server still running on DATA_DIR cannot write while the copy reads.
    source.sqlite.exec("begin immediate");
    const report: MigrateStoreReport = { tables: [] };
    await target.db.transaction().execute(async (trx) => {
      for (const t of tables) {
        const batch = Math.max(1, Math.floor(30_000 / t.columns.length));
        const later: { key: Record<string, unknown>; set: Record<string, unknown> }[] = [];
        let pending: Record<string, unknown>[] = [];
        let copied = 0;
        const flush = async () => {
          if (pending.length)
            await trx
              .insertInto(t.name as never)
              .values(pending as never)
              .execute();
          copied += pending.length;
          pending = [];
        };
        for (const row of source.sqlite.query<Record<string, unknown>, []>(`select * from "${t.name}"`).iterate()) {
          const set = Object.fromEntries(t.selfRefs.filter((c) => row[c] != null).map((c) => [c, row[c]]));
          if (Object.keys(set).length) {
            later.push({ key: Object.fromEntries(t.primaryKey.map((c) => [c, row[c]])), set });
            pending.push({ ...row, ...Object.fromEntries(Object.keys(set).map((c) => [c, null])) });
          } else pending.push(row);
          if (pending.length >= batch) await flush();
        }
        await flush();
        for (const { key, set } of later) {
          let q = trx.updateTable(t.name as never).set(set as never);
          for (const [c, v] of Object.entries(key)) q = q.where(sql.ref(c), "=", v);
          await q.execute();
        }
        if (byId(t)) {
          await sql`select setval(pg_get_serial_sequence(${`"${t.name}"`}, 'id'), coalesce((select max(id) from ${sql.table(t.name)}), 1), (select count(*) > 0 from ${sql.table(t.name)}))`.execute(
            trx,
          );
        }
        report.tables.push({ name: t.name, rows: copied });
        say(`${t.name}: ${copied} rows`);
      }
      // The signing secrets move with the data, so sessions and media links stay valid on the new store.
      const secretsFile = join(config.DATA_DIR, "secrets.json");
      if (existsSync(secretsFile)) {
        const secrets = JSON.parse(readFileSync(secretsFile, "utf8")) as Record<string, string>;
        const rows = ["jwt", "jwtRefresh", "media"].filter((n) => secrets[n]).map((name) => ({ name, value: secrets[name]! }));
        if (rows.length) await trx.insertInto("store_secrets").values(rows).execute();
      }
    });
    // The planner knows nothing of rows that arrived in bulk until autovacuum gets to them: without statistics it
    // takes every table for empty and joins a million messages by nested loops. Vacuum also moves the search indexes'
    // pending entries (GIN takes bulk inserts into an unsorted list, read in full by every search until merged) into
    // the index proper: an agent's message search read its scope's 39,000 entries in 38 ms before, 6 ms after.
    await sql`vacuum analyze`.execute(target.db);
    say("statistics gathered and search indexes merged (vacuum analyze)");
    // Verified after the commit, through fresh reads of both stores, a page at a time.
    for (const t of tables) {
      if (t.name === "store_secrets") continue;
      const left = await tableSum(t, (after, limit) => sqlitePage(source.sqlite, t, after, limit));
      const right = await tableSum(t, (after, limit) => postgresPage(target, t, after, limit));
      if (left.rows !== right.rows) throw new Error(`verification failed: ${t.name} has ${left.rows} rows in SQLite and ${right.rows} in PostgreSQL`);
      if (left.sum !== right.sum) throw new Error(`verification failed: the rows of ${t.name} differ between the stores`);
    }
    say(`verified: ${tables.length} tables, row counts and checksums equal`);
    return report;
  } finally {
    if (source.sqlite.inTransaction) source.sqlite.exec("rollback");
    await source.db.destroy();
    await target.close();
  }
}
