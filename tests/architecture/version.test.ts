/**
 * One version: package.json holds it (the label the product shows, v.4.2.0) and everything reads it from there:
 * GET /api/version (which the web app's label shows), `multi100 version`. No source file writes a version of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import pkg from "../../package.json";
import { createTestApp, type TestApp } from "../helpers/test-app";

const ROOT = resolve(import.meta.dir, "../..");
/** Where the product's code lives (the shipped sources and the tests that check them). */
const SOURCE_DIRS = ["src", "plugins", "ui/src", "widget/src", "tests", "scripts"];

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((p) => /\.(ts|tsx)$/.test(p) && !p.includes("node_modules") && !p.endsWith(".gen.ts"))
      .map((p) => `${dir}/${p.split(sep).join("/")}`),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the version", () => {
  test("is the label the product shows, set once in package.json", () => {
    expect(pkg.version).toBe("4.2.0");
  });

  test("GET /api/version answers package.json's version", async () => {
    const v = await t.json("GET", "/api/version");
    expect(v.status).toBe(200);
    expect(v.body.version).toBe(pkg.version);
  });

  test("`multi100 version` prints package.json's version", async () => {
    const proc = Bun.spawn([process.execPath, "src/main.ts", "version"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(out.trim()).toBe(pkg.version);
  });

  test("no source file writes the version itself", () => {
    const literal = new RegExp(`["'\`]v?\\.?${pkg.version.replaceAll(".", "\\.")}["'\`]`);
    const files = sourceFiles();
    expect(files).toContain("src/context.ts");
    // This file names the label once, above, to pin it.
    const offending = files.filter((f) => f !== "tests/architecture/version.test.ts" && literal.test(readFileSync(join(ROOT, f), "utf8")));
    expect(offending).toEqual([]);
  });
});
