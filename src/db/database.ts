import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, type SqliteDatabase } from "kysely";
import type { DB } from "./schema";
import { StablePlanSqliteDialect } from "./sqlite-dialect";
import { StatementCache } from "./statements";

export type Db = Kysely<DB>;

export interface OpenedDatabase {
  db: Db;
  sqlite: Database;
}

/** Opens (creating) the SQLite file in WAL mode; one writer connection that Kysely serialises. */
export function openDatabase(path: string, opts: { readonly?: boolean } = {}): OpenedDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = opts.readonly ? new Database(path, { readonly: true }) : new Database(path, { create: true });
  sqlite.exec(
    opts.readonly
      ? "PRAGMA busy_timeout = 5000; PRAGMA query_only = ON;"
      : "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  // A 32 MB page cache instead of SQLite's 2 MB: a conversation's messages lie on scattered pages of a large file, and
  // with the bigger cache a random one is read in about half the time (bench/tickets.ts). It fills only as pages are
  // read, and it is process memory: with the search workers' cache it is most of what the server holds beyond its
  // heap, hence 32 and not 64 MB. A memory map would read faster still but cost the inbound pipeline a fifth of its
  // throughput (bench/inbound.ts).
  sqlite.exec("PRAGMA cache_size = -32768;");
  const statements = new StatementCache(sqlite);
  const cached = {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => statements.prepare(text),
  };
  const db = new Kysely<DB>({ dialect: new StablePlanSqliteDialect({ database: cached as unknown as SqliteDatabase }) });
  return { db, sqlite };
}
