/**
 * Where a bench's time goes: CPU of the server processes, CPU of the database server's processes (PostgreSQL runs
 * beside them on the same cores), and sessions waiting on a lock, sampled while the load runs (Linux /proc).
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_S = 100;

function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_S : 0;
}

/**
 * CPU seconds of a process and everything it started: its own, its children's that ended (cutime, cstime), and its
 * live children's (PostgreSQL: the postmaster and its backends).
 */
export function treeCpuSeconds(rootPid: number): number {
  const own = statFields(rootPid);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === rootPid) continue;
    const f = statFields(pid);
    if (f && Number(f[1]) === rootPid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / TICKS_PER_S;
}

export interface Cost {
  /** CPU seconds of the server processes. */
  appCpuS: number;
  /** CPU seconds of the database server (0 on SQLite: it runs inside the server processes). */
  dbCpuS: number;
  /** Sessions waiting on a lock: the mean and the most seen at once over the samples (PostgreSQL). */
  lockWaitersMean: number;
  lockWaitersMax: number;
}

/**
 * Starts measuring: answers the function that stops and reports. `waiters` counts the database sessions waiting on a
 * lock now (undefined on SQLite), sampled every 100 ms.
 */
export function measureCost(serverPids: readonly number[], dbPid: number | undefined, waiters?: () => Promise<number>): () => Promise<Cost> {
  const app0 = serverPids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  const db0 = dbPid ? treeCpuSeconds(dbPid) : 0;
  const samples: number[] = [];
  let sampling = true;
  const loop = (async () => {
    while (sampling && waiters) {
      samples.push(await waiters().catch(() => 0));
      await Bun.sleep(100);
    }
  })();
  return async () => {
    sampling = false;
    await loop;
    return {
      appCpuS: serverPids.reduce((s, pid) => s + cpuSeconds(pid), 0) - app0,
      dbCpuS: dbPid ? treeCpuSeconds(dbPid) - db0 : 0,
      lockWaitersMean: samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : 0,
      lockWaitersMax: samples.length ? Math.max(...samples) : 0,
    };
  };
}
