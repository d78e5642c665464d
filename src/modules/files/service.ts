import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { AppError, type FieldErrors, notFound, validationError } from "../../http/errors";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import {
  chatbotsUsing,
  countFileLists,
  deleteFileList,
  deleteOptions,
  type FileListRow,
  type FileOptionRow,
  fileListPage,
  fileListRefs,
  findFileList,
  insertFileList,
  insertOption,
  listOptions,
  updateFileList,
  updateOption,
} from "./queries";
import type { FileListInput } from "./schema";
import { serializeFileList } from "./serialize";

type OptionInput = NonNullable<FileListInput["options"]>[number];

const fileListNotFound = () => notFound("File list not found");

/** What the audit log keeps of a list: its fields and its files (name and stored file) in order. */
const auditFields = (
  row: Pick<FileListRow, "name" | "message" | "userId">,
  options: readonly Pick<FileOptionRow, "id" | "name" | "mediaName" | "mediaKey">[],
) => ({
  name: row.name,
  message: row.message,
  userId: row.userId,
  options: options.map((o) => ({ id: o.id, name: o.name, file: o.mediaName, key: o.mediaKey })),
});

/**
 * File lists: a name, a message and named files kept in the media store (its size limit, sniffed types and serving
 * rules). Only those who manage file lists (admins) read or write them: a plain user has no access to the page.
 */
