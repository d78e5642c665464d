/**
 * Builds the web app into ui/dist (STACK.md §3):
 *   1. Panda codegen (ui/styled-system) + cssgen (ui/.panda.css)
 *   2. TanStack router generator (ui/src/routes -> ui/src/routeTree.gen.ts), only when route files exist
 *   3. Bun.build of ui/index.html: publicPath "/", minified, code splitting, hashed names under /assets/
 *   4. ui/public/** copied as-is into ui/dist (favicon, robots.txt, files the app fetches by URL)
 *   5. the web-chat widget (widget/, a separate small bundle): ui/dist/widget/index.html + ui/dist/widget/assets/*
 *      (the page served at /widget/:widgetKey) and ui/dist/widget.js (the loader); gzip sizes printed, 60 KB at most
 *   6. a brotli (`<file>.br`) and a gzip (`<file>.gz`) copy of every text file of 1 KB or more, at the highest levels:
 *      compressed once here, the server sends the copy the browser takes (src/http/compression.ts)
 *
 * `bun scripts/build-ui.ts` or `npm run build:ui`. Importable: `await buildUi()`.
 * `bun scripts/build-ui.ts --codegen`: only the generated sources (styled-system, routeTree.gen.ts), what tsc needs.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";

export const ROOT = resolve(import.meta.dir, "..");
export const UI = join(ROOT, "ui");
export const UI_DIST = join(UI, "dist");
const ROUTES = join(UI, "src", "routes");
const PUBLIC = join(UI, "public");
export const WIDGET = join(ROOT, "widget");
/** The widget's budget: page + loader, gzip. */
const WIDGET_MAX_GZIP = 60 * 1024;
const BIN = join(ROOT, "node_modules", ".bin");

export interface BuildUiOptions {
  /** Print progress lines (default true). */
  verbose?: boolean;
}

async function run(cmd: string[], what: string) {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` } });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${out}${err}`);
}

function hasRouteFiles(dir: string): boolean {
  if (!existsSync(dir)) return false;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (hasRouteFiles(p)) return true;
    } else if (/\.(tsx?|jsx?)$/.test(name) && !name.startsWith("-")) return true;
  }
  return false;
}

/** Panda codegen only (what `tsc` needs before type-checking ui/src). */
export async function pandaCodegen() {
  await run([join(BIN, "panda"), "codegen", "--config", "ui/panda.config.ts", "--silent"], "panda codegen");
}

export async function generateRoutes(): Promise<boolean> {
  if (!hasRouteFiles(ROUTES)) return false;
  const { Generator, getConfig } = await import("@tanstack/router-generator");
  const config = getConfig(
    {
      target: "react",
      routesDirectory: "ui/src/routes",
      generatedRouteTree: "ui/src/routeTree.gen.ts",
      quoteStyle: "double",
      semicolons: true,
      disableLogging: true,
      tmpDir: join(ROOT, "node_modules", ".cache", "tanstack-router"), // not .tanstack/ in the work tree
    },
    ROOT,
  );
  await new Generator({ config, root: ROOT }).run();
  return true;
}

export async function buildUi(opts: BuildUiOptions = {}): Promise<{ files: string[]; ms: number }> {
  const verbose = opts.verbose ?? true;
  const say = (m: string) => verbose && console.log(`[build-ui] ${m}`);
  const t0 = performance.now();

  // Panda: codegen and cssgen are independent CLI runs (node); run them side by side.
  await Promise.all([
    pandaCodegen(),
    run([join(BIN, "panda"), "cssgen", "--config", "ui/panda.config.ts", "--outfile", "ui/.panda.css", "--silent"], "panda cssgen"),
  ]);
  say(`panda codegen + cssgen ${Math.round(performance.now() - t0)} ms`);

  if (await generateRoutes()) say("route tree generated: ui/src/routeTree.gen.ts");
  else say("no route files in ui/src/routes: router generator skipped");

  // Build beside ui/dist and swap at the end: a failed build leaves the previous ui/dist in place.
  const out = `${UI_DIST}.tmp-${process.pid}`;
  rmSync(out, { recursive: true, force: true });
  try {
    const result = await Bun.build({
      entrypoints: [join(UI, "index.html")],
      outdir: out,
      target: "browser",
      minify: true,
      splitting: true,
      publicPath: "/", // deep links (/tickets/42) must load /assets/x.js, not /tickets/assets/x.js
      naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
      define: { "process.env.NODE_ENV": '"production"' },
      throw: false,
    });
    if (!result.success) {
      const msgs = result.logs
        .map((l) => `  ${l.level}: ${l.message}${l.position ? ` (${relative(ROOT, l.position.file)}:${l.position.line})` : ""}`)
        .join("\n");
      throw new Error(`Bun.build of ui/index.html failed:\n${msgs}`);
    }
    if (existsSync(PUBLIC)) cpSync(PUBLIC, out, { recursive: true, force: false, errorOnExist: false });
    await buildWidget(out, say);
    const t1 = performance.now();
    const copies = await precompress(out);
    say(`${copies} files precompressed (brotli + gzip) in ${Math.round(performance.now() - t1)} ms`);
    rmSync(UI_DIST, { recursive: true, force: true });
    renameSync(out, UI_DIST);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }

  const files = [...new Bun.Glob("**/*").scanSync({ cwd: UI_DIST, onlyFiles: true, dot: true })].sort();
  const ms = Math.round(performance.now() - t0);
  if (verbose) {
    for (const f of files) say(`  ${relative(ROOT, join(UI_DIST, f))}  ${statSync(join(UI_DIST, f)).size.toLocaleString("en")} B`);
    say(`done in ${ms} ms`);
  }
  return { files, ms };
}

