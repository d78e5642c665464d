import type { Generated } from "kysely";

// The file lists (migration 0042). src/db/schema.ts joins them into the database's type.

/** A named list of files with a message, sent by a chatbot's "file" option. */
export interface FileListsTable {
  id: Generated<number>;
  companyId: number;
  /** Who created it (null once the user is deleted). */
  userId: number | null;
  name: string;
  message: Generated<string>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** One named file of a list; its file lives in the media store. */
export interface FileListOptionsTable {
  id: Generated<number>;
  companyId: number;
  fileListId: number;
  name: string;
  /** Null until the file is uploaded. */
  mediaKey: string | null;
  mediaName: string | null;
  order: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}
