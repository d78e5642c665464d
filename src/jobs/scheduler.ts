import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { Job } from "../db/schema";
import type { Logger } from "../log";
import { jobRuns } from "../metrics/registry";
import * as q from "./queries";

export interface JobInfo {
  id: number;
  name: string;
  /** 1 on the first run; counts the current run. */
  attempts: number;
  maxAttempts: number;
  companyId: number | null;
}

/**
 * Delivery is at least once: a run cut short by a crash runs again after its lease expires, so a
 * handler must be idempotent (check state before acting, use unique keys for what it creates).
 */
export type JobHandler<P = any> = (payload: P, job: JobInfo) => Promise<void>;

export interface HandlerOptions {
  /** Default for jobs of this name enqueued without their own maxAttempts. */
  maxAttempts?: number;
  /** How long a run may hold the job before another process may take it over. */
  leaseMs?: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  companyId?: number;
  /** Names one logical job for good: a later enqueue with the same key returns the first job's id and adds nothing. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  /** How long stop() waits for running handlers. */
  drainMs?: number;
  /** PostgreSQL: claims pass over the rows another instance is claiming (FOR UPDATE SKIP LOCKED). */
  skipLocked?: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 3_600_000;
const UNKNOWN_CHECK_EVERY_MS = 60_000;
/** Done jobs are kept this long (a recurring job leaves one row per run), then deleted, hourly. */
export const DONE_KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** A poll loop that has finished no pass for this long (and at least ten polls) is reported stalled. */
const STALLED_AFTER_MS = 30_000;

/** Delay before the next try after a failed one: 2^attempts seconds, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(2 ** attempts * 1000, MAX_BACKOFF_MS);

interface Registered {
  handler: JobHandler;
  opts: HandlerOptions;
}

/** A run of this process: its attempt (the fence of its writes), its lease and how long a lease lasts. */
interface Running {
  run: Promise<void>;
  attempts: number;
  leaseMs: number;
  leaseUntil: number;
}

/**
 * Durable jobs (ARCHITECTURE.md, Jobs): rows in `jobs`, claimed with a lease, retried with backoff,
 * reclaimed after a crash. Jobs whose name has no handler here stay queued (a newer or older build
 * may know them) and are reported in the log once per name.
 */
export class Scheduler {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly drainMs: number;
  private readonly handlers = new Map<string, Registered>();
  private readonly running = new Map<number, Running>();
  private readonly skipLocked: boolean;
  private readonly warnedUnknown = new Set<string>();
  private lastUnknownCheck = Number.NEGATIVE_INFINITY;
  private lastPrune = Number.NEGATIVE_INFINITY;
  /** Tail of the chain that serialises passes, so runDue() and the poller never overlap. */
  private passes: Promise<unknown> = Promise.resolve();
  private polling = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last pass filled every free slot, so more work is probably due as soon as a slot frees. */
  private saturated = false;
  /** Real time (not ctx.clock, which tests move) when the poll loop started or last finished a pass; unset before start(). */
  private beat: number | undefined;

  constructor(opts: SchedulerOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.log = opts.log.child({ module: "jobs" });
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 4;
    this.drainMs = opts.drainMs ?? 10_000;
    this.skipLocked = opts.skipLocked ?? false;
  }

