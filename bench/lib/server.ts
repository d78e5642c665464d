/**
 * Bench helpers (run with bun): a temporary DATA_DIR (optionally seeded in-process through the real context),
 * and the real server (the compiled binary, or the sources) on a free 127.0.0.1 port.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { note } from "./report";
import { freePort } from "../../scripts/free-port";

export { freePort };

export const ROOT = resolve(import.meta.dir, "../..");
export const BINARY = join(ROOT, "dist", "multi100");
export const BENCH_ADMIN = { email: "admin@bench.local", password: "Bench123!" } as const;

/** Builds dist/multi100 when it is missing (or when `rebuild`): `bun scripts/build.ts`. */
export async function ensureBinary(rebuild = process.argv.includes("--build")): Promise<string> {
  if (rebuild || !existsSync(BINARY)) {
    note(rebuild ? "building dist/multi100 (--build)" : "dist/multi100 is missing: building it");
    const p = Bun.spawn([process.execPath, join(ROOT, "scripts", "build.ts")], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
    if ((await p.exited) !== 0) throw new Error("build failed");
  }
  return BINARY;
}

const tempDirs: string[] = [];
/** A fresh empty temporary folder, removed by cleanup() (also on exit). */
export function tempDataDir(prefix = "multi100-bench-"): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(d);
  return d;
}
export function cleanup() {
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
process.on("exit", cleanup);

/** `--env KEY=VALUE` (repeatable) on a bench's command line: added to every server's environment it starts. */
function envArgs(): Record<string, string> {
  const env: Record<string, string> = {};
  process.argv.forEach((arg, i) => {
    if (arg !== "--env") return;
    const pair = process.argv[i + 1] ?? "";
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--env ${pair}: use --env KEY=VALUE`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  });
  return env;
}

/** The environment a bench server gets: the bench admin, quiet logs, no login throttling in the way, and `--env`. */
export function benchEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: "warn",
    AUTH_MAX_ATTEMPTS: "1000000",
    ...envArgs(),
    ...extra,
  };
}

/**
 * A temporary DATA_DIR with the first start done (plan, company 1, the bench admin) and then `seed(ctx)` run
 * in-process against the real context (ctx.db is Kysely): fast bulk inserts before the server is started on it.
 */
export async function seedDataDir(seed?: (ctx: import("../../src/context").AppContext) => Promise<void>, env: Record<string, string> = {}): Promise<string> {
  const dataDir = tempDataDir();
  const { loadConfig } = await import("../../src/config");
  const { createContext } = await import("../../src/context");
  const { ensureFirstStart } = await import("../../src/bootstrap");
  const { createLogger } = await import("../../src/log");
  const config = loadConfig(benchEnv(dataDir, env));
  const ctx = await createContext({ config, log: createLogger("warn") });
  try {
    await ensureFirstStart(ctx);
    if (seed) await seed(ctx);
  } finally {
    await ctx.close();
  }
  return dataDir;
}

export interface BenchServer {
  proc: Subprocess;
  pid: number;
  port: number;
  url: string;
  /** From spawn to the first HTTP 200 on /api/health. */
  startMs: number;
  /** Resident memory of the server process now (VmRSS), in MB. */
  rssMb(): number;
  /** stdout + stderr so far. */
  output(): string;
  /** SIGTERM and wait (SIGKILL after timeoutMs); answers the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/**
 * Starts the real server and waits for GET /api/health = 200, polling every `pollMs` (5 ms).
 * mode "binary" runs dist/multi100 (cwd: the DATA_DIR's folder unless given); "source" runs `bun src/main.ts`
 * without the web app.
 */
export async function startServer(opts: {
  dataDir: string;
  mode?: "binary" | "source";
  env?: Record<string, string>;
  port?: number;
  pollMs?: number;
  timeoutMs?: number;
  cwd?: string;
  /** "source" mode: the source tree to run (another checkout, e.g. a git worktree of an older commit); this one by default. */
  root?: string;
}): Promise<BenchServer> {
  const port = opts.port ?? (await freePort());
  const mode = opts.mode ?? "binary";
  const cmd = mode === "binary" ? [BINARY] : [process.execPath, join(opts.root ?? ROOT, "src", "main.ts")];
  const env = { ...benchEnv(opts.dataDir, opts.env), PORT: String(port) };
  const url = `http://127.0.0.1:${port}`;
  const pollMs = opts.pollMs ?? 5;
  const t0 = performance.now();
  const proc = Bun.spawn(cmd, { cwd: opts.cwd ?? opts.dataDir, env, stdout: "pipe", stderr: "pipe" });
  let out = "";
  const drain = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of s) out += dec.decode(chunk, { stream: true });
  };
  void drain(proc.stdout as ReadableStream<Uint8Array>);
  void drain(proc.stderr as ReadableStream<Uint8Array>);
  const deadline = t0 + (opts.timeoutMs ?? 20_000);
  let startMs = NaN;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}) before answering:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) {
        startMs = performance.now() - t0;
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not answer within ${opts.timeoutMs ?? 20_000} ms:\n${out}`);
    }
    await Bun.sleep(pollMs);
  }
  return {
    proc,
    pid: proc.pid,
    port,
    url,
    startMs,
    rssMb: () => rssMb(proc.pid),
    output: () => out,
    async stop(timeoutMs = 5000) {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill("SIGTERM");
      const r = await Promise.race([proc.exited, Bun.sleep(timeoutMs).then(() => "timeout" as const)]);
      if (r === "timeout") {
        proc.kill("SIGKILL");
        await proc.exited;
        return null;
      }
      return r;
    },
  };
}

/** VmRSS of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) / 1024;
}

/** POST /api/auth/login; answers the access token. */
export async function login(url: string, creds: { email: string; password: string } = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(creds),
  });
  if (res.status !== 200) throw new Error(`login -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { token: string }).token;
}
