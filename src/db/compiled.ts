import type { CompiledQuery, QueryResult } from "kysely";
import { isPostgres } from "../../migrations/dialect";
import type { Db } from "./database";

/** A query builder or a raw `sql` query (which compiles against a Kysely instance). */
interface CompilesTo<R> {
  compile(db: Db): CompiledQuery<R>;
}

/**
 * What a compiled-once query takes. Numbers and strings are values (they reach the SQL only as parameters); the rest
 * is the query's shape: which keys are present, how long each list is, and every boolean, undefined or null.
 */
export type CompiledArg = number | string | boolean | null | undefined | readonly CompiledArg[] | { readonly [key: string]: CompiledArg };
export type CompiledArgs = { readonly [key: string]: CompiledArg };

/**
 * Marks stand in for the values while a query is compiled: integers no id, count or limit reaches, and positive
 * so that guards such as forCompany's accept them.
 */
const MARK_BASE = 2 ** 52;

/**
 * Shapes kept per query. Lists a request names (tags, users, queues…) make their lengths shapes, so a caller varying
 * them could otherwise grow the cache without end; past this many, other shapes are compiled on every call.
 */
export const MAX_SHAPES = 256;

/**
 * A list of ids longer than this is better built each time than compiled once: each length is a shape kept for the
 * process's life, and long lists (an export, a bulk change) are rare and vary.
 */
const MAX_COMPILED_IDS = 64;

type Path = readonly (string | number)[];

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each mark, in order: where its value sits in the arguments. */
  slots: Path[];
}

/** The arguments' shape as a key: values stand as `#`, lists with their length, booleans and absences as themselves. */
function shapeOf(arg: CompiledArg): string {
  if (typeof arg === "number" || typeof arg === "string") return "#";
  if (arg === null || arg === undefined || typeof arg === "boolean") return String(arg);
  if (Array.isArray(arg)) return `[${arg.map(shapeOf).join(",")}]`;
  const o = arg as { readonly [key: string]: CompiledArg };
  return `{${Object.keys(o)
    .map((k) => `${k}:${shapeOf(o[k])}`)
    .join(",")}}`;
}

/** A copy of the arguments with a mark for every value, each mark's path recorded in `slots`. */
function marked(arg: CompiledArg, path: Path, slots: Path[]): CompiledArg {
  if (typeof arg === "number" || typeof arg === "string") return MARK_BASE + slots.push(path) - 1;
  if (arg === null || arg === undefined || typeof arg === "boolean") return arg;
  if (Array.isArray(arg)) return arg.map((v, i) => marked(v, [...path, i], slots));
  const o = arg as { readonly [key: string]: CompiledArg };
  return Object.fromEntries(Object.keys(o).map((k) => [k, marked(o[k], [...path, k], slots)]));
}

function valueAt(args: CompiledArgs, path: Path): unknown {
  let v: unknown = args;
  for (const step of path) v = (v as Record<string | number, unknown>)[step];
  return v;
}

/** Under `bun test` every call also compiles the query with its own values and checks that it is the same. */
const CHECK = process.env.NODE_ENV === "test";

/**
 * Kysely builds and compiles a query on every call, and for the widest reads (a 40-column view with three joins)
 * that costs more than SQLite takes to run it: bench/tickets.ts spent about 150 µs per request compiling the
 * conversation's page. `compiledOnce` builds such a query once per shape of its arguments with marks for the values,
 * and afterwards runs the SQL it compiled to with each call's values, through Kysely's executor (so it joins a
 * transaction like any other query).
 *
 * `build` may branch on the shape (a key present or not, a list's length, a boolean) but must use numbers and strings
 * only as values (where, limit, offset): a query whose SQL depends on a value cannot be compiled once. Tests catch a
 * build that does (CHECK). The SQL is the store's dialect's, shared by every executor of that store.
 */
export function compiledOnce<A extends CompiledArgs, R>(build: (db: Db, args: A) => CompilesTo<R>): CompiledQueryFn<A, R> {
  const byShape = new Map<string, Compiled<R>>();
  const compile = (db: Db, args: A): CompiledQuery<R> => {
    // One process may hold both stores (the tests that compare them): each dialect compiles its own SQL.
    const shape = `${isPostgres(db) ? "pg" : "sqlite"}:${shapeOf(args)}`;
    let compiled = byShape.get(shape);
    if (!compiled && byShape.size >= MAX_SHAPES) return build(db, args).compile(db);
    if (!compiled) {
      const slots: Path[] = [];
      compiled = { query: build(db, marked(args, [], slots) as A).compile(db), slots };
      byShape.set(shape, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p) =>
      typeof p === "number" && p >= MARK_BASE && p - MARK_BASE < slots.length ? valueAt(args, slots[p - MARK_BASE]!) : p,
    );
    if (CHECK) assertSameQuery(build(db, args).compile(db), query.sql, parameters);
    return { ...query, parameters };
  };
  const run = async (db: Db, args: A): Promise<R[]> => (await db.executeQuery<R>(compile(db, args))).rows;
  return Object.assign(run, {
    result: (db: Db, args: A) => db.executeQuery<R>(compile(db, args)),
    first: async (db: Db, args: A) => (await run(db, args))[0],
    shapes: () => byShape.size,
  });
}

/**
 * A compiled-once query: call it with the arguments for its rows; `first` answers the first row, `result` the whole
 * result (an update's or delete's affected rows); `shapes()` says how many shapes it keeps compiled.
 */
export type CompiledQueryFn<A extends CompiledArgs, R> = ((db: Db, args: A) => Promise<R[]>) & {
  result(db: Db, args: A): Promise<QueryResult<R>>;
  first(db: Db, args: A): Promise<R | undefined>;
  shapes(): number;
};

function assertSameQuery(fresh: CompiledQuery, sql: string, parameters: readonly unknown[]): void {
  if (fresh.sql !== sql || !Bun.deepEquals(fresh.parameters, parameters, true)) {
    throw new Error(`compiledOnce: the query's SQL depends on an argument's value, not only on its shape:\n${fresh.sql}\n${sql}`);
  }
}

/**
 * compiledOnce for a query naming a list of ids (`idsOf` picks it from the arguments): compiled once per length up to
 * MAX_COMPILED_IDS ids (a page of tickets, of messages), built each time past it.
 */
export function compiledOnceForIds<A extends CompiledArgs, R>(
  build: (db: Db, args: A) => CompilesTo<R>,
  idsOf: (args: A) => readonly unknown[],
): (db: Db, args: A) => Promise<R[]> {
  const compiled = compiledOnce(build);
  return async (db, args) => (idsOf(args).length > MAX_COMPILED_IDS ? (await db.executeQuery(build(db, args).compile(db))).rows : compiled(db, args));
}
