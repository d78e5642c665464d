/**
 * Contacts import and export in the browser: an admin drops a 5,000-row xlsx on /contacts/import, maps its columns
 * (the spec's message when the number column is not chosen), starts the import, watches the progress bar fill and
 * gets the summary with its csv; the exported xlsx of the list then holds those contacts. Screenshots light and dark,
 * desktop and phone (tests/e2e/screenshots/contacts-import-*.png), no horizontal overflow at 390 px.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, BASE_URL, loginViaApi, screenshotPath } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

const ROWS = 5000;

async function createAdmin(request: APIRequestContext, theme: "light" | "dark" = "light") {
  const { token } = await apiLogin(request);
  const creds = { email: `import-${uid()}@e2e.local`, password: "Import1234!" };
  const res = await request.post(`${BASE_URL}/api/users`, {
    data: { name: "Import admin", profile: "admin", defaultTheme: theme, ...creds },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return creds;
}

/** An xlsx of `rows` contacts named "<tag> n", numbers typed the national way (the company's 55 goes in front). */
function workbook(tag: string, rows: number, run: number): Buffer {
  const data = [["Nome", "Telefone", "Email"]];
  for (let i = 0; i < rows; i++) data.push([`${tag} ${i}`, `(11) 9${String(run).padStart(4, "0")}-${String(i).padStart(4, "0")}`, `c${i}@${tag}.example`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function choose(page: Page, file: { name: string; buffer: Buffer }) {
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: file.name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: file.buffer });
  await expect(page.getByTestId("import-preview")).toBeVisible();
}

test("a 5,000-row xlsx imports with live progress and a summary; the exported xlsx holds those contacts", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `imp${uid()}`;
  const run = Date.now() % 10000;
  const creds = await createAdmin(request);
  await loginViaApi(page, creds);
  await page.goto("/contacts/import");
  await expect(page.getByTestId("import-drop")).toBeVisible();
  await choose(page, { name: `${tag}.xlsx`, buffer: workbook(tag, ROWS, run) });
  await expect(page.getByTestId("import-ticked")).toHaveText(`${ROWS} of ${ROWS} rows ticked`);
  await expect(page.getByTestId("import-row")).toHaveCount(50);

  // The header guessed the mapping; without the number column the spec's message shows and nothing starts.
  await page.getByTestId("import-column-1").getByRole("combobox").click();
  await page.getByRole("option", { name: "Do not import" }).click();
  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-problems")).toHaveText("The contact number column was not chosen");
  await page.getByTestId("import-column-1").getByRole("combobox").click();
  await page.getByRole("option", { name: "Number" }).click();

  // Progress frames arrive while the job runs: the bar is seen below 100 % before the summary.
  const seen: number[] = [];
  await page.exposeFunction("recordProgress", (v: number) => seen.push(v));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="import-progress"] [role="progressbar"]');
      if (bar) (window as unknown as { recordProgress(v: number): void }).recordProgress(Number(bar.getAttribute("aria-valuenow")));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-progress")).toBeVisible();
  await expect(page.getByTestId("import-progress")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  expect(seen.some((v) => v < 100)).toBe(true);
  await expect(page.getByTestId("import-progress-text")).toHaveText(`${ROWS} of ${ROWS} rows`);
  await expect(page.getByTestId("import-imported")).toHaveText(String(ROWS));
  await expect(page.getByTestId("import-summary")).toContainText("Import completed successfully");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-summary-download").click()]);
  const summary = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(summary.length).toBe(ROWS + 1);
  expect(summary[1]).toContain(`,${tag} 0,55119${String(run).padStart(4, "0")}0000,imported,`);

  // The list filtered by the file's names, exported as xlsx from the contacts page's menu.
  await page.goto("/contacts");
  await page.getByTestId("contacts-search").fill(tag);
  await expect(page.getByTestId("contacts-count")).toHaveText(`(${ROWS})`);
  await page.getByTestId("contacts-import-export").click();
  const [exported] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contacts-export-xlsx").click()]);
  const book = XLSX.read(readFileSync((await exported.path())!), { type: "buffer" });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false }).slice(1);
  expect(rows.length).toBe(ROWS);
  expect(new Set(rows.map((r) => r[1])).size).toBe(ROWS);
  expect(rows.every((r) => r[1]!.startsWith(`${tag} `) && /^55119\d{8}$/.test(r[2]!) && r[3] === `c${r[1]!.split(" ")[1]}@${tag}.example`)).toBe(true);
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: the import page with a file loaded, then its summary, ${theme} at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginViaApi(page, await createAdmin(request, theme));
      await page.goto("/contacts/import");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("import-drop")).toBeVisible();
      await choose(page, { name: "contatos.xlsx", buffer: workbook(`shot${uid()}`, 12, Math.floor(Math.random() * 10000)) });
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`contacts-import-${theme}-${width}`) });
      await page.getByTestId("import-start").click();
      await expect(page.getByTestId("import-summary")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
      expect(await noHorizontalScroll(page)).toBe(true);
      // The bar eases to its width; the picture shows where it ends.
      await page.screenshot({ path: screenshotPath(`contacts-import-summary-${theme}-${width}`), animations: "disabled" });
    });
  }
}
