/**
 * Settings in the browser, against docs/settings.md: no company or platform setting marked "no effect yet: hidden" is
 * rendered on any page the menu leads to, and the platform's branding settings (whose effect is in the web app) show
 * where they say. The connection form's hidden fields are checked in connections.e2e.ts.
 */
import { expect, test } from "@playwright/test";
import { hiddenKeys, settingsRows } from "../helpers/settings-doc";
import { ADMIN, apiLogin, BASE_URL, loginViaApi } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

// 1x1 PNGs, one red and one blue, as data URLs (a logo setting holds the file's address).
const RED = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const BLUE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==";

test("no setting marked hidden in docs/settings.md is rendered on any page of the super admin's menu", async ({ page }) => {
  const hidden = [...hiddenKeys("Company settings"), ...hiddenKeys("Platform settings")];
  expect(settingsRows().some((r) => r.section === "Company settings")).toBe(true);
  await loginViaApi(page, ADMIN);
  await page.goto("/tickets");
  const entries = page.getByTestId("app-drawer").locator("a[data-testid^=menu-]");
  await expect(entries.first()).toBeVisible();
  const paths = await entries.evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
  expect(paths).toContain("/connections");
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const key of hidden) await expect(page.locator(`[name="${key}"], [data-setting="${key}"]`), `${path}: ${key}`).toHaveCount(0);
  }
});

test("the platform's branding settings show on the login page and in the app", async ({ browser, request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const put = async (key: string, value: string) => {
    const res = await request.put(`${BASE_URL}/api/settings/${key}`, { data: { value }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const branding = {
    appName: `Acme Help ${uid()}`,
    primaryColorLight: "#aa1100",
    primaryColorDark: "#11aa00",
    appLogoLight: RED,
    appLogoDark: BLUE,
    appLogoFavicon: RED,
  };
  const defaults = { appName: "Multi100", primaryColorLight: "#0000FF", primaryColorDark: "#39ACE7", appLogoLight: "", appLogoDark: "", appLogoFavicon: "" };
  try {
    for (const [key, value] of Object.entries(branding)) await put(key, value);

    const visitor = await browser.newContext({ locale: "en-US" });
    const page = await visitor.newPage();
    await page.goto(`${BASE_URL}/login`);
    await expect(page).toHaveTitle(branding.appName);
    await expect(page.getByRole("img", { name: branding.appName })).toHaveAttribute("src", branding.appLogoLight);
    await expect(page.locator("link[rel=icon]")).toHaveAttribute("href", branding.appLogoFavicon);
    const accent = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--colors-accent-default").trim());
    await expect.poll(accent).toBe(branding.primaryColorLight);
    await visitor.close();

    // A user whose theme is dark gets the dark logo and colour.
    const email = `brand-${uid()}@e2e.local`;
    const res = await request.post(`${BASE_URL}/api/users`, {
      data: { name: "Brand Dark", email, password: "Brand123!", profile: "user", defaultTheme: "dark" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const member = await browser.newContext({ locale: "en-US" });
    const app = await member.newPage();
    await loginViaApi(app, { email, password: "Brand123!" });
    await app.goto(`${BASE_URL}/tickets`);
    await expect(app.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(app.getByTestId("app-drawer").getByRole("img", { name: branding.appName })).toHaveAttribute("src", branding.appLogoDark);
    await expect
      .poll(() => app.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--colors-accent-default").trim()))
      .toBe(branding.primaryColorDark);
    await member.close();
  } finally {
    for (const [key, value] of Object.entries(defaults)) await put(key, value);
  }
});

test("the user form offers no permission for a page the server lacks (the real-time panel)", async ({ page }) => {
  const features = (await (await page.request.get(`${BASE_URL}/api/version`)).json()).features as string[];
  expect(features).not.toContain("realtimePanel");
  await loginViaApi(page, ADMIN);
  await page.goto("/users");
  await page.getByTestId("users-add").click();
  await expect(page.getByTestId("user-modal")).toBeVisible();
  await page.getByTestId("tab-permissions").click();
  await expect(page.locator("[name=allowConnections]")).toHaveCount(1);
  await expect(page.locator("[name=allowRealTime]")).toHaveCount(0);
});
