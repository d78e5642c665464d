import { join } from "node:path";
import { loadConfig } from "./config";
import { VERSION, type ContextOptions } from "./context";
import { openDatabase } from "./db/database";
import { backupTo, migrateToLatest } from "./db/migrator";
import { healthcheck } from "./health/probe";
import { createLogger } from "./log";
import { startServer } from "./server";

/** CLI: `serve` (default), `migrate`, `backup <file>`, `healthcheck`, `version`. */
export async function main(argv: string[], assets?: Map<string, string>): Promise<void> {
  const [command = "serve", ...rest] = argv;
  switch (command) {
    case "serve":
      await startServer({ assets } satisfies ContextOptions);
      return;
    case "migrate": {
      const config = loadConfig();
      const log = createLogger(config.LOG_LEVEL);
      const { db, sqlite } = openDatabase(join(config.DATA_DIR, "multi100.db"));
      const applied = await migrateToLatest(db, sqlite, join(config.DATA_DIR, "backups"), log, new Date());
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to migrate");
      await db.destroy();
      return;
    }
    case "backup": {
      const file = rest[0];
      if (!file) throw new Error("usage: multi100 backup <file>");
      const config = loadConfig();
      const { db, sqlite } = openDatabase(join(config.DATA_DIR, "multi100.db"));
      backupTo(sqlite, file);
      console.log(`Backup written to ${file}`);
      await db.destroy();
      return;
    }
    case "healthcheck":
      console.log(await healthcheck(loadConfig()));
      return;
    case "version":
      console.log(VERSION);
      return;
    default:
      throw new Error(`unknown command ${command}; use serve, migrate, backup <file>, healthcheck or version`);
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
