/**
 * The file lists page end to end, in a company of its own: the admin creates a list with two files in the dialog (the
 * upload progress shown), a second tab sees it arrive live, it survives a reload, one file opens inline and the other
 * downloads as an attachment, one file is removed, then the list is deleted. A plain user has no menu entry and gets the
 * no-access view; the name rule in Portuguese. Screenshots light and dark, desktop and phone
 * (tests/e2e/screenshots/files-*.png), with no horizontal overflow at 390 px and every dialog button inside its dialog.
 */
import { expect, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, gradientPng, ok, uid } from "./helpers/inbox";
import { BASE_URL, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const row = (page: Page, name: string) => page.getByTestId("file-list-row").filter({ hasText: name });
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("an admin makes a list with two files, reopens it after a reload, opens and downloads them, removes one, deletes the list", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uid();
  const company = await adminWithWebchat(request, tag);
  // A second admin of the company follows in another tab (a second login of the same user would end the first session).
  const bia = await createAgent(request, company.token, tag, "Bia", { profile: "admin" });
  const { page, errors, token } = await agentPage(browser, company.owner);
  const other = await agentPage(browser, bia);
  await other.page.goto("/files");
  await page.goto("/tickets");
  await page.getByTestId("menu-files").click();
  await expect(page).toHaveURL(`${BASE_URL}/files`);
  await expect(page.getByTestId("files-table")).toContainText("No file lists yet");

  const name = `Catalogue ${tag}`;
  await page.getByTestId("files-add").click();
  const modal = page.getByTestId("file-list-modal");
  await modal.locator("input[name=name]").fill(name);
  await modal.locator("textarea[name=message]").fill("Here are our catalogue and price list.");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), modal.getByTestId("file-list-add-file").click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([
    { name: "prices.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "catalogue.png", mimeType: "image/png", buffer: gradientPng(120, 80) },
  ]);
  const names = modal.getByTestId("file-list-file-name");
  await expect(names).toHaveCount(2);
  await expect(names.nth(0)).toHaveValue("prices");
  await names.nth(0).fill("Price list");
  // The uploads are held until the progress has been seen: two small files go up faster than a check can look.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/files/uploadList/**", async (route) => {
    await held;
    await route.continue();
  });
  await modal.getByTestId("file-list-save").click();
  await expect(modal.getByTestId("file-list-progress")).toContainText("Uploading files: 0 of 2");
  release();
  await expect(page.getByTestId("toast").filter({ hasText: "File list saved" })).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name).getByTestId("file-list-count")).toHaveText("2 files");
  await expect(row(other.page, name).getByTestId("file-list-count"), "the other tab gets it live").toHaveText("2 files");

  await page.reload();
  await row(page, name).getByTestId("file-list-edit").click();
  await expect(modal.getByTestId("file-list-file-name")).toHaveCount(2);
  await expect(modal.getByTestId("file-list-file-name").nth(0)).toHaveValue("Price list");
  const links = modal.getByTestId("file-list-file-link");
  await expect(links).toHaveText(["prices.pdf", "catalogue.png"]);
  // The image opens in a new tab, shown inline; the document downloads as an attachment, as stored.
  const [popup] = await Promise.all([page.waitForEvent("popup"), links.nth(1).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain("/api/media/");
  expect(await popup.evaluate(() => document.contentType)).toBe("image/png");
  await popup.close();
  const pdf = await page.request.get(`${BASE_URL}${await links.nth(0).getAttribute("href")}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-disposition"]).toContain('attachment; filename="prices.pdf"');
  expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await pdf.body()).equals(PDF)).toBe(true);

  // Removing a file takes effect on save.
  await modal.getByTestId("file-list-file").nth(1).getByTestId("file-list-remove-file").click();
  await expect(modal.getByTestId("file-list-file")).toHaveCount(1);
  await modal.getByTestId("file-list-save").click();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name).getByTestId("file-list-count")).toHaveText("1 file");
  const [stored] = (await ok(request, token, "GET", "/api/files")).files;
  expect(stored.options.map((o: { name: string; file: string }) => [o.name, o.file])).toEqual([["Price list", "prices.pdf"]]);

  await row(page, name).getByTestId("file-list-delete").click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`Delete the list ${name}?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "File list deleted" })).toBeVisible();
  await expect(page.getByTestId("files-table")).toContainText("No file lists yet");
  await expect(row(other.page, name), "the other tab drops it live").toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a plain user has no menu entry and gets the no-access view", async ({ browser, request }) => {
  const tag = uid();
  const company = await adminWithWebchat(request, tag);
  const ana = await createAgent(request, company.token, tag, "Ana", {});
  const { page } = await agentPage(browser, ana);
  await page.goto("/tickets");
  await expect(page.getByTestId("menu-tickets")).toBeVisible();
  await expect(page.getByTestId("menu-files")).toHaveCount(0);
  await page.goto("/files");
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.getByTestId("files-table")).toHaveCount(0);
});

test("the name rules, in Portuguese", async ({ browser, request }) => {
  const company = await adminWithWebchat(request, uid());
  const ctx = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const login = await page.request.post(`${BASE_URL}/api/auth/login`, { data: company.owner });
  expect(login.status()).toBe(200);
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: /Listas de arquivos/ })).toBeVisible();
  await page.getByTestId("files-add").click();
  const modal = page.getByTestId("file-list-modal");
  await modal.locator("input[name=name]").fill("ab");
  await modal.getByTestId("file-list-save").click();
  await expect(modal.getByText("Nome muito curto")).toBeVisible();
  await expect(modal.getByText("Obrigatório")).toBeVisible();
  await modal.locator("input[name=name]").fill("Catálogo");
  await expect(modal.getByText("Nome muito curto")).toHaveCount(0);
  await ctx.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: file lists page and dialog, ${theme} at ${width} px`, async ({ browser, request }) => {
      const tag = uid();
      const company = await adminWithWebchat(request, tag);
      const { page, token } = await agentPage(browser, company.owner, { theme, width, height: width > 600 ? 800 : 740 });
      for (const [name, files] of [
        ["Product catalogue 2026", ["Catalogue", "Price list"]],
        ["Welcome kit", ["Welcome video"]],
        ["Opening hours", []],
      ] as const) {
        const list = await ok(request, token, "POST", "/api/files", { name, message: `${name}: here you are.`, options: files.map((n) => ({ name: n })) });
        for (const option of list.options as { id: number; name: string }[]) {
          const up = await page.request.post(`${BASE_URL}/api/files/uploadList/${list.id}`, {
            headers: { authorization: `Bearer ${token}` },
            multipart: {
              id: String(option.id),
              files: { name: `${option.name.toLowerCase().replace(/ /g, "-")}.png`, mimeType: "image/png", buffer: gradientPng(40, 40) },
            },
          });
          expect(up.status()).toBe(200);
        }
      }
      await page.goto("/files");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("file-list-row")).toHaveCount(3);
      await page.waitForLoadState("networkidle");
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`files-page-${theme}-${width}`) });

      await row(page, "Product catalogue").getByTestId("file-list-edit").click();
      const modal = page.getByTestId("file-list-modal");
      await expect(modal.getByTestId("file-list-file")).toHaveCount(2);
      await page.waitForTimeout(300); // the dialog's fade-in
      const frame = (await modal.boundingBox())!;
      for (const button of await modal.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 0.5, "every dialog button inside the dialog").toBe(true);
      }
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`files-dialog-${theme}-${width}`) });
    });
  }
}
