import { SQL } from "bun";
import { openPostgresStore } from "../../src/db/postgres/store";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/log";

/**
 * PostgreSQL databases for tests, on the throwaway cluster that scripts/test.sh starts (scripts/pg-cluster.ts). With
 * TEST_DATABASE_URL every test app gets its own database, copied from a template migrated once per process and dropped
 * at close; without it the apps are on SQLite, and TEST_POSTGRES_URL names the server for the tests of the PostgreSQL
 * store itself and those that compare the two stores.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The test cluster's URL, for a test that needs PostgreSQL whichever store the run is on. */
export function postgresServer(): string {
  const url = process.env.TEST_POSTGRES_URL ?? TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "this test needs a PostgreSQL server: run it through npm test, or start one with `bun scripts/pg-cluster.ts start DIR` and set TEST_POSTGRES_URL to the URL it prints",
    );
  }
  return url;
}

// One template per test process, so that two runs on one cluster never rebuild each other's.
const TEMPLATE = `multi100_template_${process.pid}`;
let template: Promise<void> | undefined;
let seq = 0;

/** The server's URL pointed at another database of it. */
export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Runs `work` on one connection to the server's URL (its maintenance database), closed after. */
export async function admin<T>(url: string, work: (sql: SQL) => Promise<T>): Promise<T> {
  const sql = new SQL(url, { max: 1 });
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}

/** The template: created and migrated by the first test of the process. */
function migratedTemplate(url: string): Promise<void> {
  template ??= (async () => {
    await admin(url, async (sql) => {
      await sql.unsafe(`drop database if exists ${TEMPLATE}`);
      await sql.unsafe(`create database ${TEMPLATE}`);
    });
    const config = loadConfig({ DATABASE_URL: withDatabase(url, TEMPLATE), DATABASE_POOL_SIZE: "2" });
    const store = await openPostgresStore(config, createLogger("silent"));
    try {
      await store.migrate(new Date());
    } finally {
      await store.close();
    }
  })();
  return template;
}

/** A new database copied from the migrated template, file by file (several times faster than the WAL-logged copy). */
async function copyTemplate(url: string): Promise<string> {
  await migratedTemplate(url);
  const name = `t${process.pid}_${++seq}`;
  await admin(url, (sql) => sql.unsafe(`create database ${name} template ${TEMPLATE} strategy file_copy`));
  return withDatabase(url, name);
}

// The next test's database is copied while the current test runs, and closed tests' databases are dropped behind
// them: each costs a sixth of a second that would otherwise be waited for twice per test. One copy or drop at a time.
let spare: Promise<string> | undefined;
let maintenance: Promise<unknown> = Promise.resolve();
const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
  const done = maintenance.then(work);
  maintenance = done.catch(() => undefined);
  return done;
};

/** A database of its own for a test app, migrated like the template; answers its URL. */
export async function createTestDatabase(url: string): Promise<string> {
  const next = spare ?? inTurn(() => copyTemplate(url));
  spare = inTurn(() => copyTemplate(url));
  spare.catch(() => undefined);
  return next;
}

/** Drops a test app's database, behind the test (the cluster is thrown away at the end of the run anyway). */
export function dropTestDatabase(url: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  return inTurn(() => admin(url, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`))).then(() => undefined);
}
