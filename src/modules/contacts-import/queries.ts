import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import type { ContactImportRowsTable, ContactImportStatus, ImportOutcome } from "../../db/schema";
import { forCompany } from "../../db/scope";

/** Rows per multi-row insert: 9 values each stays far below SQLite's bound-parameter limit. */
const INSERT_CHUNK = 500;

export async function insertImport(
  db: Db,
  companyId: number,
  values: {
    userId: number;
    fileName: string;
    total: number;
    processed: number;
    ignored: number;
    createdAt: string;
    whatsappId: number | null;
    toCheck: number;
  },
): Promise<number> {
  return (await forCompany(db, companyId).insertInto("contact_imports", values).returning("id").executeTakeFirstOrThrow()).id;
}

/** Every column given: a multi-row insert writes null, not the default, for a column a row leaves out. */
export type StagedRow = Required<Omit<Insertable<ContactImportRowsTable>, "companyId" | "importId">>;

export async function insertImportRows(db: Db, companyId: number, importId: number, rows: readonly StagedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto("contact_import_rows")
      .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, importId, companyId })))
      .execute();
  }
}

export function findImport(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("contact_imports").selectAll().where("id", "=", id).executeTakeFirst();
}
export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/** Ignored rows of an import by reason. */
export async function ignoredByReason(db: Db, companyId: number, importId: number): Promise<Map<string, number>> {
  const rows = await forCompany(db, companyId)
    .selectFrom("contact_import_rows")
    .select((eb) => ["reason", eb.fn.countAll<number>().as("n")])
    .where("importId", "=", importId)
    .where("outcome", "=", "ignored")
    .groupBy("reason")
    .execute();
  return new Map(rows.map((r) => [r.reason ?? "", Number(r.n)]));
}

export async function setImportStatus(db: Db, companyId: number, id: number, status: ContactImportStatus, finishedAt: string | null = null): Promise<void> {
  await forCompany(db, companyId).updateTable("contact_imports").set({ status, finishedAt }).where("id", "=", id).execute();
}

/** Adds a batch's outcomes to the import's counts. */
export async function addCounts(db: Db, companyId: number, id: number, n: { imported: number; updated: number; ignored: number }): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("contact_imports")
    .set((eb) => ({
      processed: eb("processed", "+", n.imported + n.updated + n.ignored),
      imported: eb("imported", "+", n.imported),
      updated: eb("updated", "+", n.updated),
      ignored: eb("ignored", "+", n.ignored),
    }))
    .where("id", "=", id)
    .execute();
}

/** The next rows still waiting, in file order (the partial index holds only those). */
export function waitingRows(db: Db, companyId: number, importId: number, limit: number) {
  return forCompany(db, companyId)
    .selectFrom("contact_import_rows")
    .select(["rowNo", "name", "number", "email", "tags"])
    .where("importId", "=", importId)
    .where("outcome", "is", null)
    .orderBy("rowNo")
    .limit(limit)
    .execute();
}

export interface RowOutcome {
  row: { rowNo: number; name: string; number: string; email: string; tags: string };
  outcome: ImportOutcome;
  reason: string | null;
  contactId: number | null;
}

/** Writes a batch's outcomes in one statement (an upsert over rows that exist: their key never conflicts otherwise). */
export async function setRowOutcomes(db: Db, companyId: number, importId: number, outcomes: readonly RowOutcome[]): Promise<void> {
  for (let i = 0; i < outcomes.length; i += INSERT_CHUNK) {
    await db
      .insertInto("contact_import_rows")
      .values(outcomes.slice(i, i + INSERT_CHUNK).map((o) => ({ ...o.row, importId, companyId, outcome: o.outcome, reason: o.reason, contactId: o.contactId })))
      .onConflict((oc) =>
        oc.columns(["importId", "rowNo"]).doUpdateSet((eb) => ({
          outcome: eb.ref("excluded.outcome"),
          reason: eb.ref("excluded.reason"),
          contactId: eb.ref("excluded.contactId"),
        })),
      )
      .execute();
  }
}

/** The company's people (not groups) having these numbers; the oldest contact of each number first. */
export function contactsByNumbers(db: Db, companyId: number, numbers: readonly string[]) {
  if (!numbers.length) return Promise.resolve([]);
  return forCompany(db, companyId)
    .selectFrom("contacts")
    .selectAll()
    .where("number", "in", [...numbers])
    .where("isGroup", "=", 0)
    .orderBy("id")
    .execute();
}

/** The company's contact tags (not kanban lanes), to match typed names against. */
export function contactTagNames(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("tags").select(["id", "name"]).where("kanban", "=", 0).execute();
}

export async function insertTag(
  db: Db,
  companyId: number,
  values: { name: string; userId: number | null; createdAt: string; updatedAt: string },
): Promise<number> {
  return (await forCompany(db, companyId).insertInto("tags", values).returning("id").executeTakeFirstOrThrow()).id;
}

/** The tag ids each of these contacts already carries. */
export async function tagIdsOf(db: Db, companyId: number, contactIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (!contactIds.length) return out;
  const rows = await forCompany(db, companyId)
    .selectFrom("contact_tags")
    .select(["contactId", "tagId"])
    .where("contactId", "in", [...contactIds])
    .execute();
  for (const r of rows) out.set(r.contactId, (out.get(r.contactId) ?? new Set()).add(r.tagId));
  return out;
}

export async function addContactTags(db: Db, companyId: number, pairs: readonly { contactId: number; tagId: number }[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += INSERT_CHUNK) {
    await db
      .insertInto("contact_tags")
      .values(pairs.slice(i, i + INSERT_CHUNK).map((p) => ({ ...p, companyId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The import's rows in file order from `afterRowNo`, for its summary. */
export function summaryRows(db: Db, companyId: number, importId: number, afterRowNo: number, limit: number) {
  return forCompany(db, companyId)
    .selectFrom("contact_import_rows")
    .select(["rowNo", "name", "number", "outcome", "reason", "contactId"])
    .where("importId", "=", importId)
    .where("rowNo", ">", afterRowNo)
    .orderBy("rowNo")
    .limit(limit)
    .execute();
}

/** The next waiting rows whose number is not checked yet, in file order. */
export function uncheckedRows(db: Db, companyId: number, importId: number, limit: number) {
  return forCompany(db, companyId)
    .selectFrom("contact_import_rows")
    .select(["rowNo", "name", "number", "email", "tags"])
    .where("importId", "=", importId)
    .where("outcome", "is", null)
    .where("checked", "=", 0)
    .orderBy("rowNo")
    .limit(limit)
    .execute();
}

/** Records that a row's number was checked (and counts it on the import). */
export async function markChecked(db: Db, companyId: number, importId: number, rowNo: number): Promise<void> {
  await forCompany(db, companyId).updateTable("contact_import_rows").set({ checked: 1 }).where("importId", "=", importId).where("rowNo", "=", rowNo).execute();
  await forCompany(db, companyId)
    .updateTable("contact_imports")
    .set((eb) => ({ checked: eb("checked", "+", 1) }))
    .where("id", "=", importId)
    .execute();
}
