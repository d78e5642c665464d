/**
 * A write refused by a unique constraint, on either store: another writer (a second instance, or a transaction that
 * committed first) inserted the row. SQLite says "UNIQUE constraint failed"; PostgreSQL's error has SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { errno?: unknown; code?: unknown; message?: unknown };
  return e.errno === "23505" || e.code === "23505" || (typeof e.message === "string" && e.message.includes("UNIQUE constraint failed"));
}
