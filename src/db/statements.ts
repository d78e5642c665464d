/**
 * Compiled statements kept by SQL text for the writer connection. Kysely prepares every query anew, and bun:sqlite's
 * own `query` cache holds only 20 texts: a contact's message with the automation on runs more distinct statements than
 * that, so the cache thrashed and a twelfth of the server's time went to compiling SQL again (bench/inbound.ts).
 * Least recently used texts are finalized past the cap, which bounds the memory when queries carry lists of varying
 * length (`in (?, ?, …)`). Safe because Kysely runs one query at a time on its single connection and reads each
 * statement's rows at once.
 */
import type { Database, Statement } from "bun:sqlite";

/** Distinct SQL texts kept compiled; the product runs a few hundred. */
const CAPACITY = 1_000;

export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly sqlite: Database,
    private readonly capacity = CAPACITY,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  prepare(text: string): Statement {
    const hit = this.statements.get(text);
    if (hit) {
      // Map keeps insertion order: re-inserting makes this text the most recently used.
      this.statements.delete(text);
      this.statements.set(text, hit);
      return hit;
    }
    const statement = this.sqlite.prepare(text);
    this.statements.set(text, statement);
    if (this.statements.size > this.capacity) {
      const [oldest, evicted] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(oldest);
      evicted.finalize();
    }
    return statement;
  }

  /** Finalizes every kept statement: SQLite does not close a connection that still has live ones. */
  clear(): void {
    for (const s of this.statements.values()) s.finalize();
    this.statements.clear();
  }
}
