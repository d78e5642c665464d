/**
 * SQLite's planner statistics (sqlite_stat1), gathered when the server starts and hourly after. Without them SQLite
 * guesses how many rows an index equality matches, and a guess can be very wrong: once an index led by `companyId`
 * had no statistics, a page of 40 tickets read by id (`companyId = ? and id in (…)`) walked every ticket of the
 * company through that index instead of looking the 40 up by rowid, 7 ms instead of 0.05 on 100,000 tickets
 * (bench/tickets.ts). `PRAGMA optimize` analyses only the tables whose statistics are missing or stale, and the
 * analysis limit bounds how many entries of each index it reads. The sample is a prefix of the index, not a random
 * draw, so on an index led by companyId it holds one company: with SQLite's suggested 1,000 the planner believed a
 * company has about 1,000 tickets, and counted an agent's open tab by walking every open ticket of the company instead
 * of the agent's own (0.55 ms against 0.09 on 100,000 tickets). 100,000 entries cover a large company's tickets and
 * contacts in full and a sample of the messages; a first pass over 100,000 tickets and 1,000,000 messages takes about
 * 0.3 s here, and later passes analyse only what grew.
 */
import type { Database } from "bun:sqlite";
import type { Logger } from "../log";

const HOURLY_MS = 60 * 60 * 1000;
/** Index entries read per index (see above for why not SQLite's suggested 400-1,000). */
const ANALYSIS_LIMIT = 100_000;

/** Runs one pass; `everyTable` also covers tables no statement has used since the connection opened (at start). */
export function optimizeStatistics(sqlite: Database, everyTable = false): void {
  sqlite.exec(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}; PRAGMA optimize${everyTable ? " = 0x10002" : ""};`);
}

/** Gathers the statistics now and then hourly; answers the function that stops the hourly pass. */
export function keepStatistics(sqlite: Database, log: Logger, intervalMs = HOURLY_MS): () => void {
  const pass = (everyTable: boolean) => {
    const started = performance.now();
    try {
      optimizeStatistics(sqlite, everyTable);
      log.debug("planner statistics refreshed", { ms: Math.round(performance.now() - started) });
    } catch (err) {
      // A busy store skips a pass: the statistics only steer plans, and the next pass catches up.
      log.warn("planner statistics not refreshed", { err: String(err) });
    }
  };
  pass(true);
  const timer = setInterval(() => pass(false), intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
