import type { AppContext } from "../context";
import { probeRead, probeWrite } from "./queries";

export type DatabaseCheck = "ok" | "unreadable" | "unwritable" | "timeout";
export type SchedulerCheck = "ok" | "not started" | "stalled" | "stopped";

export interface HealthReport {
  status: "ok" | "failing";
  checks: { database: DatabaseCheck; scheduler: SchedulerCheck };
  /** Which instance answered (several may share a PostgreSQL database), the channel sessions it runs and the jobs it is running. */
  instance: { id: string; sessions: number; jobs: number };
}

/** How long the store may take to answer both probes (its busy_timeout is 5 s). */
const DATABASE_TIMEOUT_MS = 8_000;

/**
 * GET /api/health: the store answers a read and a write, and the job scheduler's poll loop is alive. "not started"
 * passes: only the moment between listening and the scheduler's start (and in-process test apps) see it.
 * The answer names each part's state and nothing else (no paths, versions or error texts).
 */
export async function checkHealth(ctx: Pick<AppContext, "id" | "db" | "jobs" | "channels">): Promise<HealthReport> {
  const database = await checkDatabase(ctx);
  const scheduler = schedulerCheck(ctx.jobs.loopState());
  const passing = database === "ok" && (scheduler === "ok" || scheduler === "not started");
  const instance = { id: ctx.id, sessions: ctx.channels.sessions.states().length, jobs: ctx.jobs.runningCount() };
  return { status: passing ? "ok" : "failing", checks: { database, scheduler }, instance };
}

async function checkDatabase(ctx: Pick<AppContext, "db">): Promise<DatabaseCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const probes = (async (): Promise<DatabaseCheck> => {
    try {
      await probeRead(ctx.db);
    } catch {
      return "unreadable";
    }
    try {
      await probeWrite(ctx.db);
    } catch {
      return "unwritable";
    }
    return "ok";
  })();
  const timeout = new Promise<DatabaseCheck>((resolve) => (timer = setTimeout(() => resolve("timeout"), DATABASE_TIMEOUT_MS)));
  try {
    return await Promise.race([probes, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const schedulerCheck = (state: ReturnType<AppContext["jobs"]["loopState"]>): SchedulerCheck => (state === "running" ? "ok" : state);
