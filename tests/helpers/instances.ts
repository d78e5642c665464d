import type { ChannelPlugin } from "../../src/channels/adapter";
import type { Config } from "../../src/config";
import type { MovableClock } from "./clock";
import { createTestApp, type TestApp } from "./test-app";
import { createTestDatabase, dropTestDatabase, postgresServer } from "./test-databases";

export interface Instances {
  a: TestApp;
  b: TestApp;
  /** The database both run on. */
  url: string;
  close(): Promise<void>;
}

/**
 * Two instances of the product on one PostgreSQL database of their own (whichever store the rest of the run is on),
 * as a provider runs them behind a proxy: each its own context, DATA_DIR and pool; the database, its secrets and its
 * first admin shared. Servers started with `listen` are stopped by `close`.
 */
export async function twoInstances(
  opts: { plugins?: ChannelPlugin<any>[]; clock?: MovableClock; env?: Partial<Record<keyof Config, string>> } = {},
): Promise<Instances> {
  const server = postgresServer();
  const url = await createTestDatabase(server);
  const env = { ...opts.env, DATABASE_URL: url, DATABASE_POOL_SIZE: "4" };
  const a = await createTestApp(env, opts);
  const b = await createTestApp(env, opts);
  return {
    a,
    b,
    url,
    async close() {
      for (const t of [a, b]) {
        await t.close();
        // A test may have stopped one already (an instance that died).
        if (t.app.server) await t.app.stop(true).catch(() => undefined);
      }
      await dropTestDatabase(server, url);
    },
  };
}
