import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf, row } from "../../http/schemas";

/** At most this many files in one list. */
export const MAX_OPTIONS = 50;

const required = (max: number) => z.string({ error: "Required" }).trim().min(1, "Required").max(max, "Too Long!");

/** An existing file's id keeps it (renamed, moved); a file without an id is added. */
const option = z.object({
  id: z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id").optional(),
  name: required(100),
});

const fields = {
  /** At least 3 characters; the page shows 'Nombre muy corto'. */
  name: required(100).min(3, "Nombre muy corto"),
  message: required(10_000),
  /** The files in their order; a file the list had and this one leaves out is deleted with its upload. */
  options: z.array(option, { error: "Invalid value" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} files`),
};

/** userId of the spec's body is not read: the creator is the caller. */
export const createFileListBody = z.object({ name: fields.name, message: fields.message, options: fields.options.default([]) });
export const updateFileListBody = z.object(fields).partial();
export type FileListInput = z.infer<typeof updateFileListBody>;

export const listFileListsQuery = z.object({
  searchParam: z.string({ error: "Invalid value" }).trim().max(100, "Too Long!").default(""),
  pageNumber: pageNumberSchema,
});

/**
 * One file of the list (multipart): `files` the file, `id` the list's file it belongs to. The spec's fileId, typeArch,
 * mediaType and name fields are not read: the list is the path's, the type is sniffed from the bytes.
 */
export const uploadBody = z.object({
  id: z
    .string({ error: "Required" })
    .regex(/^[1-9][0-9]{0,15}$/, "Invalid id")
    .transform(Number),
  files: z.instanceof(File, { error: "Required" }),
});

export const fileOptionAnswer = row({
  id: z.number(),
  name: z.string(),
  path: z.string().nullable().meta({ description: "A signed media link, valid for one hour; null until the file is uploaded" }),
  mediaType: z.string().nullable().meta({ description: "The file's type, sniffed from its bytes" }),
  file: z.string().nullable().meta({ description: "The file's download name" }),
  size: z.number().nullable(),
});

export const fileListAnswer = row({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  companyId: z.number(),
  options: z.array(fileOptionAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "FileList" });
export const fileListsPageAnswer = pageOf("files", fileListAnswer);
export const fileListRef = z.object({ id: z.number(), name: z.string() });