export function createFilesService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: object, after?: object) =>
    recordAudit(db, ctx.clock.now(), actor, {
      companyId: actor.companyId,
      entity: "fileList",
      entityId: id,
      action,
      before: before as Record<string, unknown>,
      after: after as Record<string, unknown>,
    });

  async function existing(db: Db, actor: Actor, id: number) {
    const row = await findFileList(db, actor.companyId, id);
    if (!row) throw fileListNotFound();
    return { row, options: await listOptions(db, actor.companyId, [id]) };
  }

  async function view(actor: Actor, id: number) {
    const { row, options } = await existing(ctx.db, actor, id);
    return serializeFileList(ctx, row, options);
  }

  const dropMedia = async (companyId: number, keys: readonly (string | null)[]) => {
    for (const key of keys) {
      if (key) await ctx.media.delete(companyId, key).catch((err) => ctx.log.warn("file list media not deleted", { companyId, key, err: String(err) }));
    }
  };

  /**
   * Sets the list's files to `wanted` in its order: ids it has are renamed and moved, new ones added, the rest deleted.
   * Answers the stored files of the deleted ones, to remove once the transaction has committed.
   */
  async function syncOptions(trx: Db, actor: Actor, fileListId: number, current: readonly FileOptionRow[], wanted: readonly OptionInput[]) {
    const errors: FieldErrors = {};
    const byId = new Map(current.map((o) => [o.id, o]));
    wanted.forEach((o, i) => {
      if (o.id !== undefined && !byId.has(o.id)) errors[`options.${i}.id`] = "Not found";
    });
    if (Object.keys(errors).length) throw validationError(errors);
    const kept = new Set(wanted.flatMap((o) => (o.id === undefined ? [] : [o.id])));
    const removed = current.filter((o) => !kept.has(o.id));
    await deleteOptions(
      trx,
      actor.companyId,
      removed.map((o) => o.id),
    );
    const at = now();
    for (const [order, o] of wanted.entries()) {
      if (o.id === undefined) await insertOption(trx, actor.companyId, { fileListId, name: o.name, order, createdAt: at, updatedAt: at });
      else if (byId.get(o.id)!.name !== o.name || byId.get(o.id)!.order !== order)
        await updateOption(trx, actor.companyId, o.id, { name: o.name, order, updatedAt: at });
    }
    return removed.map((o) => o.mediaKey);
  }

  const saved = (actor: Actor, fileListId: number, action: "create" | "update") =>
    ctx.bus.emit("fileList.saved", { companyId: actor.companyId, fileListId, action });

  return {
    async list(actor: Actor, q: { searchParam: string; pageNumber: number }) {
      assertCan(actor, "files:manage");
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.default);
      const [rows, count] = await Promise.all([
        fileListPage(ctx.db, actor.companyId, q.searchParam, limit, offset),
        countFileLists(ctx.db, actor.companyId, q.searchParam),
      ]);
      const page = pageOf(rows, size);
      const options = await listOptions(
        ctx.db,
        actor.companyId,
        page.rows.map((r) => r.id),
      );
      return { files: page.rows.map((r) => serializeFileList(ctx, r, options)), count, hasMore: page.hasMore };
    },

    /** Every list's id and name (the chatbot's file option picks one). */
    async refs(actor: Actor) {
      assertCan(actor, "files:manage");
      return fileListRefs(ctx.db, actor.companyId);
    },

    async show(actor: Actor, id: number) {
      assertCan(actor, "files:manage");
      return view(actor, id);
    },

    async create(actor: Actor, input: Required<Pick<FileListInput, "name" | "message" | "options">>) {
      assertCan(actor, "files:manage");
      const id = await ctx.db.transaction().execute(async (trx) => {
        const at = now();
        const values = { name: input.name, message: input.message, userId: actor.userId, createdAt: at, updatedAt: at };
        const created = await insertFileList(trx, actor.companyId, values);
        await syncOptions(trx, actor, created, [], input.options);
        await audit(trx, actor, created, "create", undefined, auditFields(values, await listOptions(trx, actor.companyId, [created])));
        return created;
      });
      saved(actor, id, "create");
      return view(actor, id);
    },

    async update(actor: Actor, id: number, input: FileListInput) {
      assertCan(actor, "files:manage");
      const dropped = await ctx.db.transaction().execute(async (trx) => {
        const before = await existing(trx, actor, id);
        const removed = input.options ? await syncOptions(trx, actor, id, before.options, input.options) : [];
        const values = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.message !== undefined && { message: input.message }),
          updatedAt: now(),
        };
        await updateFileList(trx, actor.companyId, id, values);
        const after = await existing(trx, actor, id);
        await audit(trx, actor, id, "update", auditFields(before.row, before.options), auditFields(after.row, after.options));
        return removed;
      });
      await dropMedia(actor.companyId, dropped);
      saved(actor, id, "update");
      return view(actor, id);
    },

    /** Refused with ERR_FILE_LIST_IN_USE (naming them) while a chatbot option sends the list. */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "files:manage");
      const keys = await ctx.db.transaction().execute(async (trx) => {
        const { row, options } = await existing(trx, actor, id);
        const usedBy = await chatbotsUsing(trx, actor.companyId, id);
        if (usedBy.length) throw new AppError("ERR_FILE_LIST_IN_USE", 409, "A chatbot option still sends this file list", { usedBy });
        await deleteFileList(trx, actor.companyId, id);
        await audit(trx, actor, id, "delete", auditFields(row, options));
        return options.map((o) => o.mediaKey);
      });
      await dropMedia(actor.companyId, keys);
      ctx.bus.emit("fileList.deleted", { companyId: actor.companyId, fileListId: id });
    },

    /** Stores one file of the list (any kind the media store accepts, within its size limit), replacing the one it had. */
    async upload(actor: Actor, fileListId: number, optionId: number, file: File) {
      assertCan(actor, "files:manage");
      const option = (await existing(ctx.db, actor, fileListId)).options.find((o) => o.id === optionId);
      if (!option) throw validationError({ id: "Not found" });
      const stored = await ctx.media.save(actor.companyId, { data: file, name: file.name || undefined });
      const previous = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const before = await existing(trx, actor, fileListId);
          const current = before.options.find((o) => o.id === optionId);
          if (!current) throw validationError({ id: "Not found" });
          await updateOption(trx, actor.companyId, optionId, { mediaKey: stored.key, mediaName: stored.name, updatedAt: now() });
          await updateFileList(trx, actor.companyId, fileListId, { updatedAt: now() });
          const after = before.options.map((o) => (o.id === optionId ? { ...o, mediaKey: stored.key, mediaName: stored.name } : o));
          await audit(trx, actor, fileListId, "update", auditFields(before.row, before.options), auditFields(before.row, after));
          return current.mediaKey;
        })
        .catch(async (err) => {
          await dropMedia(actor.companyId, [stored.key]);
          throw err;
        });
      await dropMedia(actor.companyId, [previous]);
      saved(actor, fileListId, "update");
      return view(actor, fileListId);
    },
  };
}
