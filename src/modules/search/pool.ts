import type { Database } from "bun:sqlite";
import { availableParallelism } from "node:os";
import type { CompiledQuery } from "kysely";
import type { Logger } from "../../log";
import type { FromWorker, ReadRequest, Row, ToWorker } from "./protocol";
// The worker's source text: Bun embeds it in the compiled binary as it is; the pool transpiles it and starts workers
// from a blob (a worker given by path would have to be a second entry point of `bun build --compile`). Nothing imports
// sql-worker.ts as code: the bundler would then merge the two imports and the text would be lost.
import * as workerText from "./sql-worker" with { type: "text" };

type WorkerModule = typeof import("./sql-worker");

interface Pending {
  resolve(rows: Row[]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Settles when the worker has opened its connection (or could not). */
  ready: Promise<void>;
  started: boolean;
  fail(err: Error): void;
  /** Reads given to this worker and not answered yet, counted from the moment they pick it. */
  load: number;
  pending: Map<number, Pending>;
}

export interface ReadPoolOptions {
  /** The database file the workers open read-only. */
  path: string;
  /** The main connection: used only when workers cannot start. */
  local: Database;
  log: Logger;
  /** Default: 2, but never more than the cores left beside the request thread (one on a 2-core machine). */
  size?: number;
}

const defaultSize = () => Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * Heavy reads (ARCHITECTURE.md): a pool of Worker threads, each with a read-only connection to the database file,
 * so a slow read never stalls the thread that serves requests and sockets. Started on the first read; each read
 * goes to the worker with the fewest reads in flight. When workers cannot start, reads run on the main connection
 * (logged once, loudly).
 */
export class ReadPool {
  private slots: Slot[] | undefined;
  private url: string | undefined;
  private runHere: Promise<WorkerModule["runRead"]> | undefined;
  private seq = 0;
  private closed = false;
  private inProcess = false;
  /** Reads answered, by where they ran (which path is in use). */
  readonly counts = { worker: 0, mainThread: 0 };

  constructor(private readonly opts: ReadPoolOptions) {}

  get mode(): "workers" | "main-thread" {
    return this.inProcess ? "main-thread" : "workers";
  }

  /** Runs a Kysely-compiled read; `firstDistinct` keeps the first row of each value of a column (see ReadRequest). */
  async read<R>(query: CompiledQuery<R>, firstDistinct?: { column: keyof R & string; limit: number }): Promise<R[]> {
    return (await this.run({ sql: query.sql, parameters: query.parameters, firstDistinct })) as R[];
  }

  private async run(req: ReadRequest): Promise<Row[]> {
    if (this.closed) throw new Error("read pool closed");
    if (!this.inProcess) {
      const slot = this.pick();
      slot.load++;
      try {
        const started = await slot.ready.then(
          () => true,
          (err: Error) => {
            if (this.closed) throw err;
            this.fallBack(err);
            return false;
          },
        );
        if (started) return await this.send(slot, req);
      } finally {
        slot.load--;
      }
    }
    // The worker's own code, loaded on this thread.
    this.runHere ??= import(this.workerUrl()).then((m: WorkerModule) => m.runRead);
    const runRead = await this.runHere;
    this.counts.mainThread++;
    return runRead(this.opts.local, req);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.slots ?? []) this.retire(slot, new Error("read pool closed"));
    this.slots = undefined;
    if (this.url) URL.revokeObjectURL(this.url);
  }

  private pick(): Slot {
    this.slots ??= Array.from({ length: this.opts.size ?? defaultSize() }, () => this.spawn());
    return this.slots.reduce((a, b) => (b.load < a.load ? b : a));
  }

  private workerUrl(): string {
    const source = (workerText as unknown as { default: string }).default;
    this.url ??= URL.createObjectURL(new Blob([new Bun.Transpiler({ loader: "ts" }).transformSync(source)], { type: "text/javascript" }));
    return this.url;
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl());
    const pending = new Map<number, Pending>();
    let started!: () => void;
    let failed!: (err: Error) => void;
    const ready = new Promise<void>((ok, fail) => {
      started = ok;
      failed = fail;
    });
    // Nobody awaits a slot's start before its first read: keep an early failure from being an unhandled rejection.
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, started: false, fail: failed, load: 0, pending };
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const msg = event.data;
      if (msg.kind === "ready") {
        slot.started = true;
        started();
        return;
      }
      if (msg.kind === "failed") return failed(new Error(msg.error));
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.kind === "rows") p?.resolve(msg.rows);
      else p?.reject(new Error(msg.error));
    };
    worker.onerror = (event) => {
      const err = new Error(`read worker failed: ${event.message}`);
      failed(err);
      // A worker that never started means workers do not work here (read() falls back); one that did is replaced.
      if (slot.started) this.replace(slot, err);
    };
    worker.postMessage({ kind: "open", path: this.opts.path } satisfies ToWorker);
    return slot;
  }

  private send(slot: Slot, req: ReadRequest): Promise<Row[]> {
    const id = ++this.seq;
    return new Promise<Row[]>((resolve, reject) => {
      slot.pending.set(id, {
        resolve: (rows) => {
          this.counts.worker++;
          resolve(rows);
        },
        reject,
      });
      slot.worker.postMessage({ kind: "read", id, ...req } satisfies ToWorker);
    });
  }

  /** A worker that crashed: its reads fail, and a fresh worker takes its place. */
  private replace(slot: Slot, err: Error): void {
    this.retire(slot, err);
    const i = this.slots?.indexOf(slot) ?? -1;
    if (i >= 0 && !this.closed && !this.inProcess) this.slots![i] = this.spawn();
  }

  private retire(slot: Slot, err: Error): void {
    slot.fail(err);
    slot.worker.onmessage = null;
    slot.worker.onerror = null;
    slot.worker.terminate();
    for (const p of slot.pending.values()) p.reject(err);
    slot.pending.clear();
  }

  private fallBack(err: unknown): void {
    if (this.inProcess) return;
    this.inProcess = true;
    this.opts.log.error("read workers unavailable: heavy reads (search) now run on the main thread and may stall requests", { err: String(err) });
    for (const slot of this.slots ?? []) this.retire(slot, new Error("read pool fell back to the main thread"));
    this.slots = undefined;
  }
}
