/**
 * Web app layout: drawer 240 px at 1280 px and a toggled overlay at 375 px, no horizontal scroll
 * at 360 px on every page, dark mode changes the canvas and body text keeps ≥ 4.5:1 in both themes.
 * Also writes the screenshots of the auth screens, the shell with the users page and the user modal
 * (light and dark, 1280 and 375 px) to tests/e2e/screenshots/.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiLogin, BASE_URL, screenshotPath } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

type Theme = "light" | "dark";

/** An admin of company 1 whose defaultTheme is `theme`; the browser context is logged in as them. */
async function loginAs(page: Page, request: APIRequestContext, theme: Theme) {
  const { token } = await apiLogin(request);
  const email = `layout-${uid()}@e2e.local`;
  const res = await request.post(`${BASE_URL}/api/users`, {
    data: { name: "Layout Admin", email, password: "Layout123!", profile: "admin", defaultTheme: theme },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await apiLogin(page.request, { email, password: "Layout123!" }); // the refresh cookie lets the app resume the session
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** WCAG contrast of the body text on the canvas, and the canvas colour. */
function bodyContrast(page: Page) {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const style = getComputedStyle(document.body);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
    return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), canvas: style.backgroundColor };
  });
}

test("the drawer is 240 px wide at 1280 px and a toggled overlay at 375 px", async ({ page, request }) => {
  await loginAs(page, request, "light");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/tickets");
  const drawer = page.getByTestId("app-drawer");
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBe(240);
  // collapsible
  await page.getByTestId("drawer-collapse").click();
  await expect(drawer).toHaveAttribute("data-collapsed", "true");
  await page.getByTestId("drawer-collapse").click();
  await expect.poll(async () => (await drawer.boundingBox())!.width).toBe(240);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId("app-drawer")).toHaveCount(0);
  const overlay = page.getByTestId("app-drawer-overlay");
  await expect(overlay).toHaveCount(0);
  await page.getByTestId("drawer-toggle").click();
  await expect(overlay).toBeVisible();
  await expect.poll(async () => (await overlay.boundingBox())!.width).toBe(240);
  await page.getByTestId("menu-users").click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(overlay).toHaveCount(0);
});

test("no horizontal scroll at 360 px on every page of the web app shell", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/login", "/signup", "/forgetpsw", "/financeiro-aberto?dueDate=2026-01-01"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
  await loginAs(page, request, "light");
  for (const path of ["/tickets", "/users", "/settings", "/queues", "/contacts", "/", "/no-such-page"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
  await page.goto("/users");
  await page.getByTestId("users-add").click();
  await expect(page.getByTestId("user-modal")).toBeVisible();
  expect(await noHorizontalScroll(page), "user modal").toBe(true);
  await page.getByTestId("tab-permissions").click();
  expect(await noHorizontalScroll(page), "user modal permissions").toBe(true);
});

test("dark mode changes the canvas and body text keeps 4.5:1 in both themes", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  const light = await bodyContrast(page);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const dark = await bodyContrast(page);
  expect(dark.canvas).not.toBe(light.canvas);
  expect(light.ratio).toBeGreaterThanOrEqual(4.5);
  expect(dark.ratio).toBeGreaterThanOrEqual(4.5);
  // the remembered choice survives a reload
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 375]) {
    test(`screenshots: ${theme} at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await page.addInitScript((t) => localStorage.getItem("token") || localStorage.setItem("theme", t), theme);
      const shot = (name: string) => page.screenshot({ path: screenshotPath(`ui-${name}-${theme}-${width}`) });
      for (const [name, path] of [
        ["login", "/login"],
        ["signup", "/signup"],
        ["forgot-password", "/forgetpsw"],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await shot(name);
      }
      await loginAs(page, request, theme);
      await page.goto("/users");
      await expect(page.getByTestId("user-row").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await shot("users");
      await page.getByTestId("user-edit").first().click();
      await expect(page.getByTestId("user-form")).toBeVisible();
      await page.waitForTimeout(300); // the dialog's fade-in
      await shot("user-modal");
    });
  }
}
