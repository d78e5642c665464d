import type { ReservedSQL, SQL } from "bun";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * int8 columns (counts, sums) come back as BigInt with `bigint: true`; every id and count here fits a double, so they
 * are answered as numbers, the way the SQLite store answers them. Anything else passes as the client decoded it.
 */
function asNumbers(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows) {
    for (const key in row) {
      const v = row[key];
      if (typeof v === "bigint") row[key] = Number(v);
    }
  }
  return rows;
}

/**
 * PostgreSQL's text cannot hold U+0000, which SQLite's can: a NUL that reaches the store (a channel's payload, a form,
 * a search) becomes U+FFFD, the replacement character, so the text is kept, visibly marked, instead of failing the
 * request. Only strings holding one are copied.
 */
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value);

/**
 * One Kysely connection. A transaction, or a session-level lock such as the migrator's, must stay on one server
 * session, so it runs on a connection reserved from the client's pool until Kysely releases it. A query on its own
 * needs no session of its own and goes to the pool directly: reserving and releasing a connection around every query
 * cost about a tenth of the server's CPU under inbound load. `sessions` (the migrator's handle) reserves at once.
 */
class BunConnection implements DatabaseConnection {
  private reserved: ReservedSQL | undefined;
  constructor(private readonly pool: SQL) {}

  async session(): Promise<ReservedSQL> {
    this.reserved ??= await this.pool.reserve();
    return this.reserved;
  }

  release(): void {
    this.reserved?.release();
    this.reserved = undefined;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await (this.reserved ?? this.pool).unsafe(query.sql, query.parameters.map(withoutNul));
    const rows = asNumbers(Array.from(result as Record<string, unknown>[])) as R[];
    const command = result.command;
    const written = command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE";
    return written ? { rows, numAffectedRows: BigInt(result.affectedRows ?? result.count ?? 0) } : { rows };
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by the product; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streamQuery is not supported by the PostgreSQL store");
  }
}

/** Kysely's driver over the client's pool (see BunConnection); `sessions`: every connection is a reserved one. */
function bunDriver(pool: SQL, sessions: boolean): Driver {
  const on = (connection: DatabaseConnection) => (connection as BunConnection).session();
  return {
    async init() {},
    async acquireConnection() {
      const connection = new BunConnection(pool);
      if (sessions) await connection.session();
      return connection;
    },
    async beginTransaction(connection, settings: TransactionSettings) {
      let begin = "begin";
      if (settings.isolationLevel || settings.accessMode) {
        begin = "start transaction";
        if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
        if (settings.accessMode) begin += ` ${settings.accessMode}`;
      }
      await (await on(connection)).unsafe(begin);
    },
    async commitTransaction(connection) {
      const result = await (await on(connection)).unsafe("commit");
      // PostgreSQL answers COMMIT with a ROLLBACK tag when an earlier error had already aborted the transaction.
      if (result.command === "ROLLBACK") throw new Error("transaction aborted: it was rolled back instead of committed");
    },
    async rollbackTransaction(connection) {
      await (await on(connection)).unsafe("rollback");
    },
    async savepoint(connection, name) {
      await (await on(connection)).unsafe(`savepoint ${quoteName(name)}`);
    },
    async rollbackToSavepoint(connection, name) {
      await (await on(connection)).unsafe(`rollback to savepoint ${quoteName(name)}`);
    },
    async releaseSavepoint(connection, name) {
      await (await on(connection)).unsafe(`release savepoint ${quoteName(name)}`);
    },
    async releaseConnection(connection) {
      (connection as BunConnection).release();
    },
    async destroy() {
      if (!sessions) await pool.close({ timeout: 5 });
    },
  };
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Kysely's PostgreSQL compiler and adapter over Bun's built-in client (decisions.md, Store). `sessions`: a handle whose
 * every connection is one server session (the migrator's lock and its transaction); it leaves the pool open.
 */
export function bunPostgresDialect(pool: SQL, opts: { sessions?: boolean } = {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => bunDriver(pool, opts.sessions === true),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  };
}
