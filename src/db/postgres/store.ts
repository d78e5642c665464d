import { SQL } from "bun";
import { CompiledQuery, Kysely, sql } from "kysely";
import { migrations } from "../../../migrations";
import type { Config } from "../../config";
import type { Logger } from "../../log";
import type { Db } from "../database";
import { createMigrator, runMigrations } from "../migrator";
import type { Reads, Store } from "../store";
import { openHeldLocks } from "./locks";
import { bunPostgresDialect } from "./driver";

const LATEST = Object.keys(migrations).at(-1);

/**
 * Rows a first-distinct read asks the server for at a time. With a LIMIT the planner may start from the newest rows and
 * stop early, and at worst sorts the matches once per page; without one every match of the word is sent to this process
 * (for a word in one message out of eight, most of the table) to keep the first thousand tickets.
 */
const DISTINCT_PAGE = 4_000;

/**
 * The first row of each value of `column`, in the query's order, up to `limit` of them (what SQLite's reader stops
 * at), read a page at a time. The queries given here end with their ORDER BY and have no LIMIT of their own.
 */
async function firstDistinct<R>(db: Db, query: CompiledQuery<R>, column: keyof R, limit: number): Promise<R[]> {
  const n = query.parameters.length;
  const seen = new Set<unknown>();
  const kept: R[] = [];
  for (let offset = 0; ; offset += DISTINCT_PAGE) {
    const page = CompiledQuery.raw(`${query.sql} limit $${n + 1} offset $${n + 2}`, [...query.parameters, DISTINCT_PAGE, offset]);
    const rows = (await db.executeQuery(page)).rows as R[];
    for (const row of rows) {
      if (seen.has(row[column])) continue;
      seen.add(row[column]);
      kept.push(row);
      if (kept.length >= limit) return kept;
    }
    if (rows.length < DISTINCT_PAGE) return kept;
  }
}

/** Heavy reads run on the pool like any other query: the server, not this process, does the work. */
function poolReads(db: Db): Reads {
  return {
    async read(query, distinct) {
      return distinct ? firstDistinct(db, query, distinct.column, distinct.limit) : (await db.executeQuery(query)).rows;
    },
    async close() {},
  };
}

/** The server store: DATABASE_URL, a pool of DATABASE_POOL_SIZE connections through Bun's built-in client. */
export async function openPostgresStore(config: Config, log: Logger): Promise<Store> {
  const pool = new SQL(config.DATABASE_URL as string, { max: config.DATABASE_POOL_SIZE, bigint: true });
  const db: Db = new Kysely({ dialect: bunPostgresDialect(pool) });
  const sessions: Db = new Kysely({ dialect: bunPostgresDialect(pool, { sessions: true }) });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    throw new Error(`cannot reach the PostgreSQL server of DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`);
  }
  const version = await sql<{ v: number }>`select current_setting('server_version_num')::int as v`.execute(db);
  if ((version.rows[0]?.v ?? 0) < 150000) {
    await db.destroy();
    throw new Error("PostgreSQL 15 or newer is required (DATABASE_URL points at an older server)");
  }
  return {
    kind: "postgres",
    db,
    reads: poolReads(db),
    // Bun's client listens on a connection of its own, reconnected (and re-subscribed) if it drops.
    notifications: {
      notify: (channel, payload) => pool.notify(channel, payload),
      listen: (channel, onPayload, onListen) => pool.listen(channel, onPayload, onListen),
    },
    heldLocks: () => openHeldLocks(config.DATABASE_URL as string),
    sqlite: undefined,
    // No snapshot first, as SQLite takes: a server database is backed up by its own tools (pg_dump, replicas).
    async migrate() {
      // Kysely's migrator introspects the catalogue and takes a lock before it finds nothing to do (~80 ms a start);
      // a store whose newest applied migration is the newest there is needs none of it.
      const known = await sql<{ table: string | null }>`select to_regclass('kysely_migration')::text as table`.execute(db);
      if (known.rows[0]?.table) {
        const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
        if (rows[0]?.name === LATEST) return [];
      }
      return runMigrations(createMigrator(sessions), log);
    },
    migrator: () => createMigrator(sessions),
    async startUpkeep() {},
    async sizes() {
      const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db);
      return [{ file: "database", bytes: rows[0]?.bytes ?? 0 }];
    },
    async close() {
      await sessions.destroy();
      await db.destroy();
    },
  };
}
