import { expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { unzipSync } from "fflate";
import { XlsxStream } from "./xlsx-stream";

test("the streamed workbook reopens with its rows; markup is escaped, characters XML cannot hold are dropped, digits stay text", () => {
  const chunks: Uint8Array[] = [];
  const xlsx = new XlsxStream(
    "Contatos <1>",
    (c) => chunks.push(c),
    (err) => {
      throw err;
    },
  );
  xlsx.rows([["name", "number"]]);
  xlsx.rows([
    ['<b>Zé</b> & "co"', "005511987654321"],
    ["bell\u0007 and 😀", "=1+1"],
    ["  spaces at the edges ", "inner  spaces"],
  ]);
  xlsx.end();
  const file = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    file.set(c, at);
    at += c.byteLength;
  }
  const book = XLSX.read(file, { type: "array" });
  expect(book.SheetNames).toEqual(["Contatos <1>"]);
  const sheet = book.Sheets["Contatos <1>"]!;
  expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })).toEqual([
    ["name", "number"],
    ['<b>Zé</b> & "co"', "005511987654321"],
    ["bell and 😀", "=1+1"],
    ["  spaces at the edges ", "inner  spaces"],
  ]);
  expect(sheet.B3?.f).toBeUndefined();
  // Excel drops a text's edge spaces unless its cell asks to keep them; only such cells carry the longer markup.
  const xml = new TextDecoder().decode(unzipSync(file)["xl/worksheets/sheet1.xml"]);
  expect(xml).toContain('<t xml:space="preserve">  spaces at the edges </t>');
  expect(xml).toContain("<t>inner  spaces</t>");
});
