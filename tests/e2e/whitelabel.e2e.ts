/**
 * Whitelabel, on a server of its own (a fresh data folder): the branding is platform-wide, so changing it on the shared
 * server would leak into every other spec. The super admin changes colours, name and logos on /settings; a login page
 * (no session) and an open tab of another company follow live, without a reload.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, apiLogin, E2E_ENV, type RunningServer, screenshotPath, startServer } from "./helpers/server";

test.describe.configure({ mode: "serial" });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const OTHER = { name: "Beta Owner", email: "owner@beta.e2e.local", password: "Beta1234!" };

let server: RunningServer;
let dataDir: string;

test.beforeAll(async ({ request }) => {
  dataDir = mkdtempSync(join(tmpdir(), "multi100-whitelabel-e2e-"));
  server = await startServer({ env: { ...E2E_ENV, DATA_DIR: dataDir }, timeoutMs: 30_000 });
  // Another company, through the public sign-up (opened for it and closed again).
  const { token } = await apiLogin(request, ADMIN, server.baseURL);
  const put = (key: string, value: string) =>
    request.put(`${server.baseURL}/api/settings/${key}`, { data: { value }, headers: { authorization: `Bearer ${token}` } });
  expect((await put("userCreation", "enabled")).status()).toBe(200);
  const signup = await request.post(`${server.baseURL}/api/auth/signup`, { data: { ...OTHER, companyName: "Beta Ltda", phone: "5511999990000", planId: 1 } });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  expect((await put("userCreation", "disabled")).status()).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser context on this spec's server, logged in as `creds` (through the refresh cookie) or without a session. */
async function openContext(
  browser: Browser,
  locale: string,
  creds?: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    // A visitor without a session first tries the refresh cookie, answered 401 by design.
    if (m.type() === "error" && !m.location().url.endsWith("/api/auth/refresh_token")) consoleErrors.push(`${m.text()} ${m.location().url}`);
  });
  if (creds) await apiLogin(page.request, creds, server.baseURL);
  return { context, page, consoleErrors };
}

