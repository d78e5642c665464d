import type { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { answerChecker } from "./answers";
import { ensureFirstStart } from "../../src/bootstrap";
import { MovableClock } from "./clock";
import { loadConfig, type Config } from "../../src/config";
import { type AppContext, createContext } from "../../src/context";
import { createLogger } from "../../src/log";
import type { Mail, Mailer } from "../../src/mail";
import type { ChannelPlugin } from "../../src/channels/adapter";
import { fixtureHash } from "./factories";
import { createTestDatabase, dropTestDatabase, TEST_DATABASE_URL } from "./test-databases";

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
  /**
   * "sqlite" for a test of the embedded store's own mechanics (pragmas, worker threads, the WAL): it runs on SQLite
   * in every pass. By default the store is PostgreSQL when TEST_DATABASE_URL is set, SQLite otherwise.
   */
  store?: "sqlite";
}

/** The SQLite connection of a test app on the embedded store (a test of SQLite's mechanics asks for store "sqlite"). */
export function sqliteOf(t: TestApp): Database {
  const sqlite = t.ctx.store.sqlite;
  if (!sqlite) throw new Error('this test needs the SQLite store: create its app with { store: "sqlite" }');
  return sqlite;
}

/** The store each DATA_DIR of this process was created with: PostgreSQL (its database) or SQLite. */
const storeOf = new Map<string, { server: boolean; databaseUrl: string | undefined }>();

/** A fresh app on a temporary DATA_DIR with the first admin created, a movable clock and captured mail and logs. */
export async function createTestApp(env: Partial<Record<keyof Config, string>> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "multi100-test-"));
  // A DATA_DIR reopened (a restart) comes back on the store it was created with.
  const before = storeOf.get(dataDir);
  const server = (before ? before.server : opts.store !== "sqlite" && !env.DATABASE_URL) ? TEST_DATABASE_URL : undefined;
  const databaseUrl = before?.databaseUrl ?? (server ? await createTestDatabase(server) : undefined);
  storeOf.set(dataDir, { server: server !== undefined, databaseUrl });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "debug",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "4" } : {}),
    ...env,
  });
  const clock = opts.clock ?? new MovableClock();
  const mails: Mail[] = [];
  const logs: string[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const ctx = await createContext({ config, clock, mailer, log: createLogger("debug", {}, (l) => logs.push(l)), channelPlugins: opts.plugins ?? [] });
  await ensureFirstStart(ctx, fixtureHash);
  const app = createApp(ctx);
  const checkAnswer = answerChecker(app.routes as never);

  const request: TestApp["request"] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    await checkAnswer(method, path, res);
    return res;
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
      storeOf.delete(dataDir);
      // Dropped behind the test (test-databases.ts): nothing reuses the name.
      if (server && databaseUrl) void dropTestDatabase(server, databaseUrl).catch(() => undefined);
    },
    async restart() {
      await ctx.close();
      return createTestApp(env, { ...opts, dataDir, clock });
    },
  };
}
