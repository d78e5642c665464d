import { describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { readSheet } from "./read-file";

const book = (rows: unknown[][], bookType: "xlsx" | "xls") => {
  const b = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(b, XLSX.utils.aoa_to_sheet(rows), "S");
  return new Uint8Array(XLSX.write(b, { type: "array", bookType }) as ArrayBuffer);
};

describe("readSheet", () => {
  test("xlsx and xls: the first sheet as text, a number typed as a number keeps every digit, trailing empty rows dropped", () => {
    for (const type of ["xlsx", "xls"] as const) {
      const rows = readSheet(
        book(
          [
            ["Nome", "Telefone"],
            ["Ana", 5511987654321],
            ["", ""],
          ],
          type,
        ),
        `a.${type}`,
      );
      expect(rows).toEqual([
        ["Nome", "Telefone"],
        ["Ana", "5511987654321"],
      ]);
    }
  });

  test("csv and txt with their delimiter guessed; Windows Latin text is read right; a byte order mark is dropped", () => {
    expect(readSheet(new TextEncoder().encode("\uFEFFNome;Telefone\nJoão;11 9876\n"), "a.csv")).toEqual([
      ["Nome", "Telefone"],
      ["João", "11 9876"],
    ]);
    expect(readSheet(new TextEncoder().encode("Nome\tTelefone\nAna\t119\n"), "a.txt")).toEqual([
      ["Nome", "Telefone"],
      ["Ana", "119"],
    ]);
    const latin = Uint8Array.from([
      ...new TextEncoder().encode("Nome,Cidade\nJos"),
      0xe9,
      ...new TextEncoder().encode(",S"),
      0xe3,
      ...new TextEncoder().encode("o Paulo\n"),
    ]);
    expect(readSheet(latin, "a.csv")).toEqual([
      ["Nome", "Cidade"],
      ["José", "São Paulo"],
    ]);
  });

  test("a name the import does not take, text named xlsx, binary in a csv and broken spreadsheets are refused", () => {
    expect(readSheet(new TextEncoder().encode("a,b\n1,2"), "a.pdf")).toBeUndefined();
    expect(readSheet(new TextEncoder().encode("a,b\n1,2"), "a.xlsx")).toBeUndefined();
    expect(readSheet(Uint8Array.from([0x61, 0x00, 0x62]), "a.csv")).toBeUndefined();
    expect(readSheet(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "a.xlsx")).toBeUndefined();
  });
});
