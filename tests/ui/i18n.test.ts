/**
 * i18n checks of the web app: the three locales have identical key sets, every server ERR_* code is
 * translated, every literal key the code asks for exists, and no user-visible text is written literally in JSX.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ERROR_CODES } from "../../src/http/errors";

const ROOT = resolve(import.meta.dir, "../..");
const SRC = join(ROOT, "ui", "src");
const LOCALES = ["pt", "en", "es"] as const;

type Tree = { [k: string]: string | Tree };
const load = (lng: string): Tree => JSON.parse(readFileSync(join(SRC, "i18n", "locales", `${lng}.json`), "utf8"));
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [k2, v2] of flatten(v, key)) out.set(k2, v2);
  }
  return out;
}
const locales = Object.fromEntries(LOCALES.map((l) => [l, flatten(load(l))])) as Record<(typeof LOCALES)[number], Map<string, string>>;

const sources = [...new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: SRC })]
  .filter((f) => !f.endsWith("routeTree.gen.ts"))
  .map((f) => ({ file: f, code: readFileSync(join(SRC, f), "utf8") }));

describe("locales", () => {
  test("pt, en and es have identical key sets", () => {
    const all = new Set(LOCALES.flatMap((l) => [...locales[l].keys()]));
    const missing = LOCALES.flatMap((l) => [...all].filter((k) => !locales[l].has(k)).map((k) => `${l}: ${k}`));
    expect(missing).toEqual([]);
  });

  test("no translation is empty", () => {
    const empty = LOCALES.flatMap((l) => [...locales[l]].filter(([, v]) => !v.trim()).map(([k]) => `${l}: ${k}`));
    expect(empty).toEqual([]);
  });

  test("every server error code is translated in every locale", () => {
    const missing = LOCALES.flatMap((l) => ERROR_CODES.filter((c) => !locales[l].has(`errors.${c}`)).map((c) => `${l}: errors.${c}`));
    expect(missing).toEqual([]);
    for (const l of LOCALES) expect(locales[l].get("errors.generic")).toBeTruthy();
  });

  test("the spec's fixed texts keep their language in every locale", () => {
    const fixed: Record<string, string> = {
      "auth.accessedElsewhere": "Sua conta foi acessada em outro computador.",
      "auth.login.forgot": "Recuperar contraseña",
      "reset.emailSent": "Email enviado com sucesso!",
      "reset.emailNotFound": "Email não encontrado",
      "reset.done": "Senha redefinida com sucesso.",
      "reset.passwordsDiffer": "As senhas não correspondem",
      "reset.passwordRule": "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.",
      "reset.fieldRequired": "Campo obrigatório",
      "gate.accessDenied": "Oops! Acesso Negado!",
      "gate.back": "Voltar",
    };
    for (const l of LOCALES) for (const [k, v] of Object.entries(fixed)) expect(`${l}: ${locales[l].get(k)}`).toBe(`${l}: ${v}`);
  });

  test("the form validation messages are translated: English in en, Portuguese in pt, Spanish in es", () => {
    const expected: Record<string, Record<(typeof LOCALES)[number], string>> = {
      "validation.required": { en: "Required", pt: "Obrigatório", es: "Obligatorio" },
      "validation.tooShort": { en: "Too Short!", pt: "Muito curto!", es: "¡Muy corto!" },
      "validation.tooLong": { en: "Too Long!", pt: "Muito longo!", es: "¡Muy largo!" },
      "validation.invalidEmail": { en: "Invalid email", pt: "Email inválido", es: "Correo electrónico inválido" },
    };
    for (const [k, byLocale] of Object.entries(expected)) for (const l of LOCALES) expect(`${l}: ${locales[l].get(k)}`).toBe(`${l}: ${byLocale[l]}`);
  });

  test("every key the code names exists (t('…') calls, menu labels, comingSoon titles, validation keys)", () => {
    const used = new Set<string>();
    const patterns = [
      /\bt\(\s*["']([a-zA-Z0-9_.]+)["']/g, // t("a.b")
      /\b(?:label|titleKey):\s*["']([a-zA-Z0-9_]+\.[a-zA-Z0-9_.]+)["']/g, // menu.ts labels
      /\bcomingSoon\(\s*["']([a-zA-Z0-9_.]+)["']/g,
      /["'](validation\.[a-zA-Z]+)["']/g,
    ];
    for (const { code } of sources) for (const re of patterns) for (const m of code.matchAll(re)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(100);
    // A key called with a count may exist only in its plural forms (i18next picks key_one, key_other, ...).
    const missing = [...used].filter((k) => !locales.en.has(k) && !locales.en.has(`${k}_other`));
    expect(missing).toEqual([]);
  });
});

/**
 * JSX literal text: each .tsx is compiled by Bun's transpiler (JSX -> jsx(type, props) calls); a string literal with a
 * letter that is a `children` value, an element of a `children` array, or one of the user-visible props below is
 * literal UI text that should have gone through t(…).
 */
