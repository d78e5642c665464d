/**
 * The SQLite-only half of search (FTS5; ARCHITECTURE.md Conventions): how user text becomes a MATCH query.
 * Indexes: messages_fts (words, accents removed; migration 0010) and contacts_fts (trigrams of name and number, accents
 * removed; migration 0021). User text is always one quoted phrase, so FTS syntax in it (`*`, `"`, `NEAR(`, `-`,
 * `AND`) is searched as text and never parsed, and it passes through searchText first.
 */
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from "kysely";
import type { DB } from "../../db/schema";

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
export function messagesQuery(raw: string): { exact: string; prefix: string } | undefined {
  const text = searchText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  return { exact: quoted(text), prefix: `${quoted(text)}*` };
}

/** The condition for a query joined with messages_fts. */
export const messagesMatch = (query: string) => sql<SqlBool>`messages_fts match ${query}`;

const TRIGRAM = 3;

/** The contacts index's query for the text (a phrase of trigrams); undefined when the text is too short for trigrams. */
export function contactsQuery(raw: string): string | undefined {
  const text = searchText(raw);
  return [...text].length >= TRIGRAM ? quoted(text) : undefined;
}

/** The condition for a query on contacts_fts. */
export const contactsMatch = (query: string) => sql<SqlBool>`contacts_fts match ${query}`;

/**
 * Contacts whose name or number contains the text, ignoring case and accents. Trigrams need 3 characters;
 * shorter text falls back to LIKE (case-insensitive for ASCII only) over the company's contacts.
 */
export function contactTextMatch(eb: ExpressionBuilder<DB, "contacts">, raw: string): Expression<SqlBool> {
  const query = contactsQuery(raw);
  if (query) return eb("contacts.id", "in", eb.selectFrom("contacts_fts").select("contacts_fts.rowid").where(contactsMatch(query)));
  const text = searchText(raw);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb.or([sql<SqlBool>`contacts.name like ${pattern} escape '\\'`, sql<SqlBool>`contacts.number like ${pattern} escape '\\'`]);
}
