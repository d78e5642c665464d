import { sql } from "kysely";
import type { Db } from "../db/database";
import type { Job } from "../db/schema";

/** Jobs are not a tenant table (companyId is optional: platform jobs have none), so these queries are unscoped. */

export interface NewJob {
  name: string;
  companyId: number | null;
  payload: string;
  uniqueKey: string | null;
  runAt: string;
  maxAttempts: number;
  createdAt: string;
}

export async function insertJob(db: Db, job: NewJob): Promise<number | undefined> {
  // Without a uniqueKey nothing can conflict; with one, a second insert is ignored and the caller looks the first one up.
  const row = await db
    .insertInto("jobs")
    .values(job)
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function jobIdByUniqueKey(db: Db, uniqueKey: string): Promise<number | undefined> {
  const row = await db.selectFrom("jobs").select("id").where("uniqueKey", "=", uniqueKey).executeTakeFirst();
  return row?.id;
}

export async function deleteQueuedByUniqueKey(db: Db, uniqueKey: string): Promise<boolean> {
  const res = await db.deleteFrom("jobs").where("uniqueKey", "=", uniqueKey).where("status", "=", "queued").executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** Names of due jobs no handler here knows. */
export async function unknownDueNames(db: Db, now: string, known: readonly string[]): Promise<string[]> {
  let q = db.selectFrom("jobs").select("name").distinct().where("status", "=", "queued").where("runAt", "<=", now);
  if (known.length > 0) q = q.where("name", "not in", known);
  return (await q.limit(20).execute()).map((r) => r.name);
}

/**
 * The claim: due queued jobs of the given names (oldest first, at most `limit`) move to running in one statement, with
 * the lease of their name and their attempt counted, before any handler runs. Only a row still queued moves, so two
 * pollers never both take one; on PostgreSQL (`skipLocked`) the rows another instance is claiming at that moment are
 * passed over instead of waited for, so each instance takes different jobs. Answers the claimed rows, oldest first.
 */
export async function claimDue(db: Db, now: string, leases: ReadonlyMap<string, string>, limit: number, skipLocked: boolean): Promise<Job[]> {
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where("status", "=", "queued")
    .where("runAt", "<=", now)
    .where("name", "in", [...leases.keys()])
    .orderBy("runAt")
    .orderBy("id")
    .limit(limit);
  if (skipLocked) due = due.forUpdate().skipLocked();
  const leaseOf = sql<string>`case ${sql.ref("name")} ${sql.join(
    [...leases].map(([name, until]) => sql`when ${name} then ${until}`),
    sql` `,
  )} end`;
  const rows = await db
    .updateTable("jobs")
    .set((eb) => ({ status: "running", leaseUntil: leaseOf, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .where("status", "=", "queued")
    .returningAll()
    .execute();
  return rows.sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : a.id - b.id));
}

/** A run still going pushes its lease on, so no other instance takes its job over while it works. */
export async function renewLease(db: Db, id: number, attempts: number, leaseUntil: string): Promise<void> {
  await runningAttempt(db, id, attempts).set({ leaseUntil }).execute();
}

/** Outcome writes are fenced by the attempt number, so a run whose job was reclaimed cannot overwrite the newer run. */
function runningAttempt(db: Db, id: number, attempts: number) {
  return db.updateTable("jobs").where("id", "=", id).where("status", "=", "running").where("attempts", "=", attempts);
}

export async function markDone(db: Db, id: number, attempts: number, now: string): Promise<void> {
  await runningAttempt(db, id, attempts).set({ status: "done", finishedAt: now, leaseUntil: null }).execute();
}

/** Deletes jobs that finished well before `before` (their uniqueKey is then free). Answers how many. */
export async function pruneDone(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom("jobs").where("status", "=", "done").where("finishedAt", "<", before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function markRetry(db: Db, id: number, attempts: number, runAt: string, error: string): Promise<void> {
  await runningAttempt(db, id, attempts).set({ status: "queued", runAt, leaseUntil: null, lastError: error }).execute();
}

export async function markFailed(db: Db, id: number, attempts: number, now: string, error: string): Promise<void> {
  await runningAttempt(db, id, attempts).set({ status: "failed", finishedAt: now, leaseUntil: null, lastError: error }).execute();
}

/**
 * Running jobs whose lease ran out belong to a process that died mid-run: they go back to the queue,
 * or fail when that was their last attempt (a job that kills the process must not loop forever).
 * `skip` holds the ids this process is still running, whatever their lease says.
 */
export async function reclaimExpired(db: Db, now: string, skip: readonly number[]): Promise<{ requeued: number; failed: number }> {
  const expired = () => {
    let q = db.updateTable("jobs").where("status", "=", "running").where("leaseUntil", "<", now);
    if (skip.length > 0) q = q.where("id", "not in", skip);
    return q;
  };
  const error = "lease expired: the process running this job stopped before it finished";
  const failed = await expired()
    .where((eb) => eb("attempts", ">=", eb.ref("maxAttempts")))
    .set({ status: "failed", finishedAt: now, leaseUntil: null, lastError: error })
    .executeTakeFirst();
  const requeued = await expired().set({ status: "queued", runAt: now, leaseUntil: null, lastError: error }).executeTakeFirst();
  return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
}

/**
 * Jobs by state for the metrics: queued and due (the backlog), queued for later, running, failed for good. Done jobs
 * are history and are not counted; every count walks the (status, runAt) index only.
 */
export async function jobCounts(db: Db, now: string): Promise<Record<"due" | "scheduled" | "running" | "failed", number>> {
  const rows = await db
    .selectFrom("jobs")
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("n"),
      sql<number>`coalesce(sum(case when ${eb.ref("runAt")} <= ${now} then 1 else 0 end), 0)`.as("due"),
    ])
    .where("status", "in", ["queued", "running", "failed"])
    .groupBy("status")
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  const queued = of("queued");
  return { due: queued?.due ?? 0, scheduled: (queued?.n ?? 0) - (queued?.due ?? 0), running: of("running")?.n ?? 0, failed: of("failed")?.n ?? 0 };
}
