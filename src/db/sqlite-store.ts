import { statSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import type { Logger } from "../log";
import { ReadPool } from "../modules/search/pool";
import { Checkpointer } from "./checkpointer";
import { openDatabase } from "./database";
import { createMigrator, migrateToLatest } from "./migrator";
import { keepStatistics } from "./statistics";
import type { Store } from "./store";

const fileBytes = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** The embedded store: DATA_DIR/multi100.db in WAL mode, search on reader threads, checkpoints on a worker, planner statistics kept. */
export function openSqliteStore(config: Config, log: Logger): Store {
  const path = join(config.DATA_DIR, "multi100.db");
  const { db, sqlite } = openDatabase(path);
  const reads = new ReadPool({ path, local: sqlite, log });
  const checkpoints = new Checkpointer({ path, writer: sqlite, log });
  let stopStatistics: (() => void) | undefined;
  return {
    kind: "sqlite",
    db,
    reads,
    notifications: undefined,
    heldLocks: () => undefined,
    sqlite,
    migrate: (now) => migrateToLatest(db, sqlite, join(config.DATA_DIR, "backups"), log, now),
    migrator: () => createMigrator(db),
    async startUpkeep() {
      stopStatistics = keepStatistics(sqlite, log);
      await checkpoints.start();
    },
    async sizes() {
      return [
        { file: "database", bytes: fileBytes(path) },
        { file: "wal", bytes: fileBytes(`${path}-wal`) },
      ];
    },
    async close() {
      stopStatistics?.();
      await reads.close();
      await checkpoints.stop();
      // Fold the WAL back into the database file so a stopped server leaves one self-contained file. A checkpoint
      // refused now (a statement still open) loses nothing: the next start reads the WAL.
      try {
        sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch (err) {
        log.warn("WAL checkpoint at close skipped", { err: String(err) });
      }
      await db.destroy();
    },
  };
}
