import { type DeleteQueryBuilder, type DeleteResult, type Kysely, type SelectQueryBuilder, sql, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import { compiledOnce } from "./compiled";
import type { DB, TenantTable } from "./schema";

/** A Kysely instance or a transaction (Transaction extends Kysely). */
type Executor = Kysely<DB>;

/**
 * The one tenant helper. Every query over a tenant table starts here, so a row of another
 * company can never be read, changed or deleted: the company filter is part of the builder
 * before any caller-written condition is added.
 */
export function forCompany(db: Executor, companyId: number) {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`invalid companyId ${companyId}`);
  return {
    companyId,
    db,
    // The casts only name the builder types: TypeScript cannot pick a `where` overload on a builder
    // whose table is still a type parameter. The filter itself is an ordinary typed condition.
    // biome-ignore lint/complexity/noBannedTypes: `{}` is Kysely's own type for a builder that has selected nothing yet; any other type would change the row types of every select built on it.
    selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<DB, T, {}> {
      return (db.selectFrom(table) as any).where(sql.ref(`${table}.companyId`), "=", companyId);
    },
    updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult> {
      return (db.updateTable(table) as any).where(sql.ref(`${table}.companyId`), "=", companyId);
    },
    deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<DB, T, DeleteResult> {
      return (db.deleteFrom(table) as any).where(sql.ref(`${table}.companyId`), "=", companyId);
    },
    /** Insert with companyId forced to the scope's company, whatever the values say. */
    insertInto<T extends TenantTable>(table: T, values: Record<string, unknown>) {
      return db.insertInto(table).values({ ...(values as Record<string, unknown>), companyId } as never);
    },
    /** Ids from a request body must name rows of this company; returns the ones that do not. */
    async missingIds<T extends TenantTable>(table: T, ids: readonly number[]): Promise<number[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const rows = await idsOf(table)(db, { companyId, ids: unique });
      const found = new Set(rows.map((r) => r.id));
      return unique.filter((id) => !found.has(id));
    },
  };
}

export type Scope = ReturnType<typeof forCompany>;

// Every list filter and body checks its ids: the query of each table is compiled once per number of ids.
const idQueries = new Map<TenantTable, (db: Executor, a: { companyId: number; ids: readonly number[] }) => Promise<{ id: number }[]>>();
function idsOf(table: TenantTable) {
  let query = idQueries.get(table);
  if (!query) {
    query = compiledOnce(
      (_db, a: { companyId: number; ids: readonly number[] }) =>
        sql<{ id: number }>`select id from ${sql.table(table)} where "companyId" = ${a.companyId} and id in (${sql.join(a.ids)})`,
    );
    idQueries.set(table, query);
  }
  return query;
}
