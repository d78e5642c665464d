import type { AppContext } from "../../context";
import { pruneAuditEntries } from "./queries";

export const AUDIT_PRUNE_JOB = "audit.prune";
const DAY_MS = 24 * 3600_000;
/** Rows deleted per statement, so one pass never holds the writer for long. */
const BATCH = 5_000;

/** One run a day: the key names the day, so a restart never adds a second run for the same day. */
const runKey = (day: Date) => `${AUDIT_PRUNE_JOB}:${day.toISOString().slice(0, 10)}`;

/** Enqueues today's prune run unless it exists (at start-up); each run enqueues the next day's. */
export async function scheduleAuditPruning(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(AUDIT_PRUNE_JOB, {}, { uniqueKey: runKey(ctx.clock.now()) });
}

/**
 * The daily job that keeps the audit log to AUDIT_RETENTION_DAYS: the next day's run is enqueued first, so a failing
 * run (retried with backoff) never ends the chain; the deletion itself is idempotent.
 */
export function registerAuditPruning(ctx: AppContext): void {
  ctx.jobs.register(AUDIT_PRUNE_JOB, async () => {
    const now = ctx.clock.now();
    const next = new Date(now.getTime() + DAY_MS);
    await ctx.jobs.enqueue(AUDIT_PRUNE_JOB, {}, { runAt: next, uniqueKey: runKey(next) });
    const cutoff = new Date(now.getTime() - ctx.config.AUDIT_RETENTION_DAYS * DAY_MS).toISOString();
    let removed = 0;
    for (let n = BATCH; n === BATCH; removed += n) n = await pruneAuditEntries(ctx.db, cutoff, BATCH);
    if (removed) ctx.log.info("audit entries pruned", { removed, before: cutoff });
  });
}