  register<P = any>(name: string, handler: JobHandler<P>, opts: HandlerOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job handler "${name}" is already registered`);
    this.handlers.set(name, { handler, opts });
  }

  /** Pass a transaction to enqueue with the caller's own writes: a rollback then leaves no job. */
  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}, trx?: Db): Promise<number> {
    const db = trx ?? this.db;
    const now = this.clock.now();
    const runAt = opts.runAt ?? now;
    if (Number.isNaN(runAt.getTime())) throw new Error(`job "${name}": invalid runAt`);
    const maxAttempts = opts.maxAttempts ?? this.handlers.get(name)?.opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`job "${name}": maxAttempts must be a positive integer`);
    const id = await q.insertJob(db, {
      name,
      companyId: opts.companyId ?? null,
      payload: JSON.stringify(payload ?? null),
      uniqueKey: opts.uniqueKey ?? null,
      runAt: runAt.toISOString(),
      maxAttempts,
      createdAt: now.toISOString(),
    });
    if (id !== undefined) return id;
    const existing = await q.jobIdByUniqueKey(db, opts.uniqueKey!);
    if (existing === undefined) throw new Error(`job "${name}": insert ignored but no job holds key ${opts.uniqueKey}`);
    return existing;
  }

  /** Removes a job that has not started yet, freeing its uniqueKey (to reschedule: cancel, then enqueue). */
  cancel(uniqueKey: string, trx?: Db): Promise<boolean> {
    return q.deleteQueuedByUniqueKey(trx ?? this.db, uniqueKey);
  }

  /** One pass (recovery, claim, run) awaited to the end; runs at most `concurrency` jobs. Tests drive time with it. */
  async runDue(): Promise<number> {
    const started = await this.exclusivePass();
    await Promise.all(started);
    return started.length;
  }

  /** Polls every pollMs; passes never overlap, and a pass starts early when a slot frees while work is waiting. */
  start(): void {
    if (this.polling) return;
    this.polling = true;
    this.beat = performance.now();
    this.schedule(0);
  }

  /** Jobs this process is running now (health and metrics: what each instance holds). */
  runningCount(): number {
    return this.running.size;
  }

  /** The poll loop's state (GET /api/health): running while its passes keep finishing, stalled when they stopped doing so. */
  loopState(): "not started" | "running" | "stalled" | "stopped" {
    if (this.beat === undefined) return "not started";
    if (!this.polling) return "stopped";
    return performance.now() - this.beat > Math.max(STALLED_AFTER_MS, 10 * this.pollMs) ? "stalled" : "running";
  }

  /** Stops polling and waits (at most drainMs) for running handlers; an unfinished one runs again after its lease. */
  async stop(drainMs = this.drainMs): Promise<void> {
    this.polling = false;
    clearTimeout(this.timer);
    await this.passes;
    const pending = [...this.running.values()].map((r) => r.run);
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      Promise.allSettled(pending).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
    ]);
    clearTimeout(timer);
    if (!drained) this.log.warn("jobs still running at stop; they run again once their lease expires", { ids: [...this.running.keys()] });
  }

  private schedule(delayMs: number): void {
    if (!this.polling) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    try {
      await this.exclusivePass();
    } catch (err) {
      this.log.error("job pass failed", { err: errorText(err) });
    }
    this.beat = performance.now();
    this.schedule(this.pollMs);
  }

  private exclusivePass(): Promise<Promise<void>[]> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  /** Returns the runs it started. */
  private async pass(): Promise<Promise<void>[]> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    await this.renewLeases(now);
    const reclaimed = await q.reclaimExpired(this.db, nowIso, [...this.running.keys()]);
    if (reclaimed.requeued || reclaimed.failed) this.log.warn("reclaimed jobs whose lease expired", reclaimed);
    await this.reportUnknown(now);
    await this.pruneDone(now);

    const free = this.concurrency - this.running.size;
    if (free <= 0 || this.handlers.size === 0) return [];
    const leases = new Map([...this.handlers].map(([name, r]) => [name, new Date(now.getTime() + this.leaseOf(r)).toISOString()]));
    const claimed = await q.claimDue(this.db, nowIso, leases, free, this.skipLocked);
    this.saturated = claimed.length === free;
    return claimed.map((job) => this.launch(job, this.handlers.get(job.name)!, now));
  }

  private leaseOf(registered: Registered): number {
    return registered.opts.leaseMs ?? this.leaseMs;
  }

  private launch(job: Job, registered: Registered, now: Date): Promise<void> {
    const run = this.execute(job, registered.handler).finally(() => {
      this.running.delete(job.id);
      if (this.saturated) this.schedule(0);
    });
    const leaseMs = this.leaseOf(registered);
    this.running.set(job.id, { run, attempts: job.attempts, leaseMs, leaseUntil: now.getTime() + leaseMs });
    return run;
  }

  /**
   * Runs past half their lease get a new one: another instance takes over only the jobs of a process that stopped
   * polling (died), never those of one still working on them.
   */
  private async renewLeases(now: Date): Promise<void> {
    for (const [id, r] of this.running) {
      if (r.leaseUntil - now.getTime() > r.leaseMs / 2) continue;
      r.leaseUntil = now.getTime() + r.leaseMs;
      await q.renewLease(this.db, id, r.attempts, new Date(r.leaseUntil).toISOString());
    }
  }

  /** Never rejects: every outcome is written to the row (or logged when the store itself fails). */
  private async execute(job: Job, handler: JobHandler): Promise<void> {
    const info: JobInfo = { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.maxAttempts, companyId: job.companyId };
    const log = this.log.child({ job: job.id, name: job.name, attempt: job.attempts });
    let failure: unknown;
    try {
      await handler(JSON.parse(job.payload), info);
    } catch (err) {
      failure = err ?? new Error("job failed");
    }
    try {
      const now = this.clock.now();
      if (failure === undefined) {
        await q.markDone(this.db, job.id, job.attempts, now.toISOString());
        jobRuns.inc({ outcome: "done" });
        return;
      }
      const error = errorText(failure).slice(0, 2000);
      if (job.attempts >= job.maxAttempts) {
        await q.markFailed(this.db, job.id, job.attempts, now.toISOString(), error);
        jobRuns.inc({ outcome: "failed" });
        log.error("job failed for good", { error });
      } else {
        const delay = backoffMs(job.attempts);
        await q.markRetry(this.db, job.id, job.attempts, new Date(now.getTime() + delay).toISOString(), error);
        jobRuns.inc({ outcome: "retry" });
        log.warn("job failed; will retry", { error, retryInMs: delay });
      }
    } catch (err) {
      log.error("could not record the job's outcome", { err: errorText(err) });
    }
  }

  private async pruneDone(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    const pruned = await q.pruneDone(this.db, new Date(now.getTime() - DONE_KEPT_MS).toISOString());
    if (pruned) this.log.info("done jobs pruned", { count: pruned });
  }

  private async reportUnknown(now: Date): Promise<void> {
    if (now.getTime() - this.lastUnknownCheck < UNKNOWN_CHECK_EVERY_MS) return;
    this.lastUnknownCheck = now.getTime();
    for (const name of await q.unknownDueNames(this.db, now.toISOString(), [...this.handlers.keys()])) {
      if (this.warnedUnknown.has(name)) continue;
      this.warnedUnknown.add(name);
      this.log.warn("due jobs have no handler in this build; they stay queued", { name });
    }
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err));
