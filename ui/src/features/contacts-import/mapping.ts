/** The contact fields a column can fill (the server's import fields). */
export const IMPORT_FIELDS = ["name", "number", "email", "tags"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Field -> column index. */
export type Mapping = Partial<Record<ImportField, number>>;

/** Header words that name each field, in the languages the product speaks (accents and case ignored). */
const HEADER_WORDS: Record<ImportField, string[]> = {
  name: ["name", "nome", "nombre", "contato", "contacto", "contact"],
  number: ["number", "numero", "telefone", "telefono", "phone", "celular", "whatsapp", "fone", "mobile"],
  email: ["email", "e-mail", "correo", "mail"],
  tags: ["tags", "tag", "etiquetas", "etiqueta", "labels"],
};

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** A first guess from the header row: each field takes the first column whose header names it. */
export function guessMapping(header: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const column = header.findIndex((h, i) => !used.has(i) && HEADER_WORDS[field].includes(plain(h)));
    if (column >= 0) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
}

/** The field a column fills, if any. */
export const fieldOf = (mapping: Mapping, column: number): ImportField | undefined => IMPORT_FIELDS.find((f) => mapping[f] === column);

/** Gives `column` to `field` (or frees the column with undefined); the field leaves the column it had. */
export function assign(mapping: Mapping, column: number, field: ImportField | undefined): Mapping {
  const next: Mapping = {};
  for (const f of IMPORT_FIELDS) if (mapping[f] !== undefined && mapping[f] !== column && f !== field) next[f] = mapping[f];
  if (field) next[field] = column;
  return next;
}

export type ImportProblem = "numberNotSelected" | "nameNotSelected" | "noRowsSelected";

/** What keeps the import from starting: the number and name columns, and at least one ticked row. */
export function importProblems(mapping: Mapping, ticked: number): ImportProblem[] {
  const out: ImportProblem[] = [];
  if (mapping.number === undefined) out.push("numberNotSelected");
  if (mapping.name === undefined) out.push("nameNotSelected");
  if (ticked === 0) out.push("noRowsSelected");
  return out;
}
