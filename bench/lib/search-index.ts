/**
 * Bulk seeds fill the message search index once at the end instead of row by row: the index's insert trigger, run for
 * each of a million messages inside large transactions, made both seeds slow down as they grew (the inbound one past
 * 30 minutes, CPU-bound, with gigabytes written to SQLite's statement journal). The index ends up as the trigger would
 * have left it: the trigger's own statement is run once over every message, then the trigger is put back as it was.
 */
import type { Database } from "bun:sqlite";

const TRIGGER = "messages_fts_insert";

export function withSearchIndexFilledAfter(db: Database, seed: () => void): void {
  const row = db.query("select sql from sqlite_master where type = 'trigger' and name = ?").get(TRIGGER) as { sql: string } | null;
  if (!row) throw new Error(`seed: no ${TRIGGER} trigger in this store`);
  // "create trigger … when <cond> begin insert into messages_fts(…) select new.id, new.body, <scope> from tickets t
  // where t.id = new.ticketId; end": its insert, over every message instead of `new`.
  const match = /when (.+?) begin\s+(insert into messages_fts\(rowid, body, scope\) select .+? from tickets t) where t\.id = new\.ticketId;\s*end$/is.exec(
    row.sql,
  );
  if (!match) throw new Error(`seed: ${TRIGGER} is not the shape this seed knows; update bench/lib/search-index.ts`);
  const [, when, insert] = match as unknown as [string, string, string];
  const fill = `${insert.replace(/\bnew\./g, "m.")} join messages m on t.id = m.ticketId where ${when.replace(/\bnew\./g, "m.")} order by m.id`;
  db.exec(`drop trigger ${TRIGGER}`);
  try {
    seed();
    db.transaction(() => db.exec(fill))();
  } finally {
    db.exec(row.sql);
  }
}
