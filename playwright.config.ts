/**
 * Browser tests (STACK.md §7): Debian Chromium (/usr/bin/chromium or CHROMIUM_PATH), never a downloaded browser.
 * The shared server is the compiled binary dist/multi100 (built by `npm test` / `npm run test:e2e`; built here when
 * missing) on E2E_PORT with a fresh temporary DATA_DIR and the admin of tests/e2e/helpers/server.ts.
 * Run with node: `npx playwright test [file]`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { BASE_URL, BINARY, E2E_ENV, ROOT } from "./tests/e2e/helpers/server";

const isRunner = !process.env.TEST_WORKER_INDEX;
// One DATA_DIR per run; set in the runner's env so the workers (which re-read this file) see the same one.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "multi100-e2e-"));

if (isRunner && !existsSync(BINARY)) {
  console.log("[e2e] dist/multi100 is missing: building it (npm run build)");
  execFileSync(join(ROOT, "node_modules", ".bin", "bun"), ["scripts/build.ts"], { cwd: ROOT, stdio: "inherit" });
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "./test-results/e2e",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalTeardown: "./tests/e2e/helpers/global-teardown.ts",
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "./test-results/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      // Playwright adds --headless itself.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    command: JSON.stringify(BINARY),
    cwd: ROOT,
    env: { ...E2E_ENV, DATA_DIR: process.env.E2E_DATA_DIR },
    url: `${BASE_URL}/api/health`,
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: "pipe", // LOG_LEVEL=warn: only the server's warnings and errors show up
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
