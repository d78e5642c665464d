/**
 * Ids a filter names must be rows of the caller's company: one that is not (another company's, or none at all) is
 * refused on its own field, every such field at once, before anything is read or written for the request.
 */
import type { Db } from "../db/database";
import type { TenantTable } from "../db/schema";
import { forCompany } from "../db/scope";
import { validationError } from "./errors";

/** A field naming rows of a table (none: the filter leaves it out), and the message refusing a foreign id. */
export type IdField = readonly [field: string, table: TenantTable, ids: readonly number[] | undefined, message: string];

export async function refuseForeignIds(db: Db, companyId: number, fields: readonly IdField[]): Promise<void> {
  const scope = forCompany(db, companyId);
  const refused = await Promise.all(fields.map(async ([, table, ids]) => Boolean(ids?.length && (await scope.missingIds(table, ids)).length)));
  const errors = Object.fromEntries(fields.filter((_, i) => refused[i]).map(([field, , , message]) => [field, message]));
  if (Object.keys(errors).length) throw validationError(errors);
}
