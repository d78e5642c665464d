import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { SQL } from "bun";
import { CompiledQuery, sql } from "kysely";
import { admin, createTestDatabase, dropTestDatabase, postgresServer, withDatabase } from "../../../tests/helpers/test-databases";
import { createTestApp } from "../../../tests/helpers/test-app";
import { loadConfig } from "../../config";
import { createContext } from "../../context";
import { createLogger } from "../../log";
import { openStore } from "../store";

// The PostgreSQL store's own behaviour, whichever store the rest of the run is on.
const server = postgresServer();
const MAIN = join(import.meta.dir, "../../main.ts");
const silent = createLogger("silent");
const made: string[] = [];

const urlOf = (name: string) => withDatabase(server, name);
const asAdmin = <T>(work: (client: SQL) => Promise<T>) => admin(server, work);

/** An empty database (no migration run), dropped after the file. */
async function emptyDatabase(name: string, owner?: string): Promise<string> {
  await asAdmin(async (client) => {
    await client.unsafe(`drop database if exists ${name} with (force)`);
    await client.unsafe(`create database ${name}${owner ? ` owner ${owner}` : ""}`);
  });
  made.push(name);
  return urlOf(name);
}

afterAll(async () => {
  await asAdmin(async (client) => {
    for (const name of made) await client.unsafe(`drop database if exists ${name} with (force)`);
  });
});

