/**
 * Checkpoints off the request thread. In WAL mode SQLite copies the log back into the database file (and syncs the
 * file) inside whichever commit crosses the auto-checkpoint mark: on the single writer connection that put up to a
 * few hundred milliseconds into a random request and, under a steady inbound load, about a seventh of the server's
 * time (bench/inbound.ts). A worker thread with its own connection checkpoints every second instead, and the writer's
 * own mark is raised to a safety net that bounds the log should the worker stop.
 * Started by the server (not by every context), so tools and tests that open the store keep SQLite's default.
 */
import type { Database } from "bun:sqlite";
import type { Logger } from "../log";
import type { FromCheckpointWorker, ToCheckpointWorker } from "./checkpoint-worker";
// The worker's source text, started from a blob as the read pool's is (one entry point in the compiled binary).
import * as workerText from "./checkpoint-worker" with { type: "text" };

/** The writer's own auto-checkpoint mark while the worker runs: 20,000 pages (about 80 MB of log). */
const SAFETY_PAGES = 20_000;
/** SQLite's default mark, restored when the worker cannot run. */
const DEFAULT_PAGES = 1_000;

export interface CheckpointStats {
  runs: number;
  /** Frames in the log at the last run, and how many of them are in the database file. */
  log: number;
  checkpointed: number;
  lastMs: number;
}

export class Checkpointer {
  private worker: Worker | undefined;
  private url: string | undefined;
  readonly stats: CheckpointStats = { runs: 0, log: 0, checkpointed: 0, lastMs: 0 };

  constructor(private readonly opts: { path: string; writer: Database; log: Logger; intervalMs?: number }) {}

  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Resolves once the worker has opened its connection (false when it could not: the writer keeps checkpointing). */
  start(): Promise<boolean> {
    if (this.worker) return Promise.resolve(true);
    const source = (workerText as unknown as { default: string }).default;
    this.url = URL.createObjectURL(new Blob([new Bun.Transpiler({ loader: "ts" }).transformSync(source)], { type: "text/javascript" }));
    const worker = new Worker(this.url);
    this.worker = worker;
    return new Promise<boolean>((settle) => {
      worker.onmessage = (event: MessageEvent<FromCheckpointWorker>) => {
        const msg = event.data;
        if (msg.kind === "ready") {
          this.opts.writer.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_PAGES}`);
          settle(true);
        } else if (msg.kind === "checkpoint") {
          this.stats.runs++;
          this.stats.log = msg.log;
          this.stats.checkpointed = msg.checkpointed;
          this.stats.lastMs = msg.ms;
        } else if (msg.kind === "failed") {
          this.fail(msg.error);
          settle(false);
        }
      };
      worker.onerror = (event) => {
        this.fail(event.message);
        settle(false);
      };
      worker.postMessage({ kind: "start", path: this.opts.path, intervalMs: this.opts.intervalMs ?? 1_000 } satisfies ToCheckpointWorker);
    });
  }

  /** Stops the worker after it has closed its connection (or after a second, whatever it is doing). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await new Promise<void>((done) => {
      const timeout = setTimeout(done, 1_000);
      worker.onmessage = (event: MessageEvent<FromCheckpointWorker>) => {
        if (event.data.kind !== "stopped") return;
        clearTimeout(timeout);
        done();
      };
      worker.postMessage({ kind: "stop" } satisfies ToCheckpointWorker);
    });
    this.release(worker);
  }

  private release(worker: Worker): void {
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
  }

  private fail(error: string): void {
    this.opts.log.error("checkpoint worker stopped: the writer checkpoints the log itself again", { err: error });
    if (this.worker) this.release(this.worker);
    this.worker = undefined;
    this.opts.writer.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_PAGES}`);
  }
}
