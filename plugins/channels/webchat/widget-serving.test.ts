/**
 * The widget bundle as the server serves it (ARCHITECTURE.md, HTTP): /widget/:widgetKey and /widget.js come from the
 * separate bundle, may be framed by any site (frame-ancestors *), while the app keeps frame-ancestors 'none'.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assetsFromDir, buildWidget } from "../../../scripts/build-ui";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let dir: string;
let gzipBytes = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "multi100-widget-"));
  gzipBytes = (await buildWidget(dir)).gzipBytes;
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
  t = await createTestApp();
  for (const [k, v] of assetsFromDir(dir)) t.ctx.assets.set(k, v);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the widget bundle stays within 60 KB gzip", () => {
  expect(gzipBytes).toBeGreaterThan(1000);
  expect(gzipBytes).toBeLessThanOrEqual(60 * 1024);
});

test("/widget/:widgetKey serves the widget page, frameable by any site", async () => {
  const res = await t.request("GET", "/widget/AbCdEfGhIjKlMnOpQrStUvWxYz012345");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
  expect(res.headers.get("x-frame-options")).toBeNull();
  const html = await res.text();
  const script = /src="(\/widget\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const js = await t.request("GET", script!);
  expect(js.status).toBe(200);
  expect(js.headers.get("content-type")).toContain("javascript");
  expect(js.headers.get("cache-control")).toContain("immutable");
});

test("/widget.js is the loader script", async () => {
  const res = await t.request("GET", "/widget.js");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("javascript");
  expect(await res.text()).toContain("/widget/");
});

test("everything else keeps frame-ancestors 'none' and X-Frame-Options DENY", async () => {
  for (const path of ["/", "/tickets/42", "/widgets", "/widget-x"]) {
    const res = await t.request("GET", path);
    expect({ path, csp: res.headers.get("content-security-policy") ?? "" }).toMatchObject({ path, csp: expect.stringContaining("frame-ancestors 'none'") });
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  }
  const api = await t.request("GET", "/api/webchat/AbCdEfGhIjKlMnOpQrStUvWxYz012345/config");
  expect(api.status).toBe(404);
  expect(api.headers.get("x-frame-options")).toBe("DENY");
});
