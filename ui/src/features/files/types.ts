/** One named file of a list; `path` is a signed link (1 hour), null until its file is uploaded. */
export interface FileOption {
  id: number;
  name: string;
  path: string | null;
  mediaType: string | null;
  /** The file's download name. */
  file: string | null;
  size: number | null;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileOption[];
}

export interface FileListsPage {
  files: FileList[];
  count: number;
  hasMore: boolean;
}

/** A file row of the dialog: a saved one (id), a new one, and the file chosen to upload for it. */
export interface FileRow {
  key: string;
  id?: number;
  name: string;
  /** Chosen in this dialog, sent after the list is saved. */
  upload?: File;
  /** What the server has for it. */
  saved?: FileOption;
}

export interface FileListForm {
  name: string;
  message: string;
  rows: FileRow[];
}

/** The server's limits. */
const NAME_MAX = 100;
const MESSAGE_MAX = 10_000;
export const MAX_FILES = 50;

let rowSeq = 0;
export const rowKey = () => `row-${++rowSeq}`;

/** A chosen file's name without its extension: the row's first name, which the user may change. */
export const labelOf = (file: File) => file.name.replace(/\.[^.]*$/, "").trim() || file.name;

export const formFromList = (list?: FileList): FileListForm => ({
  name: list?.name ?? "",
  message: list?.message ?? "",
  rows: (list?.options ?? []).map((o) => ({ key: rowKey(), id: o.id, name: o.name, saved: o })),
});

/** The body of POST/PUT /api/files: the files in their order, saved ones by id. */
export const bodyFromForm = (form: FileListForm) => ({
  name: form.name.trim(),
  message: form.message,
  options: form.rows.map((r) => ({ ...(r.id !== undefined && { id: r.id }), name: r.name.trim() })),
});

/**
 * The dialog's own checks, as message keys: name required and 3+ characters, message required, each file named and
 * given a file.
 */
export function formErrors(form: FileListForm): Record<string, string> {
  const out: Record<string, string> = {};
  const name = form.name.trim();
  if (!name) out.name = "validation.required";
  else if (name.length < 3) out.name = "files.form.nameTooShort";
  else if (name.length > NAME_MAX) out.name = "validation.tooLong";
  if (!form.message.trim()) out.message = "validation.required";
  else if (form.message.length > MESSAGE_MAX) out.message = "validation.tooLong";
  form.rows.forEach((r) => {
    if (!r.name.trim()) out[`row.${r.key}`] = "validation.required";
    else if (!r.upload && !r.saved?.path) out[`row.${r.key}`] = "files.form.fileMissing";
  });
  return out;
}

/** The server's field messages as the dialog's keys (its rows are named by position: options.N.name). */
export function serverErrors(fields: Record<string, string>, rows: readonly FileRow[]): Record<string, string> {
  const known: Record<string, string> = { Required: "validation.required", "Too Long!": "validation.tooLong", "Nombre muy corto": "files.form.nameTooShort" };
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const row = /^options\.(\d+)\./.exec(field);
    const key = row ? `row.${rows[Number(row[1])]?.key}` : field;
    out[key] = known[message] ?? message;
  }
  return out;
}
