import { join } from "node:path";
import { loadConfig } from "./config";
import { VERSION, type ContextOptions } from "./context";
import { openDatabase } from "./db/database";
import { backupTo } from "./db/migrator";
import { migrateStore } from "./db/postgres/migrate-store";
import { openStore } from "./db/store";
import { healthcheck } from "./health/probe";
import { createLogger } from "./log";
import { startServer } from "./server";

/** CLI: `serve` (default), `migrate`, `backup <file>`, `migrate-store --to URL`, `healthcheck`, `version`. */
export async function main(argv: string[], assets?: Map<string, string>): Promise<void> {
  const [command = "serve", ...rest] = argv;
  switch (command) {
    case "serve":
      await startServer({ assets } satisfies ContextOptions);
      return;
    case "migrate": {
      const config = loadConfig();
      const store = await openStore(config, createLogger(config.LOG_LEVEL));
      try {
        const applied = await store.migrate(new Date());
        console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to migrate");
      } finally {
        await store.close();
      }
      return;
    }
    case "backup": {
      const file = rest[0];
      if (!file) throw new Error("usage: multi100 backup <file>");
      const config = loadConfig();
      if (config.DATABASE_URL) {
        // A server database has its own consistent dump; copying it row by row here would be slower and no safer.
        throw new Error(
          `multi100 backup copies the embedded SQLite store; this install uses PostgreSQL (DATABASE_URL). Back it up with pg_dump:\n  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
        );
      }
      const { db, sqlite } = openDatabase(join(config.DATA_DIR, "multi100.db"));
      backupTo(sqlite, file);
      console.log(`Backup written to ${file}`);
      await db.destroy();
      return;
    }
    case "migrate-store": {
      const at = rest.indexOf("--to");
      const to = at >= 0 ? rest[at + 1] : undefined;
      if (!to) throw new Error("usage: multi100 migrate-store --to postgres://user:password@host:5432/db   (DATA_DIR: the stopped install to copy)");
      const config = loadConfig();
      await migrateStore(config, to, createLogger(config.LOG_LEVEL), (line) => console.log(line));
      console.log(`Done. Start the server with DATABASE_URL set to the new database; media stays in ${join(config.DATA_DIR, "media")}.`);
      return;
    }
    case "healthcheck":
      console.log(await healthcheck(loadConfig()));
      return;
    case "version":
      console.log(VERSION);
      return;
    default:
      throw new Error(`unknown command ${command}; use serve, migrate, backup <file>, migrate-store --to URL, healthcheck or version`);
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