const accent = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--colors-accent-default").trim().toLowerCase());
/** Marks the document: the mark survives only while the page is not reloaded. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

test("the super admin changes the colours and the name: the login page and another company's open tab follow live", async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await openContext(browser, "en-US");
  await visitor.page.goto("/login");
  await expect(visitor.page).toHaveTitle("Multi100");
  await mark(visitor.page);

  const other = await openContext(browser, "en-US", OTHER);
  await other.page.goto("/tickets");
  await expect(other.page.getByTestId("app-drawer")).toBeVisible();
  await mark(other.page);

  const admin = await openContext(browser, "en-US", ADMIN);
  await admin.page.goto("/settings");
  const section = admin.page.getByTestId("settings-group-whitelabel");
  await expect(section).toBeVisible();

  const name = "Acme Help Desk";
  await section.locator('input[name="appName"]').fill(name);
  await section.locator('input[name="appName"]').press("Enter");
  await expect(admin.page).toHaveTitle(name);

  const hex = section.locator('[data-setting="primaryColorLight"] input[data-channel="hex"]');
  await hex.fill("#aa1100");
  await hex.press("Enter");
  await expect.poll(() => accent(admin.page), { timeout: 5000 }).toBe("#aa1100");

  // The login page: title, the name where the logo goes, the accent colour; no reload.
  await expect(visitor.page).toHaveTitle(name);
  await expect(visitor.page.getByText(name, { exact: true })).toBeVisible();
  await expect.poll(() => accent(visitor.page)).toBe("#aa1100");
  expect(await stillSamePage(visitor.page)).toBe(true);

  // Company Beta's open tab: the same, live.
  await expect(other.page).toHaveTitle(new RegExp(name));
  await expect(other.page.getByTestId("app-drawer").getByText(name, { exact: true })).toBeVisible();
  await expect.poll(() => accent(other.page)).toBe("#aa1100");
  expect(await stillSamePage(other.page)).toBe(true);

  // The dark colour applies to the dark theme only.
  const darkHex = section.locator('[data-setting="primaryColorDark"] input[data-channel="hex"]');
  await darkHex.fill("#11aa55");
  await darkHex.press("Enter");
  await other.page.getByTestId("theme-toggle").click();
  await expect(other.page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(() => accent(other.page)).toBe("#11aa55");
  await expect.poll(() => accent(visitor.page)).toBe("#aa1100");

  // An empty name means Multi100 again.
  await section.locator('input[name="appName"]').fill("");
  await section.locator('input[name="appName"]').press("Enter");
  await expect(visitor.page).toHaveTitle("Multi100");
  await expect(other.page.getByTestId("app-drawer").getByText("Multi100", { exact: true })).toBeVisible();
  await section.locator('input[name="appName"]').fill(name);
  await section.locator('input[name="appName"]').press("Enter");
  await expect(visitor.page).toHaveTitle(name);

  await visitor.page.screenshot({ path: screenshotPath("whitelabel-login-light") });
  for (const c of [visitor, other, admin]) {
    expect(c.consoleErrors).toEqual([]);
    await c.context.close();
  }
});

test("logos: an upload shows in the preview and on the login page, the favicon in its head; an SVG is refused with its message; clear brings the name back", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const visitor = await openContext(browser, "en-US");
  await visitor.page.goto("/login");
  await mark(visitor.page);

  const admin = await openContext(browser, "pt-BR", ADMIN);
  await admin.page.goto("/settings");
  const section = admin.page.getByTestId("settings-group-whitelabel");
  await expect(section).toBeVisible();

  // A logo drawn by the browser: a 160x48 PNG with a mark and a word.
  const logo = Buffer.from(
    await visitor.page.evaluate(() => {
      const canvas = Object.assign(document.createElement("canvas"), { width: 160, height: 48 });
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#aa1100";
      g.fillRect(0, 8, 32, 32);
      g.font = "bold 28px sans-serif";
      g.fillText("ACME", 42, 36);
      return canvas.toDataURL("image/png").split(",")[1]!;
    }),
    "base64",
  );
  await admin.page.getByTestId("logo-input-light").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  const preview = admin.page.getByTestId("logo-preview-light").locator("img");
  await expect(preview).toHaveAttribute("src", /^\/api\/whitelabel\/[0-9a-f]{32}\.png$/);
  const src = (await preview.getAttribute("src"))!;
  await expect(visitor.page.locator(`img[src="${src}"]`)).toBeVisible();
  expect(await visitor.page.locator(`img[src="${src}"]`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  await admin.page.getByTestId("logo-input-favicon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
  await expect(admin.page.getByTestId("logo-preview-favicon").locator("img")).toHaveAttribute("src", /\.png$/);
  const favicon = await admin.page.getByTestId("logo-preview-favicon").locator("img").getAttribute("src");
  await expect(visitor.page.locator("link[rel=icon]")).toHaveAttribute("href", favicon!);

  // SVG: refused, said in the user's language (pt), and the stored logo stays.
  await admin.page.getByTestId("logo-input-dark").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: SVG });
  await expect(admin.page.getByTestId("logo-error-dark")).toHaveText("Imagens SVG não são aceitas, porque podem conter scripts. Use PNG, WebP ou ICO.");
  await expect(admin.page.getByTestId("logo-preview-dark").locator("img")).toHaveCount(0);

  await section.screenshot({ path: screenshotPath("whitelabel-settings-light-1280") });
  await admin.page.getByTestId("theme-toggle").click();
  await expect(admin.page.locator("html")).toHaveAttribute("data-theme", "dark");
  await section.screenshot({ path: screenshotPath("whitelabel-settings-dark-1280") });
  await admin.page.setViewportSize({ width: 390, height: 844 });
  expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await section.screenshot({ path: screenshotPath("whitelabel-settings-dark-390") });
  await admin.page.getByTestId("theme-toggle").click();
  await expect(admin.page.locator("html")).toHaveAttribute("data-theme", "light");
  await section.screenshot({ path: screenshotPath("whitelabel-settings-light-390") });
  await visitor.page.setViewportSize({ width: 390, height: 844 });
  await visitor.page.screenshot({ path: screenshotPath("whitelabel-login-logo-390") });

  // Clear: the preview says so, and the login page shows the name again (and its own icon).
  await section.getByRole("button", { name: /^Remover: Logotipo \(tema claro\)$/ }).click();
  await expect(admin.page.getByTestId("logo-preview-light")).toHaveText("Sem logotipo: o nome do sistema é exibido");
  await expect(visitor.page.locator(`img[src="${src}"]`)).toHaveCount(0);
  await section.getByRole("button", { name: /^Remover: Favicon/ }).click();
  await expect(visitor.page.locator("link[rel=icon]")).not.toHaveAttribute("href", favicon!);
  expect(await stillSamePage(visitor.page)).toBe(true);
  expect((await visitor.page.request.get(`${server.baseURL}${src}`)).status()).toBe(404);

  // The one failed request is the refused SVG.
  expect(admin.consoleErrors).toEqual([expect.stringMatching(/status of 415 .*\/api\/settings-whitelabel\/logo$/)]);
  expect(visitor.consoleErrors).toEqual([]);
  for (const c of [visitor, admin]) await c.context.close();
});
