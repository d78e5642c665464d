import { z } from "zod";

const bool = z.enum(["1", "0", "true", "false", "yes", "no"]).transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(5).optional(),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default("Multi100 <no-reply@multi100.local>"),
  TRUST_PROXY: bool.default(false),
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  META_GRAPH_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** Verify token of /api/webhooks/meta; derived from META_APP_SECRET when absent. */
  META_VERIFY_TOKEN: z.string().optional(),
  /** Bearer token GET /metrics asks for; without it, /metrics answers loopback peers only (src/metrics/routes.ts). */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  AUTH_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  AUTH_WINDOW_S: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** The web-chat visitor API's limits per minute (plugins/channels/webchat/rate-limit.ts). */
  WEBCHAT_RATE_PER_MIN: z.coerce.number().int().positive().default(30),
  WEBCHAT_RATE_PER_MIN_IP: z.coerce.number().int().positive().default(120),
  WEBCHAT_SESSIONS_PER_MIN_IP: z.coerce.number().int().positive().default(10),
  /**
   * Most a socket's client may fall behind, in KB of frames waiting for it, before the socket is closed (4008; the web
   * app and the widget reconnect and fetch again): src/realtime/bounded-send.ts.
   */
  WS_BUFFER_LIMIT_KB: z.coerce.number().int().min(16).max(65_536).default(1024),
  /**
   * How much the JavaScript heap may grow past its size after the last full collection before the server collects it
   * again, in MB (src/heap.ts); 0 leaves the heap to the runtime alone.
   */
  HEAP_KEEPER_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Days an audit log entry is kept before the daily job prunes it (src/modules/audit/prune.ts). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().max(36_500).default(180),
  /** Least time between two number checks on one WhatsApp connection while a contact import validates its numbers. */
  CONTACT_IMPORT_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

export type Config = z.infer<typeof schema>;

/** Reads the environment; every key has a default so a bare start works. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
