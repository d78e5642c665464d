/**
 * Test seams do not ship. The shipped code is what the entry points reach through their imports: the server's CLI
 * (src/main.ts, which builds every plugin), the web app (ui/src/main.tsx and every route file the router generator
 * compiles in) and the web-chat widget (widget/src). Read from the sources:
 *   - no shipped file imports test support (tests/, *.test.ts, testing/ folders, contract harnesses, test servers);
 *   - every function, class, constant and class method a shipped file declares is used by shipped code: a declaration
 *     only tests call (a failure injector, a clock tests move, a signer only the fakes need) lives in test code;
 *   - every file of src/ but its *.test.ts is shipped: test support (fixtures, suites, harnesses) lives under tests/.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const TS = /\.tsx?$/;
const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

const filesIn = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((p) => TS.test(p) && !p.includes(".test."))
    .map((p) => `${dir}/${p.split(sep).join("/")}`);

const ENTRIES = ["src/main.ts", "ui/src/main.tsx", ...filesIn("ui/src/routes"), ...filesIn("widget/src")];

const isTestSupport = (file: string) =>
  file.startsWith("tests/") || file.includes(".test.") || file.split("/").includes("testing") || /(^|\/)(contract-harness|test-server)\.ts$/.test(file);

/** The repository file a relative import names (extension and index file resolved); undefined for packages. */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(join(ROOT, from)), spec);
  const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((p) => existsSync(p) && statSync(p).isFile());
  return hit && relative(ROOT, hit).split(sep).join("/");
}

/** Every source file the entry points reach (static, type-only and dynamic imports), with who imported it first. */
function shippedFiles(): Map<string, string> {
  const reached = new Map<string, string>(ENTRIES.map((e) => [e, "entry"]));
  const queue = [...ENTRIES];
  while (queue.length) {
    const file = queue.shift()!;
    if (!TS.test(file)) continue;
    const code = readFileSync(join(ROOT, file), "utf8");
    for (const imp of transpilers[file.endsWith("x") ? "tsx" : "ts"].scanImports(code)) {
      const target = resolveImport(file, imp.path);
      if (target && !reached.has(target)) {
        reached.set(target, file);
        queue.push(target);
      }
    }
  }
  return reached;
}

const NOT_NAMES = new Set(["constructor", "if", "for", "while", "switch", "catch", "return", "super", "function"]);

/**
 * Names a file declares for others to call: exported functions, classes and constants (a default export is used by
 * importing its module), and non-private class methods.
 */
function declaredNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm)) names.add(m[1]!);
  for (const m of code.matchAll(/^ {2}(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?(\w+)\s*[(<]/gm)) if (!NOT_NAMES.has(m[1]!)) names.add(m[1]!);
  return [...names];
}

/** The names declared in `files` that appear nowhere in them but at their declaration. */
function unusedDeclarations(files: Map<string, string>): string[] {
  const words = new Map<string, number>();
  for (const code of files.values()) for (const w of code.match(/\b\w+\b/g) ?? []) words.set(w, (words.get(w) ?? 0) + 1);
  return [...files].flatMap(([file, code]) =>
    declaredNames(code)
      .filter((name) => (words.get(name) ?? 0) <= 1)
      .map((name) => `${file}: ${name}`),
  );
}

describe("test seams do not ship", () => {
  const shipped = shippedFiles();

  test("the walk reaches the server, every plugin, the web app's pages and the widget", () => {
    for (const f of [
      "src/app.ts",
      "plugins/index.ts",
      "plugins/channels/webchat/session.ts",
      "ui/src/features/shell/components/Sidebar.tsx",
      "widget/src/loader.ts",
    ])
      expect(shipped.has(f)).toBe(true);
  });

  test("no shipped file imports test support", () => {
    const offending = [...shipped].filter(([file]) => isTestSupport(file)).map(([file, by]) => `${by} imports ${file}`);
    expect(offending).toEqual([]);
  });

  test("every file of src/ but its tests is shipped (test support lives under tests/)", () => {
    // Type-only imports vanish from the transpiler's scan; the types they name (the schema and its tables, the event
    // map) ship too, and so do the files those type files name in turn.
    const typeImports = (file: string) =>
      TS.test(file)
        ? [...readFileSync(join(ROOT, file), "utf8").matchAll(/\b(?:import|export)\s+type\s[^;]*?\bfrom\s*["']([^"']+)["']/g)].map((m) =>
            resolveImport(file, m[1]!),
          )
        : [];
    const typed = new Set<string>();
    const queue = [...shipped.keys()];
    while (queue.length) {
      for (const target of typeImports(queue.shift()!)) {
        if (target && !typed.has(target) && !shipped.has(target)) {
          typed.add(target);
          queue.push(target);
        }
      }
    }
    expect(filesIn("src").filter((f) => !shipped.has(f) && !typed.has(f))).toEqual([]);
  });

  test("every declaration of shipped code is used by shipped code", () => {
    const sources = new Map([...shipped.keys()].filter((f) => TS.test(f)).map((f) => [f, readFileSync(join(ROOT, f), "utf8")] as const));
    expect(unusedDeclarations(sources)).toEqual([]);
  });

  test("the scan finds a method or an export only tests use, and not one that shipped code calls", () => {
    const session = `export class Session {\n  async send(m: string) {\n    return m;\n  }\n  failNext(code: string, message = \`refused (\${code})\`): void {}\n  private hidden() {}\n}\n`;
    const user = `import { Session, makeFake } from "./session";\nnew Session().send("x");\n`;
    const lib = `export function makeFake() {}\nexport const used = 1;\nexport function alsoUsed() { return used; }\n`;
    const found = unusedDeclarations(
      new Map([
        ["a/session.ts", session],
        ["a/user.ts", user],
        ["a/lib.ts", lib],
      ]),
    );
    expect(found).toEqual(["a/session.ts: failNext", "a/lib.ts: alsoUsed"]);
  });
});
