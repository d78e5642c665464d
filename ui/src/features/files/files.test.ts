import { describe, expect, test } from "bun:test";
import { bodyFromForm, type FileListForm, formErrors, formFromList, labelOf, serverErrors } from "./types";

const saved = { id: 7, name: "Tabela", path: "/api/media/abc?exp=1&sig=x", mediaType: "application/pdf", file: "tabela.pdf", size: 10 };

describe("the file list dialog", () => {
  test("a saved list becomes rows by id; the body sends the files in order, saved ones by id, names trimmed", () => {
    const form = formFromList({ id: 1, name: "Catálogo", message: "Segue", userId: 1, options: [saved] });
    expect(form.rows.map((r) => [r.id, r.name])).toEqual([[7, "Tabela"]]);
    const next: FileListForm = { ...form, name: " Catálogo 2 ", rows: [...form.rows, { key: "new", name: " Logo ", upload: new File(["x"], "logo.png") }] };
    expect(bodyFromForm(next)).toEqual({ name: "Catálogo 2", message: "Segue", options: [{ id: 7, name: "Tabela" }, { name: "Logo" }] });
  });

  test("the rules: name required and 3+ characters, message required, each file named and with a file", () => {
    expect(formErrors({ name: "", message: " ", rows: [] })).toEqual({ name: "validation.required", message: "validation.required" });
    expect(formErrors({ name: "ab", message: "x", rows: [] })).toEqual({ name: "files.form.nameTooShort" });
    const rows = [
      { key: "a", name: " ", upload: new File(["x"], "a.png") },
      { key: "b", name: "Sem arquivo" },
      { key: "c", name: "Salvo", id: 7, saved },
    ];
    expect(formErrors({ name: "Lista", message: "x", rows })).toEqual({ "row.a": "validation.required", "row.b": "files.form.fileMissing" });
  });

  test("the server's messages go under their fields, a file's under its row; a chosen file is named after it", () => {
    const rows = [
      { key: "a", name: "A" },
      { key: "b", name: "" },
    ];
    expect(serverErrors({ name: "Nombre muy corto", "options.1.name": "Required", "options.0.id": "Not found" }, rows)).toEqual({
      name: "files.form.nameTooShort",
      "row.b": "validation.required",
      "row.a": "Not found",
    });
    expect(labelOf(new File(["x"], "Tabela de preços.pdf"))).toBe("Tabela de preços");
    expect(labelOf(new File(["x"], ".env"))).toBe(".env");
  });
});