describe("the PostgreSQL store", () => {
  test("migrations run on an empty database, down to the first one and up again", async () => {
    const store = await openStore(loadConfig({ DATABASE_URL: await emptyDatabase("store_migrations"), DATABASE_POOL_SIZE: "2" }), silent);
    try {
      const applied = await store.migrate(new Date());
      expect(applied[0]).toBe("0001_foundation");
      expect(await store.migrate(new Date())).toEqual([]);
      const migrator = store.migrator();
      expect((await migrator.migrateTo("0001_foundation")).error).toBeUndefined();
      const back = await migrator.migrateToLatest();
      expect(back.error).toBeUndefined();
      expect(back.results?.length).toBe(applied.length - 1);
      // The search indexes are there again, kept by their triggers.
      await store.db.insertInto("plans").values({ name: "P" }).execute();
      const company = await store.db.insertInto("companies").values({ name: "C", planId: 1 }).returning("id").executeTakeFirstOrThrow();
      await store.db.insertInto("contacts").values({ companyId: company.id, name: "João Câmara", number: "5511" }).execute();
      const found = await store.db.selectFrom("contacts_fts").select(["name", "number"]).execute();
      expect(found).toEqual([{ name: "joao camara", number: "5511" }]);
    } finally {
      await store.close();
    }
  });

  test("a role that may not create the search extensions is told which statement to run", async () => {
    await asAdmin(async (client) => {
      await client.unsafe("drop role if exists multi100_noext");
      await client.unsafe("create role multi100_noext login");
    });
    const url = await emptyDatabase("store_noext");
    // The role may create tables in the schema but not extensions in the database.
    await admin(url, (client) => client.unsafe("grant create on schema public to multi100_noext"));
    const asRole = new URL(url);
    asRole.username = "multi100_noext";
    const store = await openStore(loadConfig({ DATABASE_URL: asRole.toString(), DATABASE_POOL_SIZE: "2" }), silent);
    try {
      const failure = await store.migrate(new Date()).catch((err: Error) => err);
      expect(String(failure)).toContain('run "CREATE EXTENSION unaccent;" as a superuser');
    } finally {
      await store.close();
      await asAdmin((client) => client.unsafe(`drop database if exists store_noext with (force)`));
      await asAdmin((client) => client.unsafe("drop role if exists multi100_noext"));
    }
  });

  test("a server that does not answer is a clear error at start; DATABASE_URL must be a postgres URL", async () => {
    const unreachable = await openStore(loadConfig({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", DATABASE_POOL_SIZE: "1" }), silent).catch(
      (err: Error) => err,
    );
    expect(String(unreachable)).toContain("cannot reach the PostgreSQL server of DATABASE_URL");
    expect(() => loadConfig({ DATABASE_URL: "mysql://x@y/z" })).toThrow();
  });

  test("counts are numbers, a failed transaction writes nothing, a savepoint undoes only its part", async () => {
    const databaseUrl = await createTestDatabase(server);
    const t = await createTestApp({ DATABASE_URL: databaseUrl });
    try {
      const db = t.ctx.db;
      const count = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(count).toEqual({ n: 1 });
      const failed = await db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("tags").values({ companyId: 1, name: "Lost" }).execute();
          throw new Error("stop");
        })
        .catch((err: Error) => err.message);
      expect(failed).toBe("stop");
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("tags").values({ companyId: 1, name: "Kept" }).execute();
        await sql`savepoint part`.execute(trx);
        await trx.insertInto("tags").values({ companyId: 1, name: "Undone" }).execute();
        await sql`rollback to savepoint part`.execute(trx);
      });
      expect((await db.selectFrom("tags").select("name").execute()).map((r) => r.name)).toEqual(["Kept"]);
      const updated = await db.updateTable("tags").set({ color: "#000000" }).where("companyId", "=", 1).executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(1n);
    } finally {
      await t.close();
      await dropTestDatabase(server, databaseUrl);
    }
  });

  test("a transaction keeps one session among standalone queries; a first-distinct read goes on past its first page", async () => {
    const databaseUrl = await createTestDatabase(server);
    const t = await createTestApp({ DATABASE_URL: databaseUrl });
    try {
      const pid = sql<{ pid: number }>`select pg_backend_pid() as pid`;
      const pids = await t.ctx.db.transaction().execute(async (trx) => {
        const first = (await pid.execute(trx)).rows[0]!.pid;
        // Standalone queries beside it take the pool's other connections; the transaction's own stay on its session.
        await Promise.all(Array.from({ length: 8 }, () => pid.execute(t.ctx.db)));
        return [first, (await pid.execute(trx)).rows[0]!.pid];
      });
      expect(pids[1]).toBe(pids[0]);

      // 5,000 rows in order, the first 4,050 of one value: the second value is only on the second page of 4,000.
      const rows = await t.ctx.store.reads.read(
        CompiledQuery.raw(`select case when g <= 4050 then 1 else 2 end as "ticketId", g from generate_series(1, 5000) as g order by g`, []) as CompiledQuery<{
          ticketId: number;
          g: number;
        }>,
        { column: "ticketId", limit: 5 },
      );
      expect(rows).toEqual([
        { ticketId: 1, g: 1 },
        { ticketId: 2, g: 4051 },
      ]);
    } finally {
      await t.close();
      await dropTestDatabase(server, databaseUrl);
    }
  });

  test("every instance on one database signs with the same secrets, kept in the database; the environment's win", async () => {
    const databaseUrl = await createTestDatabase(server);
    const open = (env: Record<string, string> = {}) =>
      createContext({
        config: loadConfig({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "2", DATA_DIR: `/tmp/multi100-secrets-${crypto.randomUUID()}`, ...env }),
        log: silent,
        startChannels: false,
      });
    const [a, b] = await Promise.all([open(), open()]);
    const c = await open({ JWT_SECRET: "from-the-environment-0123456789" });
    try {
      expect(a.secrets).toEqual(b.secrets);
      expect(a.secrets.jwt.length).toBeGreaterThan(40);
      expect(c.secrets).toEqual({ ...a.secrets, jwt: "from-the-environment-0123456789" });
      expect(await a.db.selectFrom("store_secrets").select("name").orderBy("name").execute()).toEqual([
        { name: "jwt" },
        { name: "jwtRefresh" },
        { name: "media" },
      ]);
    } finally {
      for (const ctx of [a, b, c]) await ctx.close();
      await dropTestDatabase(server, databaseUrl);
    }
  });

  test("a database that is gone fails the health check's database part", async () => {
    const t = await createTestApp({ DATABASE_URL: await createTestDatabase(server) });
    try {
      expect((await t.request("GET", "/api/health")).status).toBe(200);
      await dropTestDatabase(server, t.ctx.config.DATABASE_URL!);
      const res = await t.request("GET", "/api/health");
      expect(res.status).toBe(503);
      expect((await res.json()).checks.database).toBe("unreadable");
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  test("multi100 backup names pg_dump and exits non-zero", async () => {
    const proc = Bun.spawn([process.execPath, MAIN, "backup", "/tmp/multi100-backup.dump"], {
      env: { ...process.env, DATABASE_URL: server, DATA_DIR: "/tmp/multi100-backup-data" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await proc.exited).toBe(1);
    expect(await new Response(proc.stderr).text()).toContain("pg_dump --format=custom --file=/tmp/multi100-backup.dump");
  });
});
