import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { ensureFirstStart } from "../../src/bootstrap";
import { MovableClock } from "./clock";
import { loadConfig, type Config } from "../../src/config";
import { type AppContext, createContext } from "../../src/context";
import { createLogger } from "../../src/log";
import type { Mail, Mailer } from "../../src/mail";
import type { ChannelPlugin } from "../../src/channels/adapter";

export const ADMIN = { email: "admin@test.local", password: "Admin123!" };

export interface TestApp {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  clock: MovableClock;
  mails: Mail[];
  logs: string[];
  dataDir: string;
  /** app.handle with JSON body and optional bearer token; answers the Response. */
  request(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** request + parsed JSON body. */
  json<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; res: Response }>;
  close(): Promise<void>;
  /** Closes this context but keeps DATA_DIR, and opens a new context on it (a restart); sessions start in the background. */
  restart(): Promise<TestApp>;
}

export interface TestAppOptions {
  /** Channel plugins to inject (a plugin with a product plugin's id replaces it). */
  plugins?: ChannelPlugin<any>[];
  /** Reopen an existing DATA_DIR (restart). */
  dataDir?: string;
  clock?: MovableClock;
}

/** A fresh app on a temporary DATA_DIR with the first admin created, a movable clock and captured mail and logs. */
export async function createTestApp(env: Partial<Record<keyof Config, string>> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "multi100-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "debug", ...env });
  const clock = opts.clock ?? new MovableClock();
  const mails: Mail[] = [];
  const logs: string[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const ctx = await createContext({ config, clock, mailer, log: createLogger("debug", {}, (l) => logs.push(l)), channelPlugins: opts.plugins ?? [] });
  await ensureFirstStart(ctx);
  const app = createApp(ctx);

  const request: TestApp["request"] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    return app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  };

  return {
    ctx,
    app,
    clock,
    mails,
    logs,
    dataDir,
    request,
    async json(method, path, opts) {
      const res = await request(method, path, opts);
      const text = await res.text();
      let body: any;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status: res.status, body, res };
    },
    async close() {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await ctx.close();
      return createTestApp(env, { ...opts, dataDir, clock });
    },
  };
}
