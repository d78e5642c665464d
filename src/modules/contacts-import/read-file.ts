import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";

/** The file types the import reads. */
export const IMPORT_EXTENSIONS = ["xls", "xlsx", "csv", "txt"] as const;
/** The most data rows one import takes, and the largest file. */
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export type SheetRows = string[][];

/**
 * The first sheet of a spreadsheet, or a csv/txt table (its delimiter guessed), as rows of trimmed text; trailing
 * empty rows dropped. xlsx and xls are recognised from their bytes, not their name: a file whose bytes are not what
 * its name says is refused. Undefined when the file cannot be read. At most MAX_IMPORT_ROWS + 1 rows are read.
 */
export function readSheet(bytes: Uint8Array, fileName: string): SheetRows | undefined {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  const binary = startsWith(bytes, ZIP) || startsWith(bytes, OLE);
  if (ext === "xlsx" && !startsWith(bytes, ZIP)) return undefined;
  let rows: unknown[][];
  try {
    rows = binary || ext === "xls" ? spreadsheetRows(bytes) : textRows(bytes);
  } catch {
    return undefined;
  }
  const out = rows.slice(0, MAX_IMPORT_ROWS + 2).map((r) => Array.from(r, cellText));
  while (out.length && out[out.length - 1]!.every((c) => c === "")) out.pop();
  return out;
}

function spreadsheetRows(bytes: Uint8Array): unknown[][] {
  const book = XLSX.read(bytes, { type: "array", dense: true, sheetRows: MAX_IMPORT_ROWS + 2, cellFormula: false, cellHTML: false });
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet) throw new Error("no sheet");
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
}

function textRows(bytes: Uint8Array): unknown[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Spreadsheets saved as csv on Windows are often in its Latin code page.
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000")) throw new Error("binary");
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy", preview: MAX_IMPORT_ROWS + 2 });
  return parsed.data;
}

/** A cell as text: whole numbers without a decimal point or exponent (phone numbers typed as numbers), dates as ISO. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}
