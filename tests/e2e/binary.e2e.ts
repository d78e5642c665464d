/**
 * The compiled binary, copied ALONE into an empty folder, serves the web app and the API and lets the admin log in;
 * it keeps its data in ./data beside it, answers the CLI (version, backup, migrate) and stops cleanly on SIGTERM.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { BINARY, type RunningServer, screenshotPath, startServer } from "./helpers/server";

const admin = { email: "owner@binary.local", password: "Binary123!" };

let dir: string;
let bin: string;
let server: RunningServer | undefined;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "multi100-bin-"));
  bin = join(dir, "multi100");
  copyFileSync(BINARY, bin);
  execFileSync("chmod", ["+x", bin]);
  expect(readdirSync(dir)).toEqual(["multi100"]);
  // No DATA_DIR: the binary must default to ./data in its working folder.
  server = await startServer({ cmd: [bin], cwd: dir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
});

test.afterAll(async () => {
  if (server) await server.stop().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("serves the web app at / and on deep links, with hashed assets", async ({ request }) => {
  const base = server!.baseURL;
  let jsAsset = "";
  for (const path of ["/", "/tickets/42", "/login"]) {
    const res = await request.get(base + path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length, "one entry script").toBe(1);
    expect(scripts[0]).toMatch(/^\/assets\/[\w.-]+-[a-z0-9]+\.js$/);
    jsAsset = scripts[0]!;
  }
  const js = await request.get(base + jsAsset);
  expect(js.status()).toBe(200);
  expect(js.headers()["content-type"]).toContain("javascript");
  expect(js.headers()["cache-control"]).toContain("immutable");
  expect((await js.body()).length).toBeGreaterThan(1000);
});

test("unknown API routes answer 404 JSON", async ({ request }) => {
  const res = await request.get(`${server!.baseURL}/api/nope`);
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect((await res.json()).error).toBe("ERR_NOT_FOUND");
});

test("the admin logs in through the API", async ({ request }) => {
  const res = await request.post(`${server!.baseURL}/api/auth/login`, { data: admin });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(typeof body.token).toBe("string");
  expect(body.user.email).toBe(admin.email);
  const me = await request.get(`${server!.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${body.token}` } });
  expect(me.status()).toBe(200);
  const wrong = await request.post(`${server!.baseURL}/api/auth/login`, { data: { ...admin, password: "nope-nope" } });
  expect(wrong.status()).toBe(401);
});

test("the page loads in Chromium from a deep link (and the admin logs in when the login screen exists)", async ({ page }) => {
  const base = server!.baseURL;
  const failed: string[] = [];
  const errors: string[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(base) && r.status() >= 400 && !r.url().includes("/api/")) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const jsLoaded = page.waitForResponse((r) => /\/assets\/.+\.js$/.test(r.url()) && r.status() === 200);
  await page.goto(`${base}/tickets/42`);
  await jsLoaded;
  // The app mounted something into #root.
  await expect(page.locator("#root > *").first()).toBeVisible({ timeout: 10_000 });

  // Optional until the real login screen exists: fill it in if it is there.
  const password = page.locator('input[type="password"]').first();
  if (await password.isVisible({ timeout: 3_000 }).catch(() => false)) {
    const email = page.locator('input[type="email"], input[name="email"], input[autocomplete="username"], input[autocomplete="email"]').first();
    await email.fill(admin.email);
    await password.fill(admin.password);
    const login = page.waitForResponse((r) => r.url().endsWith("/api/auth/login") && r.request().method() === "POST");
    await password.press("Enter");
    expect((await login).status()).toBe(200);
    await expect(password).toBeHidden({ timeout: 10_000 });
  }
  await page.screenshot({ path: screenshotPath("binary-deep-link") });
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test("keeps its data in ./data beside it", async () => {
  const data = join(dir, "data");
  expect(statSync(data).isDirectory()).toBe(true);
  expect(existsSync(join(data, "multi100.db"))).toBe(true);
  expect(existsSync(join(data, "multi100.db-wal"))).toBe(true);
});

test("CLI: version matches /api/version; backup writes a valid SQLite file while the server runs", async ({ request }) => {
  const version = execFileSync(bin, ["version"], { cwd: dir, encoding: "utf8", timeout: 10_000 }).trim();
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  const api = await (await request.get(`${server!.baseURL}/api/version`)).json();
  expect(api.version).toBe(version);

  const file = join(dir, "backup.db");
  const out = execFileSync(bin, ["backup", file], { cwd: dir, encoding: "utf8", timeout: 20_000 });
  expect(out).toContain(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
  expect(bytes.length).toBeGreaterThan(4096);

  // Restore check: the copy is a complete, migrated database.
  const restore = join(dir, "restore");
  mkdirSync(restore);
  copyFileSync(file, join(restore, "multi100.db"));
  const migrate = execFileSync(bin, ["migrate"], { cwd: dir, env: { PATH: process.env.PATH, DATA_DIR: restore }, encoding: "utf8", timeout: 20_000 });
  expect(migrate).toContain("Nothing to migrate");

  // The server kept running through it.
  expect((await request.get(`${server!.baseURL}/api/health`)).status()).toBe(200);
});

test("SIGTERM stops it cleanly within 5 s", async () => {
  const { code, signal, ms } = await server!.stop(5_000);
  server = undefined;
  expect(signal).toBeNull();
  expect(code).toBe(0);
  expect(ms).toBeLessThan(5_000);
});
