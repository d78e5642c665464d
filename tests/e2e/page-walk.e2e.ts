/**
 * Every page of the menu (and the pages reached from one, like the contacts import), walked as the super admin sees it (every entry shown) on a phone (390 px), in light and in
 * dark: no horizontal overflow, the dark canvas differs from the light one, every button of the page's "add" dialog
 * lies inside the dialog (or inside a strip of it that scrolls sideways, like a tab list), and the walk logs no console error and gets no /api answer of 4xx or 5xx.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, apiLogin } from "./helpers/server";

test.use({ locale: "en-US" });

type Theme = "light" | "dark";

/** A context logged in as the super admin, with `theme` remembered, recording console errors and failed /api calls. */
async function walker(browser: Browser, theme: Theme, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: "en-US" });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/") && r.status() >= 400) problems.push(`${r.request().method()} ${r.url()} -> ${r.status()}`);
  });
  // The session applies the user's own theme on every load, so the walk sets it on the user (put back afterwards).
  const { token, user } = await apiLogin(page.request, ADMIN);
  await setTheme(page, token, user.id, theme);
  return { ctx, page, problems, restore: () => setTheme(page, token, user.id, "light") };
}

async function setTheme(page: Page, token: string, userId: number, theme: Theme) {
  const res = await page.request.put(`/api/users/${userId}`, { headers: { authorization: `Bearer ${token}` }, data: { defaultTheme: theme } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const canvas = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The buttons of the open dialog that stick out of it (their labels), and whether the dialog itself fits the screen. */
const dialogButtonsOutside = (page: Page) =>
  page.evaluate(() => {
    const dialog = [...document.querySelectorAll<HTMLElement>("[role=dialog]")].find((d) => d.offsetParent !== null || d.getClientRects().length);
    if (!dialog) return ["no dialog"];
    const box = dialog.getBoundingClientRect();
    return [...dialog.querySelectorAll<HTMLElement>("button")]
      .filter((b) => b.getClientRects().length > 0)
      .filter((b) => {
        // A button in a strip that scrolls sideways (a tab list) is reached by scrolling: the strip must fit instead.
        let el: HTMLElement = b;
        for (let p = b.parentElement; p && p !== dialog; p = p.parentElement) {
          if (["auto", "scroll"].includes(getComputedStyle(p).overflowX) && p.scrollWidth > p.clientWidth) el = p;
        }
        const r = el.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
      })
      .map((b) => b.textContent?.trim() || b.getAttribute("aria-label") || b.outerHTML.slice(0, 80));
  });

/** The menu's pages as the super admin sees them at desktop width. */
async function menuPaths(browser: Browser): Promise<string[]> {
  const { ctx, page } = await walker(browser, "light", 1280);
  await page.goto("/tickets");
  await expect(page.getByTestId("menu-tickets")).toBeVisible();
  const paths = await page
    .locator("[data-testid^=menu-]:not([data-testid^=menu-badge])")
    .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href, location.href).pathname));
  await ctx.close();
  return [...new Set(paths)];
}

test("every menu page at 390 px, light and dark: no overflow, a dark canvas, add dialogs whole, no console error and no failed /api call", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const menu = await menuPaths(browser);
  // Pages reached from a menu page rather than the menu itself.
  const paths = [...menu, ...(menu.includes("/contacts") ? ["/contacts/import"] : [])];
  // The walk must reach the administration pages, not only the inbox.
  expect(paths).toEqual(expect.arrayContaining(["/tickets", "/users", "/queues", "/connections", "/settings"]));
  const canvases: Record<Theme, Record<string, string>> = { light: {}, dark: {} };
  for (const theme of ["light", "dark"] as const) {
    const { ctx, page, problems, restore } = await walker(browser, theme, 390);
    try {
      for (const path of paths) {
        await test.step(`${theme} ${path}`, async () => {
          await page.goto(path);
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          await page.waitForLoadState("networkidle");
          expect(await noHorizontalOverflow(page), `${theme} ${path}: horizontal overflow`).toBe(true);
          canvases[theme][path] = await canvas(page);
          const add = page.locator("main [data-testid$=-add]:visible").first();
          if ((await add.count()) > 0) {
            await add.click();
            // An "add" that first asks what to add (a menu of kinds) opens the dialog of the first kind.
            const kinds = page.getByRole("menuitem");
            await expect(page.getByRole("dialog").first().or(kinds.first())).toBeVisible();
            if ((await kinds.count()) > 0) await kinds.first().click();
            await expect(page.getByRole("dialog").first()).toBeVisible();
            expect(await dialogButtonsOutside(page), `${theme} ${path}: dialog buttons outside the dialog`).toEqual([]);
            expect(await noHorizontalOverflow(page), `${theme} ${path}: dialog overflows`).toBe(true);
            await page.keyboard.press("Escape");
            await expect(page.getByRole("dialog")).toHaveCount(0);
          }
        });
      }
    } finally {
      await restore();
    }
    expect(problems, `${theme}: console errors or failed /api calls`).toEqual([]);
    await ctx.close();
  }
  for (const path of paths) expect(canvases.dark[path], `${path}: the dark canvas equals the light one`).not.toBe(canvases.light[path]);
});
