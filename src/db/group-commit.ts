/**
 * Group commit for small independent writes (a bot's turn, a send's claim and its outcome): the writes handed over
 * while the connection is busy are run together in one transaction; a failing one is undone alone and the others
 * still commit (commit() says how). One commit then carries many writes, and the pages they share (the
 * messages table's last leaf, its indexes) are written to the log once instead of once per write.
 * A write runs only on the transaction it is given: any read or write through the database handle itself would wait
 * for the transaction it runs in. A write may run twice (its batch rolled back because another write failed): it keeps
 * no state outside what it returns. Writes are run in the order they were handed over.
 */
import type { Transaction } from "kysely";
import type { DB } from "./schema";
import type { Db } from "./database";

type Write<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  write: Write<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Up to this many writes per transaction. */
const MAX_BATCH = 256;

export class GroupCommit {
  private queue: Job[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  /** Committed transactions and the writes they carried (writes / batches > 1 under load). */
  readonly stats = { batches: 0, writes: 0 };

  constructor(private readonly db: Db) {}

  /** Runs `write` in the next shared transaction; resolves with its answer once that transaction has committed. */
  run<T>(write: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Resolves when every write handed over so far has committed or failed. */
  async idle(): Promise<void> {
    while (this.flushing || this.scheduled || this.queue.length) await (this.flushing ?? new Promise((r) => setImmediate(r)));
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // Writes handed over in the same turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.queue.length) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length) await this.commit(this.queue.splice(0, MAX_BATCH));
  }

  /**
   * The batch in one transaction with no savepoint per write: when any write throws, the whole transaction rolls back
   * and each write of the batch runs again in a transaction of its own, so only the failing one fails. Failures are
   * rare (a unique key another write took first) and a savepoint per write cost two more statements each, about a
   * twentieth of the server's time under bench/inbound.ts.
   */
  private async commit(batch: Job[]): Promise<void> {
    const values: unknown[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const job of batch) values.push(await job.write(trx));
      });
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const job of batch) await this.commit([job]);
      return;
    }
    this.stats.batches++;
    this.stats.writes += batch.length;
    for (const [i, job] of batch.entries()) job.resolve(values[i]);
  }
}
