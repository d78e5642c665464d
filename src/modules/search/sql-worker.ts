/**
 * A read worker: one read-only connection to the product's database (WAL lets it read beside the writer) that runs
 * the reads the pool sends. It is loaded from its source text (pool.ts), so it imports nothing but bun:sqlite and types.
 */
import { Database, type SQLQueryBindings } from "bun:sqlite";
import type { FromWorker, ReadRequest, Row, ToWorker } from "./protocol";

/** Runs one read on a connection (the worker's, or the main one when workers are unavailable). */
export function runRead(db: Database, req: ReadRequest): Row[] {
  const stmt = db.query<Row, SQLQueryBindings[]>(req.sql);
  const params = req.parameters as SQLQueryBindings[];
  if (!req.firstDistinct) return stmt.all(...params);
  const { column, limit } = req.firstDistinct;
  const seen = new Set<unknown>();
  const rows: Row[] = [];
  // Leaving the loop early resets the statement, so no read snapshot stays open.
  for (const row of stmt.iterate(...params)) {
    if (seen.has(row[column])) continue;
    seen.add(row[column]);
    rows.push(row);
    if (rows.length >= limit) break;
  }
  return rows;
}

if (!Bun.isMainThread) {
  let db: Database | undefined;
  const reply = (msg: FromWorker) => postMessage(msg);
  self.onmessage = (event: MessageEvent<ToWorker>) => {
    const msg = event.data;
    if (msg.kind === "open") {
      try {
        db = new Database(msg.path, { readonly: true });
        // A 32 MB page cache, as on the main connection, and no memory map: mapped, one search through the messages
        // held most of the database file in the process for as long as the worker lived (hundreds of MB on a large
        // store), where the cache is bounded and was as fast on the searches bench/tickets.ts times.
        db.exec("PRAGMA busy_timeout = 5000; PRAGMA query_only = ON; PRAGMA cache_size = -32768;");
        reply({ kind: "ready" });
      } catch (err) {
        reply({ kind: "failed", error: String(err) });
      }
      return;
    }
    try {
      reply({ kind: "rows", id: msg.id, rows: runRead(db!, msg) });
    } catch (err) {
      reply({ kind: "error", id: msg.id, error: String(err) });
    }
  };
}
