import { Zip, ZipDeflate } from "fflate";

/**
 * A one-sheet xlsx written as a stream: rows go out compressed as they come, so a workbook of any size never sits in
 * memory. Every cell is an inline string (phone numbers stay text, nothing is read as a formula). fflate's synchronous
 * deflate runs on the calling thread, so it works the same inside the compiled binary.
 */
export class XlsxStream {
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private rowNo = 0;

  constructor(sheetName: string, emit: (chunk: Uint8Array) => void, onError: (err: Error) => void) {
    this.zip = new Zip((err, chunk) => (err ? onError(err) : emit(chunk)));
    for (const [path, text] of Object.entries(packageParts(sheetName))) {
      const part = new ZipDeflate(path, { level: 6 });
      this.zip.add(part);
      part.push(utf8.encode(text), true);
    }
    this.sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
    this.zip.add(this.sheet);
    this.sheet.push(utf8.encode(`${XML}<worksheet xmlns="${MAIN_NS}"><sheetData>`));
  }

  /** Appends rows of text cells. */
  rows(rows: readonly (readonly string[])[]): void {
    let xml = "";
    for (const cells of rows) {
      this.rowNo++;
      xml += `<row r="${this.rowNo}">`;
      for (const cell of cells) xml += EDGE_SPACE.test(cell) ? `${CELL}<t xml:space="preserve">${escapeXml(cell)}${END}` : `${CELL}<t>${escapeXml(cell)}${END}`;
      xml += "</row>";
    }
    if (xml) this.sheet.push(utf8.encode(xml));
  }

  /** Closes the sheet and the archive; the last chunks are emitted before it returns. */
  end(): void {
    this.sheet.push(utf8.encode("</sheetData></worksheet>"), true);
    this.zip.end();
  }
}

const utf8 = new TextEncoder();
// Cells are most of a sheet's bytes, and compressing them most of an export's time: a cell asks for its spaces to be
// kept only when it has some at an edge (a reader keeps the inner ones anyway).
const CELL = '<c t="inlineStr"><is>';
const END = "</t></is></c>";
const EDGE_SPACE = /^\s|\s$/;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function packageParts(sheetName: string): Record<string, string> {
  return {
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `${XML}<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${XML}<workbook xmlns="${MAIN_NS}" xmlns:r="${DOC_REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${XML}<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  };
}

/** Anything escapeXml changes: most cells (digits, times, names) have none, and are kept as they are. */
const NEEDS_ESCAPE = /[&<>"]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Text as XML character data: markup escaped, characters XML 1.0 cannot hold dropped. */
function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
