/**
 * Startup and login figures of the compiled binary (dist/multi100; built when missing, rebuilt with --build):
 *   cold_start_ms  median over N starts (fresh DATA_DIR each: migrations + first admin), spawn -> first HTTP 200
 *                  on /api/health, polling every 5 ms
 *   restart_ms     the same on an existing DATA_DIR (no migrations, no first admin)
 *   idle_rss_mb    VmRSS of the server after ~2 s idle
 *   login_rps      successful POST /api/auth/login per second at concurrency 16 for ~10 s (argon2id verify each;
 *                  AUTH_MAX_ATTEMPTS raised so the throttle never answers); with login_p50_ms / login_p99_ms
 * Usage: bun bench/startup.ts [--build] [--runs 7] [--seconds 10]
 * stdout: JSON lines only; progress on stderr.
 */
import { statSync } from "node:fs";
import { load } from "./lib/load";
import { emit, median, note } from "./lib/report";
import { BINARY, ensureBinary, login, startServer, tempDataDir } from "./lib/server";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("--runs", 7);
const SECONDS = arg("--seconds", 10);
const CONCURRENCY = 16;

await ensureBinary();
const sizeMb = statSync(BINARY).size / 1e6;

// Cold starts.
const starts: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const s = await startServer({ dataDir: tempDataDir() });
  starts.push(s.startMs);
  const code = await s.stop();
  if (code !== 0) note(`run ${i}: exit code ${code}`);
}
note(`cold starts (ms): ${starts.map((x) => x.toFixed(1)).join(", ")}`);

// Restarts on an existing DATA_DIR (no migrations, no first admin): what a service restart costs.
const kept = tempDataDir();
await (await startServer({ dataDir: kept })).stop();
const restarts: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const s = await startServer({ dataDir: kept });
  restarts.push(s.startMs);
  await s.stop();
}

// Idle memory, then login throughput, on one server.
const server = await startServer({ dataDir: tempDataDir() });
await Bun.sleep(2000);
const idle = server.rssMb();

await login(server.url); // warm up
const r = await load({ concurrency: CONCURRENCY, durationMs: SECONDS * 1000, fn: () => login(server.url) });
if (r.errors) note(`login errors: ${r.errors} (${r.errorSamples.join(" | ")})`);
const afterLoad = server.rssMb();
const code = await server.stop();
if (code !== 0) note(`server exit code ${code}`);

emit("cold_start_ms", median(starts), "ms", starts.length, { min: Math.round(Math.min(...starts) * 10) / 10, max: Math.round(Math.max(...starts) * 10) / 10 });
emit("restart_ms", median(restarts), "ms", restarts.length);
emit("idle_rss_mb", idle, "MB", 1);
emit("login_rps", r.rps, "req/s", r.ok, { concurrency: CONCURRENCY, seconds: Math.round(r.elapsedMs / 100) / 10, errors: r.errors });
emit("login_p50_ms", r.p50Ms, "ms", r.ok);
emit("login_p99_ms", r.p99Ms, "ms", r.ok);
emit("rss_after_login_load_mb", afterLoad, "MB", 1);
emit("binary_size_mb", sizeMb, "MB", 1);
