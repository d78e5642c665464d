import { type Expression, type RawBuilder, sql, type SqlBool } from "kysely";

/** The text as a LIKE pattern's literal part: its own %, _ and \ match themselves (with `escape '\'`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The column holds the text, case ignored, on both stores: SQLite's LIKE ignores ASCII case and PostgreSQL's does
 * not, so both sides go through lower() (ASCII-only on SQLite, every letter on PostgreSQL).
 */
export function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
}