/**
 * The web-chat widget into `outDir`: widget/index.html -> widget/index.html + widget/assets/* (publicPath /widget/),
 * widget/src/loader.ts -> widget.js. Fails when page + loader exceed 60 KB gzip.
 */
export async function buildWidget(outDir: string, say: (m: string) => void = () => {}): Promise<{ gzipBytes: number }> {
  const fail = (what: string, logs: Bun.BuildOutput["logs"]) =>
    new Error(
      `Bun.build of ${what} failed:\n${logs.map((l) => `  ${l.level}: ${l.message}${l.position ? ` (${relative(ROOT, l.position.file)}:${l.position.line})` : ""}`).join("\n")}`,
    );
  const page = await Bun.build({
    entrypoints: [join(WIDGET, "index.html")],
    outdir: join(outDir, "widget"),
    target: "browser",
    minify: true,
    publicPath: "/widget/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    throw: false,
  });
  if (!page.success) throw fail("widget/index.html", page.logs);
  const loader = await Bun.build({
    entrypoints: [join(WIDGET, "src", "loader.ts")],
    outdir: outDir,
    target: "browser",
    minify: true,
    naming: { entry: "widget.js" },
    throw: false,
  });
  if (!loader.success) throw fail("widget/src/loader.ts", loader.logs);
  const files = [
    join(outDir, "widget.js"),
    ...[...new Bun.Glob("**/*").scanSync({ cwd: join(outDir, "widget"), onlyFiles: true })].map((f) => join(outDir, "widget", f)),
  ];
  let gzipBytes = 0;
  for (const f of files) {
    const bytes = await Bun.file(f).bytes();
    const gz = Bun.gzipSync(bytes, { level: 9 }).length;
    gzipBytes += gz;
    say(`  widget ${relative(outDir, f)}  ${bytes.length.toLocaleString("en")} B, ${gz.toLocaleString("en")} B gzip`);
  }
  say(`widget total ${gzipBytes.toLocaleString("en")} B gzip (budget ${WIDGET_MAX_GZIP.toLocaleString("en")} B)`);
  if (gzipBytes > WIDGET_MAX_GZIP) throw new Error(`the web-chat widget is ${gzipBytes} B gzip, over its ${WIDGET_MAX_GZIP} B budget`);
  return { gzipBytes };
}

/** Files worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|wasm|ico)$/;
const PRECOMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of `dir` of
 * 1 KB or more, each kept only when smaller than the file. Runs on zlib's thread pool, files side by side.
 * Answers how many files got a copy.
 */
export async function precompress(dir: string): Promise<number> {
  const files = [...new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true, dot: true })].filter((f) => COMPRESSIBLE.test(f));
  let copied = 0;
  await Promise.all(
    files.map(async (f) => {
      const path = join(dir, f);
      const bytes = await Bun.file(path).bytes();
      if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
      if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
      if (br.length < bytes.length || gz.length < bytes.length) copied++;
    }),
  );
  return copied;
}

/** Newest mtime of the UI sources (ui/src, index.html, panda config, public/, widget/); 0 when none. */
export function newestUiSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const n of readdirSync(p)) if (n !== "routeTree.gen.ts") visit(join(p, n));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of [join(UI, "src"), join(UI, "index.html"), join(UI, "panda.config.ts"), PUBLIC, WIDGET]) visit(p);
  return newest;
}

/** True when ui/dist/index.html is missing or older than any UI source file. */
export function uiDistIsStale(): boolean {
  const index = join(UI_DIST, "index.html");
  if (!existsSync(index)) return true;
  return statSync(index).mtimeMs < newestUiSourceMtime();
}

/** url path -> absolute file path for every file in ui/dist (what ctx.assets expects). */
export function assetsFromDir(dir = UI_DIST): Map<string, string> {
  const map = new Map<string, string>();
  if (!existsSync(dir)) return map;
  for (const f of new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true, dot: true })) map.set(`/${f}`, join(dir, f));
  return map;
}

if (import.meta.main) {
  try {
    if (process.argv.includes("--codegen")) {
      await pandaCodegen();
      await generateRoutes();
    } else await buildUi();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
