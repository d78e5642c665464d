import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { FileListOptionsTable, FileListsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { containsText } from "../../db/text";

export type FileListRow = Awaited<ReturnType<typeof findFileList>> & {};
export type FileOptionRow = Awaited<ReturnType<typeof listOptions>>[number];

/** Lists whose name contains the words typed (ASCII case ignored). */
function named(db: Db, companyId: number, search: string) {
  const query = forCompany(db, companyId).selectFrom("file_lists");
  return search ? query.where(containsText(sql.ref("file_lists.name"), search)) : query;
}

export function findFileList(db: Db, companyId: number, id: number) {
  return forCompany(db, companyId).selectFrom("file_lists").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By name under the search, `limit` from `offset`. */
export function fileListPage(db: Db, companyId: number, search: string, limit: number, offset: number) {
  return named(db, companyId, search).selectAll().orderBy("name").orderBy("id").limit(limit).offset(offset).execute();
}

export async function countFileLists(db: Db, companyId: number, search: string): Promise<number> {
  const row = await named(db, companyId, search)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every list's id and name, for pickers. */
export function fileListRefs(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("file_lists").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

/** The files of these lists in their order, with the stored file's type and size. */
export function listOptions(db: Db, companyId: number, fileListIds: readonly number[]) {
  return forCompany(db, companyId)
    .selectFrom("file_list_options")
    .leftJoin("media", "media.key", "file_list_options.mediaKey")
    .selectAll("file_list_options")
    .select(["media.mime as mediaMime", "media.size as mediaSize"])
    .where("file_list_options.fileListId", "in", fileListIds.length ? [...fileListIds] : [0])
    .orderBy("file_list_options.order")
    .orderBy("file_list_options.id")
    .execute();
}

export async function insertFileList(db: Db, companyId: number, values: Omit<Insertable<FileListsTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("file_lists", values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateFileList(db: Db, companyId: number, id: number, values: Updateable<FileListsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("file_lists").set(values).where("id", "=", id).execute();
}

/** The list; its files go with it (the key cascades). */
export async function deleteFileList(db: Db, companyId: number, id: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("file_lists").where("id", "=", id).execute();
}

export async function insertOption(db: Db, companyId: number, values: Omit<Insertable<FileListOptionsTable>, "companyId">): Promise<number> {
  return (await forCompany(db, companyId).insertInto("file_list_options", values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateOption(db: Db, companyId: number, id: number, values: Updateable<FileListOptionsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("file_list_options").set(values).where("id", "=", id).execute();
}

export async function deleteOptions(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await forCompany(db, companyId)
    .deleteFrom("file_list_options")
    .where("id", "in", [...ids])
    .execute();
}

/** The chatbot options that send this list: while there are any, the list stays. */
export function chatbotsUsing(db: Db, companyId: number, fileListId: number) {
  return forCompany(db, companyId)
    .selectFrom("chatbots")
    .select(["id", "name", "queueId"])
    .where("queueType", "=", "file")
    .where("optFileId", "=", fileListId)
    .execute();
}
