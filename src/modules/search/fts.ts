/**
 * How user text becomes a search of the two indexes, on either store (ARCHITECTURE.md Conventions): the only part of
 * search that differs between SQLite and PostgreSQL.
 *   messages_fts  SQLite: FTS5 over message bodies (words, accents removed; migration 0010) and their ticket's scope
 *                 (who may see it; migration 0050). PostgreSQL: a tsvector of each body, accents removed and
 *                 lower-cased, under a GIN index (migrations/postgres-search.ts), the scope as a text array under
 *                 another, and each message's ticket (btree) and time (migration 0050).
 *   contacts_fts  SQLite: FTS5 trigrams of names and numbers, accents removed (migration 0021). PostgreSQL: names and
 *                 numbers accents removed and lower-cased, under pg_trgm indexes.
 * User text is never parsed as query syntax: on SQLite it is one quoted phrase (FTS syntax in it, `*`, `"`, `NEAR(`,
 * `-`, `AND`, is searched as text); on PostgreSQL only its words reach the tsquery, each quoted, and LIKE's own
 * characters are escaped. It passes through searchText first.
 */
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from "kysely";
import { isPostgres } from "../../../migrations/dialect";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { containsText, escapeLike } from "../../db/text";

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Search text as the indexes take it: control characters (a NUL included) separate words, as the tokenizers treat
 * them, so a run of them becomes one space; the ends are trimmed. SQLite reads a MATCH or LIKE pattern as a C string,
 * so a NUL left in would cut the query short (an unterminated phrase, or a pattern that matches too much).
 */
export const searchText = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

/**
 * Bodies holding the text's words in a row: `exact` as typed, `prefix` with the last word as a prefix, so text typed so
 * far already finds ('atencao ao cli' finds 'Atenção ao cliente'). A prefix query reads the whole doclist of every word
 * it expands to (it cannot stream), so the service tries `exact` first. Undefined when the text has no letter or
 * digit: nothing can match.
 */
export function messagesQuery(db: Db, raw: string): { exact: string; prefix: string } | undefined {
  const text = searchText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  if (isPostgres(db)) {
    // The words as FTS5's tokenizer splits them (runs of letters, marks and digits), quoted, one after the other.
    const phrase = (text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((word) => `'${word}'`).join(" <-> ");
    return { exact: phrase, prefix: `${phrase}:*` };
  }
  // Only the body column: the scope column's tokens (u12, w1) are not words of the message.
  return { exact: `body : ${quoted(text)}`, prefix: `body : ${quoted(text)}*` };
}

/**
 * The condition for a query joined with messages_fts; with a scope, only messages whose ticket's scope holds one of
 * its tokens (personalViewScope: the reader's personal view in the index's form).
 */
export function messagesMatch(db: Db, query: string, scope?: readonly string[]): Expression<SqlBool> {
  if (isPostgres(db)) {
    const words = sql<SqlBool>`messages_fts.body @@ to_tsquery('simple', multi100_unaccent(lower(${query})))`;
    return scope ? sql<SqlBool>`${words} and messages_fts.scope && array[${sql.join(scope)}]::text[]` : words;
  }
  // The tokens are letters and digits only (never user text), so they go into the query as they are.
  return sql<SqlBool>`messages_fts match ${scope ? `${query} AND scope : (${scope.join(" OR ")})` : query}`;
}

const TRIGRAM = 3;

/** The contacts index's query for the text; undefined when the text is too short for trigrams. */
export function contactsQuery(db: Db, raw: string): string | undefined {
  const text = searchText(raw);
  if ([...text].length < TRIGRAM) return undefined;
  return isPostgres(db) ? `%${escapeLike(text)}%` : quoted(text);
}

/** The condition for a query on contacts_fts. */
export function contactsMatch(db: Db, query: string): Expression<SqlBool> {
  if (!isPostgres(db)) return sql<SqlBool>`contacts_fts match ${query}`;
  const pattern = sql`multi100_unaccent(lower(${query}))`;
  return sql<SqlBool>`(contacts_fts.name like ${pattern} escape '\\' or contacts_fts.number like ${pattern} escape '\\')`;
}

/**
 * Contacts whose name or number contains the text, ignoring case and accents. Trigrams need 3 characters;
 * shorter text falls back to a case-blind LIKE over the company's contacts.
 */
export function contactTextMatch(db: Db, eb: ExpressionBuilder<DB, "contacts">, raw: string): Expression<SqlBool> {
  const query = contactsQuery(db, raw);
  if (query) return eb("contacts.id", "in", eb.selectFrom("contacts_fts").select("contacts_fts.rowid").where(contactsMatch(db, query)));
  const text = searchText(raw);
  return eb.or([containsText(eb.ref("contacts.name"), text), containsText(eb.ref("contacts.number"), text)]);
}
