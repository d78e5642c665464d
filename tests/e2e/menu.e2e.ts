/**
 * The menu shows only what works: the super admin's and a plain user's every menu entry opens a real page (no
 * "coming soon" placeholder, no not-found page) and no page answers an /api request with 404 on the way. "/" is the
 * dashboard for those who may see it and the 403 screen for the others. Screenshots of the menu: admin and plain user, light and dark,
 * and the phone's drawer (tests/e2e/screenshots/menu-*.png).
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, BASE_URL, loginViaApi, screenshotPath } from "./helpers/server";
import { createUser } from "./helpers/users";

test.use({ locale: "en-US" });

/** Every /api answer with status 404 the page sees from now on ("GET /api/x"). */
function watch404(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith("/api/") && res.status() === 404) seen.push(`${res.request().method()} ${url.pathname}`);
  });
  return seen;
}

const menuEntries = (page: Page) => page.getByTestId("app-drawer").locator("a[data-testid^=menu-]");

/** Clicks every menu entry in turn: each opens its own page, a real one. Answers the entries' paths. */
async function walkMenu(page: Page): Promise<string[]> {
  await expect(menuEntries(page).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const count = await menuEntries(page).count();
  expect(count).toBeGreaterThan(0);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const entry = menuEntries(page).nth(i);
    const href = (await entry.getAttribute("href"))!;
    paths.push(href);
    await entry.click();
    await expect(page).toHaveURL(`${BASE_URL}${href}`);
    await expect(entry).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("coming-soon"), `${href} is a placeholder`).toHaveCount(0);
    await expect(page.getByTestId("not-found"), `${href} is not found`).toHaveCount(0);
    await expect(page.getByTestId("app-main")).not.toBeEmpty();
  }
  return paths;
}

test("the super admin's menu: every entry opens a real page, no /api answer is 404", async ({ page }) => {
  const notFound = watch404(page);
  await loginViaApi(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/tickets");
  const paths = await walkMenu(page);
  expect(paths).toEqual(expect.arrayContaining(["/tickets", "/contacts", "/users", "/connections", "/allConnections", "/files", "/reports"]));
  expect(notFound).toEqual([]);
  expect(paths).toContain("/");
  await page.goto("/");
  await expect(page.getByTestId("dashboard")).toBeVisible();
});

test("a plain user's menu: every entry opens a real page, no /api answer is 404", async ({ page, request }) => {
  const notFound = watch404(page);
  await loginViaApi(page, await createUser(request, "menu", "user", "light"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/tickets");
  const paths = await walkMenu(page);
  expect(paths).toContain("/tickets");
  expect(paths).toContain("/contacts");
  for (const adminOnly of ["/", "/reports", "/users", "/connections", "/allConnections", "/files"]) expect(paths).not.toContain(adminOnly);
  expect(notFound).toEqual([]);
  // Without dashboard:view, "/" is the 403 screen, whose 'Voltar' leads to the inbox.
  await page.goto("/");
  await expect(page.getByTestId("no-access")).toContainText("Oops! Acesso Negado!");
  await page.getByTestId("no-access-back").click();
  await expect(page).toHaveURL(`${BASE_URL}/tickets`);
});

test("pages that are not built are not routes: they answer the not-found page, never a placeholder", async ({ page }) => {
  await loginViaApi(page, ADMIN);
  for (const path of ["/helps", "/chats"]) {
    await page.goto(path);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
  }
});

test("screenshots of the menu: admin and plain user, light and dark, and the phone's drawer", async ({ browser, request }) => {
  test.setTimeout(90_000); // four fresh browser contexts
  for (const profile of ["admin", "user"] as const) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await loginViaApi(page, await createUser(request, "menu", profile, theme));
      await page.goto("/tickets");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(menuEntries(page).first()).toBeVisible();
      await expect(page.getByTestId("version-label")).toHaveText(/^v\./);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: screenshotPath(`menu-${profile}-${theme}`) });
      if (profile === "admin" && theme === "dark") {
        await page.setViewportSize({ width: 375, height: 740 });
        await page.getByTestId("drawer-toggle").click();
        const overlay = page.getByTestId("app-drawer-overlay");
        await expect(overlay.locator("a[data-testid^=menu-]").first()).toBeVisible();
        await expect.poll(async () => (await overlay.boundingBox())?.x).toBe(0); // slid in
        await page.screenshot({ path: screenshotPath("menu-phone") });
        await overlay.locator("a[data-testid=menu-tickets]").click();
        await expect(overlay).toHaveCount(0);
      }
      await context.close();
    }
  }
});
