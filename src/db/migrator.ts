import type { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../../migrations";
import type { Logger } from "../log";

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Applies pending migrations; on a database that already holds data it first writes a snapshot to backupsDir. */
export async function migrateToLatest(db: Kysely<any>, sqlite: Database, backupsDir: string, log: Logger, now: Date): Promise<string[]> {
  const migrator = createMigrator(db);
  const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt);
  if (pending.length === 0) return [];
  const hasData = sqlite.query("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'companies'").get() as { n: number };
  if (hasData.n > 0) {
    mkdirSync(backupsDir, { recursive: true });
    const file = join(backupsDir, `pre-migrate-${now.toISOString().replace(/[:.]/g, "-")}.db`);
    sqlite.query("VACUUM INTO ?").run(file);
    log.info("snapshot before migrations", { file });
  }
  return runMigrations(migrator, log);
}

/** Applies pending migrations, logging the one that failed; answers the names applied. */
export async function runMigrations(migrator: Migrator, log: Logger): Promise<string[]> {
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") log.error("migration failed", { migration: r.migrationName });
  }
  if (error) throw error;
  return (results ?? []).map((r) => r.migrationName);
}

/** A consistent copy of the live database (VACUUM INTO works while others read and write in WAL mode). */
export function backupTo(sqlite: Database, file: string): void {
  sqlite.query("VACUUM INTO ?").run(file);
}
