/**
 * Shared by the Playwright specs (run by node, not bun: only node APIs here).
 *
 * playwright.config.ts starts ONE server for the whole run: the compiled binary dist/multi100 on E2E_PORT (3480)
 * with a fresh temporary DATA_DIR and the admin below. Specs use `baseURL` (page.goto("/login")) or BASE_URL.
 * Specs that need a server of their own (a different env, a restart) use startServer() with a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { freePort } from "../../../scripts/free-port";

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const BINARY = join(ROOT, "dist", "multi100");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3480);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The super admin of company 1 on the shared e2e server. */
export const ADMIN = { email: "admin@e2e.local", password: "Admin123!" } as const;
/** Environment of the shared e2e server (playwright.config.ts); DATA_DIR is added there. */
export const E2E_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: "warn",
  // Every spec logs in from 127.0.0.1; a few wrong-password checks must not lock the others out.
  AUTH_MAX_ATTEMPTS: "100",
  // Every web-chat visitor of every spec starts from 127.0.0.1 too (the default is 10 sessions a minute per address).
  WEBCHAT_SESSIONS_PER_MIN_IP: "1000",
};
export const SCREENSHOTS = join(ROOT, "tests", "e2e", "screenshots");

/** tests/e2e/screenshots/<name>.png (the folder is created; it is git-ignored). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name.endsWith(".png") ? name : `${name}.png`);
}

/** Logs in through the API; answers the access token and the session user. */
export async function apiLogin(
  request: APIRequestContext,
  creds: { email: string; password: string } = ADMIN,
  baseURL = BASE_URL,
): Promise<{ token: string; user: any }> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: creds });
  if (res.status() !== 200) throw new Error(`login ${creds.email} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/**
 * Logs the browser context in without the login screen: the API login sets the refresh cookie (path /api/auth) in
 * the page's cookie jar, so a web app that restores its session with POST /api/auth/refresh_token starts logged in.
 */
export async function loginViaApi(page: Page, creds: { email: string; password: string } = ADMIN) {
  return apiLogin(page.request, creds);
}

export interface RunningServer {
  port: number;
  baseURL: string;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout + stderr). */
  output(): string;
  /** SIGTERM, then wait; answers the exit code (null if killed by a signal) and how long it took. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/**
 * Starts a server process and waits until GET /api/health answers 200.
 * Default command: the compiled binary. env replaces the environment (PATH is kept so the binary can run helpers).
 */
export async function startServer(opts: {
  cmd?: string[];
  cwd?: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const [cmd, ...args] = opts.cmd ?? [BINARY];
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...opts.env, PORT: String(port) };
  const proc = spawn(cmd!, args, { cwd: opts.cwd ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => proc.on("exit", (code, signal) => ok({ code, signal })));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`server exited before answering:\n${out}`);
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not answer /api/health within ${opts.timeoutMs ?? 20_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    baseURL,
    proc,
    output: () => out,
    async stop(timeoutMs = 5000) {
      const t0 = Date.now();
      if (proc.exitCode !== null || proc.signalCode !== null) return { ...(await exited), ms: 0 };
      proc.kill("SIGTERM");
      const timer = new Promise<"timeout">((ok) => setTimeout(() => ok("timeout"), timeoutMs));
      const r = await Promise.race([exited, timer]);
      if (r === "timeout") {
        proc.kill("SIGKILL");
        await exited;
        throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM:\n${out}`);
      }
      return { ...r, ms: Date.now() - t0 };
    },
  };
}
