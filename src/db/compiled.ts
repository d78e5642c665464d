import type { CompiledQuery } from "kysely";
import type { Db } from "./database";

/** A query builder or a raw `sql` query (which compiles against a Kysely instance). */
interface CompilesTo<R> {
  compile(db: Db): CompiledQuery<R>;
}

/** What a compiled-once query takes: scalar values and lists (a list's length is part of the query's shape). */
export type CompiledArgs = Record<string, number | string | readonly (number | string)[]>;

/**
 * Marks stand in for the arguments while a query is compiled: integers no id, count or limit reaches, and positive
 * so that guards such as forCompany's accept them.
 */
const MARK_BASE = 2 ** 52;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each mark, in order: the argument and, for a list, the position in it. */
  slots: [key: string, index: number | null][];
}

/**
 * Kysely builds and compiles a query on every call, and for the widest reads (a 40-column view with three joins)
 * that costs more than SQLite takes to run it: bench/tickets.ts spent about 150 µs per request compiling the
 * conversation's page. `compiledOnce` builds such a query once per shape (the lengths of its list arguments) with
 * marks for the values, and afterwards runs the SQL it compiled to with each call's values, through Kysely's executor
 * (so it joins a transaction like any other query).
 *
 * `build` must use its arguments only as values (where, limit, offset): a query whose SQL depends on a value, not
 * just on a list's length, cannot be compiled once. The SQL is the SQLite dialect's, shared by every executor.
 */
export function compiledOnce<A extends CompiledArgs, R>(build: (db: Db, args: A) => CompilesTo<R>): (db: Db, args: A) => Promise<R[]> {
  const byShape = new Map<string, Compiled<R>>();
  return async (db, args) => {
    const keys = Object.keys(args);
    const shape = keys.map((k) => (Array.isArray(args[k]) ? `${k}[${(args[k] as readonly unknown[]).length}]` : k)).join(",");
    let compiled = byShape.get(shape);
    if (!compiled) {
      const slots: Compiled<R>["slots"] = [];
      const mark = (key: string, index: number | null) => MARK_BASE + slots.push([key, index]) - 1;
      const marked = Object.fromEntries(keys.map((k) => [k, Array.isArray(args[k]) ? (args[k] as readonly unknown[]).map((_, i) => mark(k, i)) : mark(k, null)]));
      compiled = { query: build(db, marked as unknown as A).compile(db), slots };
      byShape.set(shape, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p) => {
      const slot = typeof p === "number" && p >= MARK_BASE ? slots[p - MARK_BASE] : undefined;
      if (!slot) return p;
      const value = args[slot[0]];
      return slot[1] === null ? value : (value as readonly unknown[])[slot[1]];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
