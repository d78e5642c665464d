import type { Database } from "bun:sqlite";
import { join } from "node:path";
import pkg from "../package.json";
import { channelPlugins } from "../plugins";
import { registerAutomation } from "./automation/pipeline";
import { type ChannelsCore, createChannels } from "./channels";
import type { ChannelPlugin } from "./channels/adapter";
import { type Clock, systemClock } from "./clock";
import { type Config, loadConfig } from "./config";
import { type Db, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrator";
import { Scheduler } from "./jobs/scheduler";
import { createLogger, type Logger } from "./log";
import { createMailer, type Mailer } from "./mail";
import { TokenService } from "./modules/auth/tokens";
import { ReadPool } from "./modules/search/pool";
import { Bus } from "./realtime/bus";
import { Hub } from "./realtime/hub";
import { Checkpointer } from "./db/checkpointer";
import { GroupCommit } from "./db/group-commit";
import { registerRealtimeListeners } from "./realtime/listeners";
import { loadSecrets, type Secrets } from "./secrets";
import { MediaStore } from "./storage/media";

/** Everything a module may use, built once per process (or per test). */
export interface AppContext {
  id: string;
  version: string;
  config: Config;
  db: Db;
  sqlite: Database;
  clock: Clock;
  log: Logger;
  bus: Bus;
  hub: Hub;
  jobs: Scheduler;
  media: MediaStore;
  mailer: Mailer;
  tokens: TokenService;
  secrets: Secrets;
  /** Channel plugins, sessions and the inbound/outbound pipelines (src/channels). */
  channels: ChannelsCore;
  /** Heavy reads (search) on worker threads with read-only connections (src/modules/search/pool.ts). */
  reads: ReadPool;
  /** Folds the write-ahead log into the database file on a worker thread; started by the server (src/db/checkpointer.ts). */
  checkpoints: Checkpointer;
  /** Small independent writes committed together (src/db/group-commit.ts). */
  writes: GroupCommit;
  /** Built web-app files: URL path -> file path (disk or the binary's $bunfs); empty when no UI was built. */
  assets: Map<string, string>;
  close(): Promise<void>;
}

export interface ContextOptions {
  config?: Config;
  clock?: Clock;
  log?: Logger;
  mailer?: Mailer;
  assets?: Map<string, string>;
  /** Extra channel plugins (tests), replacing a product plugin of the same id; the product's own are built by plugins/index.ts. */
  channelPlugins?: ChannelPlugin<any>[];
  /** Start every connection's session and recover interrupted sends at creation (default true). */
  startChannels?: boolean;
}

/** The product's version: package.json's, the one place it is set. */
export const VERSION: string = pkg.version;

export async function createContext(opts: ContextOptions = {}): Promise<AppContext> {
  const config = opts.config ?? loadConfig();
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const secrets = loadSecrets(config);
  const { db, sqlite } = openDatabase(join(config.DATA_DIR, "multi100.db"));
  await migrateToLatest(db, sqlite, join(config.DATA_DIR, "backups"), log, clock.now());
  const bus = new Bus(log);
  const tokens = new TokenService(secrets, clock, { accessS: config.ACCESS_TOKEN_TTL_S, refreshS: config.REFRESH_TOKEN_TTL_S });
  let closed = false;
  const ctx: AppContext = {
    id: crypto.randomUUID(),
    version: VERSION,
    config,
    db,
    sqlite,
    clock,
    log,
    bus,
    tokens,
    secrets,
    hub: undefined as unknown as Hub,
    channels: undefined as unknown as ChannelsCore,
    jobs: new Scheduler({ db, clock, log }),
    media: new MediaStore({ db, dir: join(config.DATA_DIR, "media"), secret: secrets.media, clock }),
    mailer: opts.mailer ?? createMailer(config, log),
    assets: opts.assets ?? new Map(),
    reads: new ReadPool({ path: join(config.DATA_DIR, "multi100.db"), local: sqlite, log }),
    writes: new GroupCommit(db),
    checkpoints: new Checkpointer({ path: join(config.DATA_DIR, "multi100.db"), writer: sqlite, log }),
    async close() {
      if (closed) return;
      closed = true;
      await ctx.channels.close();
      await ctx.writes.idle();
      await ctx.jobs.stop();
      ctx.hub.closeAll();
      await ctx.reads.close();
      await ctx.checkpoints.stop();
      // Fold the WAL back into the database file so a stopped server leaves one self-contained file. A checkpoint
      // refused now (a statement still open) loses nothing: the next start reads the WAL.
      try {
        sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch (err) {
        log.warn("WAL checkpoint at close skipped", { err: String(err) });
      }
      await db.destroy();
    },
  };
  ctx.hub = new Hub(ctx);
  registerRealtimeListeners(ctx);
  // An injected plugin replaces the product's plugin of the same id, so a test can point it at a fake server.
  const injected = opts.channelPlugins ?? [];
  const injectedIds = new Set(injected.map((p) => p.manifest.id));
  ctx.channels = createChannels(ctx, [...channelPlugins(config).filter((p) => !injectedIds.has(p.manifest.id)), ...injected]);
  registerAutomation(ctx);
  if (opts.startChannels !== false) await ctx.channels.boot();
  return ctx;
}
