/** The file types the import takes. */
export const IMPORT_ACCEPT = ".xls,.xlsx,.csv,.txt";
const EXTENSIONS = ["xls", "xlsx", "csv", "txt"];

const cellText = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "number" && Number.isInteger(v) ? BigInt(v).toString() : String(v).trim());

/**
 * The file's first sheet (or its csv/txt table) as rows of text, read in the browser for the preview and the mapping;
 * the server reads the file again and checks every row. Undefined when the file is not one the import takes.
 */
export async function readSheet(file: File): Promise<string[][] | undefined> {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!EXTENSIONS.includes(ext)) return undefined;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let rows: unknown[][];
    if (ext === "xls" || ext === "xlsx") {
      const XLSX = await import("@e965/xlsx");
      const book = XLSX.read(bytes, { type: "array", dense: true });
      const sheet = book.Sheets[book.SheetNames[0] ?? ""];
      if (!sheet) return undefined;
      rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: false });
    } else {
      const { default: Papa } = await import("papaparse");
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        text = new TextDecoder("windows-1252").decode(bytes);
      }
      rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" }).data;
    }
    const out = rows.map((r) => Array.from(r, cellText));
    return out.length >= 2 ? out : undefined;
  } catch {
    return undefined;
  }
}
