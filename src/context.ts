import { join } from "node:path";
import pkg from "../package.json";
import { channelPlugins } from "../plugins";
import { registerAutomation } from "./automation/pipeline";
import { type ChannelsCore, createChannels } from "./channels";
import type { ChannelPlugin } from "./channels/adapter";
import { type Clock, systemClock } from "./clock";
import { type Config, loadConfig } from "./config";
import type { Db } from "./db/database";
import { openStore, type Reads, type Store } from "./db/store";
import { Scheduler } from "./jobs/scheduler";
import { createLogger, type Logger } from "./log";
import { createMailer, type Mailer } from "./mail";
import { TokenService } from "./modules/auth/tokens";
import { Bus } from "./realtime/bus";
import { Hub } from "./realtime/hub";
import { GroupCommit } from "./db/group-commit";
import { registerRealtimeListeners } from "./realtime/listeners";
import { startRelay } from "./realtime/relay";
import { loadSecrets, type Secrets } from "./secrets";
import { MediaStore } from "./storage/media";

/** Everything a module may use, built once per process (or per test). */
export interface AppContext {
  id: string;
  version: string;
  config: Config;
  db: Db;
  /** The database behind db (src/db/store.ts): SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL. */
  store: Store;
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
  /** Heavy reads (search, exports): on SQLite, worker threads with read-only connections (src/modules/search/pool.ts). */
  reads: Reads;
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
  const store = await openStore(config, log);
  const db = store.db;
  await store.migrate(clock.now());
  const secrets = await loadSecrets(config, db);
  const bus = new Bus(log);
  const tokens = new TokenService(secrets, clock, { accessS: config.ACCESS_TOKEN_TTL_S, refreshS: config.REFRESH_TOKEN_TTL_S });
  let closed = false;
  let stopRelay = async () => {};
  const ctx: AppContext = {
    id: crypto.randomUUID(),
    version: VERSION,
    config,
    db,
    store,
    clock,
    log,
    bus,
    tokens,
    secrets,
    hub: undefined as unknown as Hub,
    channels: undefined as unknown as ChannelsCore,
    jobs: new Scheduler({ db, clock, log, skipLocked: store.kind === "postgres" }),
    media: new MediaStore({ db, dir: join(config.DATA_DIR, "media"), secret: secrets.media, clock }),
    mailer: opts.mailer ?? createMailer(config, log),
    assets: opts.assets ?? new Map(),
    reads: store.reads,
    writes: new GroupCommit(db),
    async close() {
      if (closed) return;
      closed = true;
      await ctx.channels.close();
      await ctx.bus.settled();
      await ctx.writes.idle();
      await ctx.jobs.stop();
      ctx.hub.closeAll();
      await ctx.hub.releasePresence();
      await stopRelay();
      await store.close();
    },
  };
  ctx.hub = new Hub(ctx);
  registerRealtimeListeners(ctx);
  // An injected plugin replaces the product's plugin of the same id, so a test can point it at a fake server.
  const injected = opts.channelPlugins ?? [];
  const injectedIds = new Set(injected.map((p) => p.manifest.id));
  ctx.channels = createChannels(ctx, [...channelPlugins(config).filter((p) => !injectedIds.has(p.manifest.id)), ...injected]);
  registerAutomation(ctx);
  stopRelay = await startRelay(ctx);
  if (opts.startChannels !== false) await ctx.channels.boot();
  return ctx;
}
