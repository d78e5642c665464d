import type { ImportStatus } from "../../../../src/channels/imports";
import type { Connection } from "./types";

/** The preparing button shows for 35 s after the import began. */
export const PREPARING_MS = 35_000;

/**
 * A connection's statusImportMessages (src/channels/imports.ts): JSON {status, processed, total, date} with status
 * running, renderButtonCloseTickets or done; null when there is no import.
 */
export function importStatusOf(c: Pick<Connection, "statusImportMessages">): ImportStatus | undefined {
  if (!c.statusImportMessages) return undefined;
  try {
    const v = JSON.parse(c.statusImportMessages) as Partial<ImportStatus>;
    return typeof v?.status === "string" && typeof v.date === "string" ? (v as ImportStatus) : undefined;
  } catch {
    return undefined;
  }
}

export const isImporting = (c: Pick<Connection, "statusImportMessages">) => importStatusOf(c)?.status === "running";
