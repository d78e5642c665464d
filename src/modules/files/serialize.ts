import type { AppContext } from "../../context";
import type { FileListRow, FileOptionRow } from "./queries";

/** A file of a list as the API carries it: the spec's path (a signed link, 1 hour), mediaType and file (its download name). */
export function serializeOption(ctx: AppContext, row: FileOptionRow) {
  return {
    id: row.id,
    name: row.name,
    path: row.mediaKey ? ctx.media.url(row.companyId, row.mediaKey) : null,
    mediaType: row.mediaKey ? (row.mediaMime ?? null) : null,
    file: row.mediaKey ? row.mediaName : null,
    size: row.mediaKey ? (row.mediaSize ?? null) : null,
  };
}

export function serializeFileList(ctx: AppContext, row: FileListRow, options: readonly FileOptionRow[]) {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    companyId: row.companyId,
    options: options.filter((o) => o.fileListId === row.id).map((o) => serializeOption(ctx, o)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