const VISIBLE_PROPS = ["title", "placeholder", "aria-label", "alt", "label", "emptyText", "confirmLabel", "helper", "error"];
/** Deliberate literals: none today. Add "<file>: <text>" lines here, with a reason, when one is unavoidable. */
const ALLOW: string[] = [];

function literalTexts(js: string): string[] {
  const found: string[] = [];
  const hasLetter = (s: string) => /\p{L}/u.test(s);
  const str = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`;
  const unquote = (s: string) => JSON.parse(s.startsWith("'") ? `"${s.slice(1, -1).replace(/"/g, '\\"')}"` : s) as string;
  for (const m of js.matchAll(new RegExp(String.raw`(?:^|[{,\s])"?(${VISIBLE_PROPS.join("|")}|children)"?:\s*(${str})`, "g"))) {
    const text = unquote(m[2]!);
    if (hasLetter(text)) found.push(text);
  }
  // children: [ ... ] arrays: top-level string elements
  for (const start of js.matchAll(/children:\s*\[/g)) {
    let i = start.index! + start[0].length;
    let depth = 0;
    while (i < js.length) {
      const c = js[i]!;
      if (c === '"' || c === "'" || c === "`") {
        const end = js.indexOf(c, i + 1);
        let j = i + 1;
        while (j < js.length && js[j] !== c) j += js[j] === "\\" ? 2 : 1;
        const lit = js.slice(i, j + 1);
        if (depth === 0 && c !== "`") {
          const before = js.slice(0, i).trimEnd();
          if (/[[,]$/.test(before) && /^\s*[,\]]/.test(js.slice(j + 1))) {
            const text = unquote(lit);
            if (hasLetter(text)) found.push(text);
          }
        }
        i = (end === -1 ? js.length : j) + 1;
        continue;
      }
      if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) {
        if (depth === 0) break;
        depth--;
      }
      i++;
    }
  }
  return found;
}

describe("JSX text goes through i18n", () => {
  const transpiler = new Bun.Transpiler({ loader: "tsx", tsconfig: { compilerOptions: { jsx: "react-jsx" } } as never });

  test("the scanner finds literal text nodes and visible props", () => {
    const js = transpiler.transformSync(`export const A = () => <p title="Hi there" aria-label={t("x")}>Hello {name} <b>{t("y")}</b>{" "}world<i>*</i></p>;`);
    expect(literalTexts(js).sort()).toEqual(["Hello ", "Hi there", "world"]);
  });

  test("no literal user-visible text in ui/src/**/*.tsx", () => {
    const offenders: string[] = [];
    for (const { file, code } of sources.filter((s) => s.file.endsWith(".tsx"))) {
      for (const text of literalTexts(transpiler.transformSync(code))) {
        const entry = `${relative(SRC, join(SRC, file))}: ${text.trim()}`;
        if (!ALLOW.includes(entry)) offenders.push(entry);
      }
    }
    expect(offenders).toEqual([]);
  });
});
