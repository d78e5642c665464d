import type { Generated } from "kysely";

// Contact imports (migration 0041). src/db/schema.ts joins them into the database's type.

export type ContactImportStatus = "queued" | "running" | "done" | "failed";
export type ImportOutcome = "imported" | "updated" | "ignored";

/** One import of a spreadsheet into the company's contacts, with its running counts. */
export interface ContactImportsTable {
  id: Generated<number>;
  companyId: number;
  /** Who started it; null once that user is deleted. */
  userId: number | null;
  fileName: Generated<string>;
  status: Generated<ContactImportStatus>;
  total: Generated<number>;
  processed: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  ignored: Generated<number>;
  createdAt: Generated<string>;
  finishedAt: string | null;
  /** The WhatsApp connection each number is checked on before the row is imported (migration 0043); null: none. */
  whatsappId: number | null;
  /** Rows to check when the import started, and how many are checked so far. */
  toCheck: Generated<number>;
  checked: Generated<number>;
}

/** A row of the file as the server read and checked it; `outcome` stays null until the row is carried out. */
export interface ContactImportRowsTable {
  importId: number;
  companyId: number;
  /** The row's line in the file (the header is line 1). */
  rowNo: number;
  name: Generated<string>;
  number: Generated<string>;
  email: Generated<string>;
  /** Tag names, one per line. */
  tags: Generated<string>;
  outcome: ImportOutcome | null;
  reason: string | null;
  contactId: number | null;
  /** 1 once the number was checked on the import's WhatsApp connection. */
  checked: Generated<number>;
}
