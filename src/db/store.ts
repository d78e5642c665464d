import type { Database } from "bun:sqlite";
import type { CompiledQuery } from "kysely";
import type { Migrator } from "kysely/migration";
import type { Config } from "../config";
import type { Logger } from "../log";
import type { Db } from "./database";
import { openPostgresStore } from "./postgres/store";
import { openSqliteStore } from "./sqlite-store";

/** Heavy reads (search, exports): SQLite's worker threads, or the PostgreSQL pool. */
export interface Reads {
  /** Runs a Kysely-compiled read; `firstDistinct` keeps the first row of each value of a column, up to `limit` of them. */
  read<R>(query: CompiledQuery<R>, firstDistinct?: { column: keyof R & string; limit: number }): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * The database behind the product, chosen by configuration (DATABASE_URL): the embedded SQLite file in DATA_DIR, or a
 * PostgreSQL server. Query code is shared through `db`; what differs between the two lives behind this interface.
 */
export interface Store {
  readonly kind: "sqlite" | "postgres";
  readonly db: Db;
  readonly reads: Reads;
  /** The SQLite connection (pragmas, checkpoints); undefined on PostgreSQL. */
  readonly sqlite: Database | undefined;
  /** Applies pending migrations (SQLite first snapshots a database that holds data); answers the names applied. */
  migrate(now: Date): Promise<string[]>;
  /** Kysely's migrator on a handle that keeps its lock and its transaction on one session (tests move the schema with it). */
  migrator(): Migrator;
  /** Background upkeep started by the server: SQLite's checkpoints off the request thread; nothing on PostgreSQL. */
  startUpkeep(): Promise<void>;
  /** Sizes for the metrics: SQLite's database file and write-ahead log; the database's size on PostgreSQL. */
  sizes(): Promise<{ file: string; bytes: number }[]>;
  close(): Promise<void>;
}

export function openStore(config: Config, log: Logger): Promise<Store> {
  return config.DATABASE_URL ? openPostgresStore(config, log) : Promise.resolve(openSqliteStore(config, log));
}
