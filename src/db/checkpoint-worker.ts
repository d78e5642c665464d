/**
 * The checkpoint worker: its own connection to the product's database that folds the write-ahead log back into the
 * database file at a steady pace (see checkpointer.ts). Loaded from its source text, so it imports nothing but
 * bun:sqlite and types.
 */
import { Database } from "bun:sqlite";

export type ToCheckpointWorker = { kind: "start"; path: string; intervalMs: number } | { kind: "stop" };
export type FromCheckpointWorker =
  | { kind: "ready" }
  | { kind: "failed"; error: string }
  | { kind: "stopped" }
  /** One checkpoint: frames in the log, frames copied into the database file so far. */
  | { kind: "checkpoint"; log: number; checkpointed: number; ms: number };

if (!Bun.isMainThread) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let db: Database | undefined;
  self.onmessage = (event: MessageEvent<ToCheckpointWorker>) => {
    const msg = event.data;
    if (msg.kind === "stop") {
      clearInterval(timer);
      db?.close();
      postMessage({ kind: "stopped" } satisfies FromCheckpointWorker);
      return;
    }
    if (timer) return;
    try {
      db = new Database(msg.path);
      db.exec("PRAGMA busy_timeout = 5000;");
    } catch (err) {
      postMessage({ kind: "failed", error: String(err) } satisfies FromCheckpointWorker);
      return;
    }
    postMessage({ kind: "ready" } satisfies FromCheckpointWorker);
    // PASSIVE never waits for the writer or the readers: it copies what no reader still needs, and the writer starts
    // the log over once everything was copied.
    const conn = db;
    const statement = conn.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(PASSIVE)");
    timer = setInterval(() => {
      const started = performance.now();
      try {
        const r = statement.get();
        if (r && r.log > 0)
          postMessage({ kind: "checkpoint", log: r.log, checkpointed: r.checkpointed, ms: performance.now() - started } satisfies FromCheckpointWorker);
      } catch (err) {
        postMessage({ kind: "failed", error: String(err) } satisfies FromCheckpointWorker);
      }
    }, msg.intervalMs);
  };
}
