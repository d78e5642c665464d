import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

// Frozen in time, like the migrations that use it: what differs between the SQLite and the PostgreSQL schema, and
// nothing else. Both stores keep the same tables, columns and names (quoted camelCase on PostgreSQL), booleans as
// 0/1 integers and times as ISO-8601 UTC text, so the query code is shared.

export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The current time as ISO-8601 UTC text with milliseconds, the form the application writes. */
export function nowText(db: Kysely<any>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
}

/** An integer primary key the store numbers itself. */
export function serialId(db: Kysely<any>): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}

/** A double-precision number (SQLite's REAL is eight bytes; PostgreSQL's real is four). */
export const doubleType = (db: Kysely<any>) => (isPostgres(db) ? "double precision" : "real");
