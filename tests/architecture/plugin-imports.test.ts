/**
 * The plugin rule (ARCHITECTURE.md): plugins implement the adapter interfaces in src/channels and src/integrations and
 * import nothing else from the core than what those interfaces hand them. Read from the sources, so a new import of
 * src/db, src/http, src/context… in a shipped plugin file fails here, naming the file and the import.
 *
 * Test support is left out, because it builds a whole app to drive a plugin through (createTestApp, createConnection,
 * the contract suite): *.test.ts, files in a testing/ folder, and the two names below. A shipped file may not import
 * test support, so leaving it out cannot hide a core import behind it.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const PLUGINS = join(ROOT, "plugins");

/** What every plugin file may import from src/. */
const ADAPTERS = ["src/channels/adapter", "src/integrations/adapter"];
/** The registry builds the plugins from the app's configuration, so it alone also reads its type. */
const EXTRA: Record<string, string[]> = { "plugins/index.ts": ["src/config"] };
/** Test support by name: the contract suite's harness (the channel contract, src/channels/contract.ts) and web chat's test server. */
const SUPPORT_NAMES = new Set(["contract-harness.ts", "test-server.ts"]);

const isSupport = (path: string) => path.endsWith(".test.ts") || SUPPORT_NAMES.has(path.split("/").pop()!) || path.split("/").includes("testing");

/** Every module specifier in a source text: static imports and re-exports (type-only too, over several lines), side-effect and dynamic imports, require. */
function specifiers(code: string): string[] {
  const patterns = [/\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g];
  return patterns.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

/** Repository-relative target of a relative specifier, without its extension. */
const targetOf = (file: string, spec: string) => relative(ROOT, resolve(dirname(join(ROOT, file)), spec)).split(sep).join("/").replace(/\.tsx?$/, "");

/** The imports of `file` (repository-relative) that reach into src/ beyond what the rule allows. */
function coreImports(file: string, code: string): string[] {
  const allowed = [...ADAPTERS, ...(EXTRA[file] ?? [])];
  return specifiers(code).filter((spec) => {
    if (!spec.startsWith(".")) return false;
    const target = targetOf(file, spec);
    return target.startsWith("src/") && !allowed.includes(target);
  });
}

function sourceFiles(): string[] {
  return readdirSync(PLUGINS, { recursive: true, encoding: "utf8" })
    .filter((p) => /\.tsx?$/.test(p))
    .map((p) => `plugins/${p.split(sep).join("/")}`)
    .sort();
}

describe("plugins import only the adapter interfaces from the core", () => {
  const files = sourceFiles();
  const shipped = files.filter((f) => !isSupport(f));

  test("no shipped plugin file imports anything else from src/", () => {
    // The walk reaches the plugins, or the rule would hold of nothing.
    expect(shipped).toContain("plugins/index.ts");
    expect(shipped).toContain("plugins/channels/webchat/routes.ts");
    const offending = shipped.flatMap((file) => coreImports(file, readFileSync(join(ROOT, file), "utf8")).map((spec) => `${file} imports ${spec}`));
    expect(offending).toEqual([]);
  });

  test("no shipped plugin file imports test support (which may use the core freely)", () => {
    const supportTargets = new Set(files.filter(isSupport).map((f) => f.replace(/\.tsx?$/, "")));
    const offending = shipped.flatMap((file) =>
      specifiers(readFileSync(join(ROOT, file), "utf8"))
        .filter((spec) => spec.startsWith(".") && supportTargets.has(targetOf(file, spec)))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  test("the scan sees type-only, multi-line, re-exported and dynamic imports", () => {
    const file = "plugins/channels/x/routes.ts";
    const code = [
      `import type { Config } from "../../../src/config";`,
      `import {\n  AppError,\n  notFound,\n} from "../../../src/http/errors";`,
      `export { forCompany } from "../../../src/db/scope";`,
      `const m = await import("../../../src/modules/settings/queries");`,
      `import { defineChannel, type HostMessage } from "../../../src/channels/adapter";`,
      `import type { Thing } from "../../../src/integrations/adapter.ts";`,
      `import { Elysia } from "elysia";`,
      `import { webchatManifest } from "./manifest";`,
    ].join("\n");
    expect(coreImports(file, code)).toEqual(["../../../src/config", "../../../src/http/errors", "../../../src/db/scope", "../../../src/modules/settings/queries"]);
    // The registry's one extra: its Config, and nothing more.
    expect(coreImports("plugins/index.ts", `import type { Config } from "../src/config";\nimport { x } from "../src/context";`)).toEqual(["../src/context"]);
  });
});
