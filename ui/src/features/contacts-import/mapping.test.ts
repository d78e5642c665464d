import { describe, expect, test } from "bun:test";
import { assign, fieldOf, guessMapping, importProblems } from "./mapping";

describe("import mapping", () => {
  test("headers in Portuguese, Spanish or English are guessed, accents and case ignored, each column once", () => {
    expect(guessMapping(["Nome", "Número", "E-mail", "Etiquetas"])).toEqual({ name: 0, number: 1, email: 2, tags: 3 });
    expect(guessMapping(["Teléfono", "nombre", "otro"])).toEqual({ name: 1, number: 0 });
    expect(guessMapping(["a", "b"])).toEqual({});
  });

  test("a column holds one field: giving it another frees the first, and a field moves between columns", () => {
    const m = assign({ name: 0, number: 1 }, 1, "email");
    expect(m).toEqual({ name: 0, email: 1 });
    expect(fieldOf(m, 1)).toBe("email");
    expect(assign(m, 2, "name")).toEqual({ name: 2, email: 1 });
    expect(assign(m, 0, undefined)).toEqual({ email: 1 });
  });

  test("number and name must be mapped and a row ticked", () => {
    expect(importProblems({}, 0)).toEqual(["numberNotSelected", "nameNotSelected", "noRowsSelected"]);
    expect(importProblems({ name: 0, number: 1 }, 3)).toEqual([]);
  });
});
