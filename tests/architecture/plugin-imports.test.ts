/**
 * The plugin rule (ARCHITECTURE.md), both ways:
 *   - plugins implement the adapter interfaces in src/channels and src/integrations and import nothing else from the
 *     core than what those interfaces hand them (a new import of src/db, src/http, src/context… in a shipped plugin
 *     file fails here, naming the file and the import);
 *   - the core reaches plugins only through the registry: one file, the composition root (src/context.ts), imports
 *     the list of plugins (plugins/index.ts), and no other shipped core file imports anything under plugins/. What
 *     the core needs of a plugin is a capability of the channel contract (templates, accounts, webhooks…).
 * Read from the sources.
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
const SRC = join(ROOT, "src");

/** What every plugin file may import from src/. */
const ADAPTERS = ["src/channels/adapter", "src/integrations/adapter"];
/** The registry builds the plugins from the app's configuration, so it alone also reads its type. */
const EXTRA: Record<string, string[]> = { "plugins/index.ts": ["src/config"] };
/** Test support by name: the contract suite's harness (the channel contract, tests/contract/channel-contract.ts) and web chat's test server. */
const SUPPORT_NAMES = new Set(["contract-harness.ts", "test-server.ts"]);

const isSupport = (path: string) => path.endsWith(".test.ts") || SUPPORT_NAMES.has(path.split("/").pop()!) || path.split("/").includes("testing");

/** Every module specifier in a source text: static imports and re-exports (type-only too, over several lines), side-effect and dynamic imports, require. */
function specifiers(code: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

/** Repository-relative target of a relative specifier, without its extension. */
const targetOf = (file: string, spec: string) =>
  relative(ROOT, resolve(dirname(join(ROOT, file)), spec))
    .split(sep)
    .join("/")
    .replace(/\.tsx?$/, "");

/** The imports of `file` (repository-relative) that reach into src/ beyond what the rule allows. */
function coreImports(file: string, code: string): string[] {
  const allowed = [...ADAPTERS, ...(EXTRA[file] ?? [])];
  return specifiers(code).filter((spec) => {
    if (!spec.startsWith(".")) return false;
    const target = targetOf(file, spec);
    return target.startsWith("src/") && !allowed.includes(target);
  });
}

/** The composition root: the one core file that lists the plugins, and what it may import of them. */
const COMPOSITION_ROOT = { file: "src/context.ts", imports: "plugins/index" };

/** The imports of a core `file` (repository-relative) that reach into plugins/ beyond the composition root's one. */
function pluginImports(file: string, code: string): string[] {
  return specifiers(code).filter((spec) => {
    if (!spec.startsWith(".")) return false;
    const target = targetOf(file, spec).replace(/\/index$/, "");
    if (target !== "plugins" && !target.startsWith("plugins/")) return false;
    return !(file === COMPOSITION_ROOT.file && (target === "plugins" || target === COMPOSITION_ROOT.imports));
  });
}

function sourceFiles(dir = PLUGINS, prefix = "plugins"): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((p) => /\.tsx?$/.test(p))
    .map((p) => `${prefix}/${p.split(sep).join("/")}`)
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
    expect(coreImports(file, code)).toEqual([
      "../../../src/config",
      "../../../src/http/errors",
      "../../../src/db/scope",
      "../../../src/modules/settings/queries",
    ]);
    // The registry's one extra: its Config, and nothing more.
    expect(coreImports("plugins/index.ts", `import type { Config } from "../src/config";\nimport { x } from "../src/context";`)).toEqual(["../src/context"]);
  });
});

describe("the core imports plugins only at the composition root", () => {
  const shipped = sourceFiles(SRC, "src").filter((f) => !f.includes(".test."));

  test("no shipped core file but src/context.ts imports from plugins/, and it only the plugin list", () => {
    // The walk reaches the core, and the composition root does list the plugins, or the rule would hold of nothing.
    expect(shipped).toContain("src/app.ts");
    expect(shipped).toContain(COMPOSITION_ROOT.file);
    expect(specifiers(readFileSync(join(ROOT, COMPOSITION_ROOT.file), "utf8")).map((s) => targetOf(COMPOSITION_ROOT.file, s))).toContain("plugins");
    const offending = shipped.flatMap((file) => pluginImports(file, readFileSync(join(ROOT, file), "utf8")).map((spec) => `${file} imports ${spec}`));
    expect(offending).toEqual([]);
  });

  test("the scan sees a core module reaching into a plugin's folder, and lets the composition root list the plugins", () => {
    const code = [
      `import { metaEnvOf } from "../../../plugins";`,
      `import type { ConnectionDraft } from "../../../plugins/channels/_meta-graph/messenger/connect-pages";`,
      `const v = await import("../../../plugins/channels/_meta-graph/messenger/verify-token");`,
      `import { ChannelError } from "../../channels/adapter";`,
      `import { Elysia } from "elysia";`,
    ].join("\n");
    expect(pluginImports("src/modules/meta/service.ts", code)).toEqual([
      "../../../plugins",
      "../../../plugins/channels/_meta-graph/messenger/connect-pages",
      "../../../plugins/channels/_meta-graph/messenger/verify-token",
    ]);
    expect(pluginImports("src/context.ts", `import { channelPlugins } from "../plugins";\nimport { x } from "../plugins/index.ts";`)).toEqual([]);
    expect(pluginImports("src/context.ts", `import { createMetaPlugins } from "../plugins/channels/_meta-graph/plugins";`)).toEqual([
      "../plugins/channels/_meta-graph/plugins",
    ]);
  });
});
