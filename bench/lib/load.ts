import { percentile } from "./report";

export interface LoadResult {
  /** Completed calls (ok + errors). */
  n: number;
  ok: number;
  errors: number;
  /** First few error messages, for the log. */
  errorSamples: string[];
  elapsedMs: number;
  /** Successful calls per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

/**
 * Runs `fn` from `concurrency` loops at once until `durationMs` has passed or `requests` calls were started.
 * fn throws (or returns false) for a failed call. Latencies are of successful calls.
 */
export async function load(opts: {
  concurrency: number;
  durationMs?: number;
  requests?: number;
  warmup?: number;
  fn: (i: number) => Promise<unknown>;
}): Promise<LoadResult> {
  const { concurrency, fn } = opts;
  if (!opts.durationMs && !opts.requests) throw new Error("load: give durationMs or requests");
  for (let i = 0; i < (opts.warmup ?? 0); i++) await fn(-1 - i);

  const lat: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const until = opts.durationMs ? t0 + opts.durationMs : Infinity;
  const max = opts.requests ?? Infinity;

  const worker = async () => {
    while (started < max && performance.now() < until) {
      const i = started++;
      const s = performance.now();
      try {
        const r = await fn(i);
        if (r === false) throw new Error("call answered false");
        lat.push(performance.now() - s);
      } catch (err) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - t0;
  return {
    n: lat.length + errors,
    ok: lat.length,
    errors,
    errorSamples,
    elapsedMs,
    rps: (lat.length / elapsedMs) * 1000,
    p50Ms: percentile(lat, 50),
    p99Ms: percentile(lat, 99),
    meanMs: lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : NaN,
    maxMs: lat.length ? Math.max(...lat) : NaN,
  };
}

/** fetch that throws on a non-2xx answer (with the status and the start of the body). */
export async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}
