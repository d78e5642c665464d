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

/** PostgreSQL's LISTEN/NOTIFY: how the instances on one database tell each other what happened. */
export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  /** `onListen` runs once the server has acknowledged, and again after every reconnect of the listening connection. */
  listen(channel: string, onPayload: (payload: string) => void, onListen: () => void): Promise<{ unlisten(): Promise<void> }>;
}

/** Locks an instance holds while it lives (PostgreSQL advisory locks): what each instance alone may run. */
export interface HeldLocks {
  /** True when this instance now holds `key` (it was free, or already this instance's). */
  tryLock(key: number): Promise<boolean>;
  unlock(key: number): Promise<void>;
  /** The keys some instance holds now (this one included). */
  heldAnywhere(): Promise<Set<number>>;
  /** The locks were lost with their connection (a network cut): whatever they guarded must stop at once. */
  onLost(listener: () => void): void;
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
  /** Messages between the instances sharing the database; undefined on SQLite, which one instance holds alone. */
  readonly notifications: Notifications | undefined;
  /** Opens this instance's held locks; undefined on SQLite, where the one instance holds everything. */
  heldLocks(): HeldLocks | undefined;
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
