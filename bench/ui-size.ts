/**
 * Login-page weight: starts dist/multi100 on a free port with a temporary DATA_DIR, opens /login in Debian Chromium
 * (Playwright), waits for network idle, and sums the body bytes the server actually sent for every response of the
 * page (document, scripts, styles, locale files, API answers), with the Accept-Encoding the browser itself sends: the
 * encoded size from the browser's network log, not a size computed here. Target: under 250 kB.
 *
 *   bun bench/ui-size.ts            # builds nothing; needs dist/multi100 (npm run build)
 *   bun bench/ui-size.ts --url http://127.0.0.1:8080   # measure a server that is already running
 *
 * Prints JSON lines: {"metric":"login_page_served_kb",…} (as sent) and {"metric":"login_page_raw_kb",…} (decoded),
 * plus one line per response with --verbose (its Content-Encoding and the browser's Accept-Encoding).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { freePort } from "../scripts/free-port";

const ROOT = resolve(import.meta.dir, "..");
const BINARY = join(ROOT, "dist", "multi100");
const args = process.argv.slice(2);
const urlArg = args.includes("--url") ? args[args.indexOf("--url") + 1] : undefined;
const verbose = args.includes("--verbose");

async function startBinary(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run npm run build first (or pass --url)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "multi100-ui-size-"));
  const proc = Bun.spawn([BINARY], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdout: "ignore",
    stderr: "pipe",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      /* not yet */
    }
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not start: ${await new Response(proc.stderr).text()}`);
    }
    await Bun.sleep(25);
  }
  return {
    baseURL,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = urlArg ? { baseURL: urlArg.replace(/\/$/, ""), stop: async () => {} } : await startBinary();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage();
  const files: { url: string; raw: number; sent: number; encoding: string; accepted: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (req) => {
    pending.push(
      (async () => {
        const res = await req.response();
        if (!res) return;
        const [sizes, body, requestHeaders] = await Promise.all([req.sizes(), res.body().catch(() => Buffer.alloc(0)), req.allHeaders()]);
        files.push({
          url: new URL(req.url()).pathname,
          raw: body.length,
          sent: sizes.responseBodySize,
          encoding: res.headers()["content-encoding"] ?? "identity",
          accepted: requestHeaders["accept-encoding"] ?? "",
        });
      })().catch(() => {}),
    );
  });
  await page.goto(`${server.baseURL}/login`, { waitUntil: "networkidle" });
  await page.waitForSelector("[data-testid=login-form]", { timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const sent = files.reduce((s, f) => s + f.sent, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  if (verbose) for (const f of files.sort((a, b) => b.sent - a.sent)) console.log(JSON.stringify(f));
  console.log(JSON.stringify({ metric: "login_page_served_kb", value: kb(sent), unit: "kB", n: files.length }));
  console.log(JSON.stringify({ metric: "login_page_raw_kb", value: kb(raw), unit: "kB", n: files.length }));
} finally {
  await browser.close();
  await server.stop();
}
