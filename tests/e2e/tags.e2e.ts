/**
 * The tags page: an admin creates, edits (colour) and deletes a tag while another open tab follows live; the contact
 * count opens the list of the tag's contacts; under a plan with useKanban a tag becomes a kanban lane with its order
 * (the lane timers stay hidden); the name rule speaks Portuguese; a plain user adds and edits but does not delete.
 * Screenshots light and dark, desktop and phone (tests/e2e/screenshots/tags-*.png), no horizontal overflow at 390 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { apiLogin, BASE_URL, loginViaApi, screenshotPath } from "./helpers/server";
import { uid, createUser } from "./helpers/users";

test.use({ locale: "en-US" });

async function call(request: APIRequestContext, token: string, method: "POST" | "PUT", path: string, data: unknown) {
  const res = await request.fetch(`${BASE_URL}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

const row = (page: Page, name: string) => page.getByTestId("tag-row").filter({ has: page.getByTestId("tag-chip").getByText(name, { exact: true }) });
const colourInput = (modal: Locator) => modal.locator('[data-part="channel-input"]');
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const chipColour = (r: Locator) => r.getByTestId("tag-chip").evaluate((el) => getComputedStyle(el).backgroundColor);

async function setColour(modal: Locator, hex: string) {
  await colourInput(modal).fill(hex);
  await colourInput(modal).press("Enter");
}

test("an admin creates, edits the colour of and deletes a tag; another tab follows live", async ({ page, context, request }) => {
  const name = `Cliente VIP ${uid()}`;
  await loginViaApi(page, await createUser(request, "tags", "admin"));
  await page.goto("/tickets");
  await page.getByTestId("menu-tags").click();
  await expect(page).toHaveURL(`${BASE_URL}/tags`);
  await expect(page.getByTestId("tags-table")).toBeVisible();
  const other = await context.newPage();
  await other.goto("/tags");
  await expect(other.getByTestId("tags-table")).toBeVisible();
  // The new tab came to the front; a tab behind it gets its animation frames throttled, and every click on it then
  // waits about 2 s for Playwright's stability check (the test ran close to its timeout).
  await page.bringToFront();

  await page.getByTestId("tags-add").click();
  const modal = page.getByTestId("tag-modal");
  await page.getByTestId("tag-save").click();
  await expect(modal.getByText("Required")).toBeVisible();
  await modal.locator("input[name=name]").fill(name);
  await setColour(modal, "#dc2626");
  await expect(modal.getByTestId("tag-preview")).toHaveText(name);
  await page.getByTestId("tag-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Tag saved" })).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name)).toBeVisible();
  expect(await chipColour(row(page, name))).toBe("rgb(220, 38, 38)");
  await expect(row(other, name), "the other tab gets the new tag live").toBeVisible();
  // Toasts sit over the page's header and pause while the pointer is on them: a click aimed under one would wait on it.
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // The same name, whatever its case, is refused under the field.
  await page.getByTestId("tags-add").click();
  await modal.locator("input[name=name]").fill(name.toUpperCase());
  await page.getByTestId("tag-save").click();
  await expect(modal.getByText("A tag with this name already exists")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);

  await row(page, name).getByTestId("tag-edit").click();
  await expect(modal.locator("input[name=name]")).toHaveValue(name);
  await setColour(modal, "#16a34a");
  await page.getByTestId("tag-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Tag saved" })).toBeVisible();
  await expect.poll(() => chipColour(row(page, name))).toBe("rgb(22, 163, 74)");
  await expect.poll(() => chipColour(row(other, name)), "the other tab gets the new colour live").toBe("rgb(22, 163, 74)");
  await expect(page.getByTestId("toast")).toHaveCount(0);

  await page.getByTestId("tags-search").fill(name.slice(0, 11).toLowerCase());
  await expect(row(page, name)).toBeVisible();
  await page.getByTestId("tags-search").fill(`${name} nothing like it`);
  await expect(page.getByText("No tag matches this search.")).toBeVisible();
  await page.getByTestId("tags-search").fill("");

  await row(page, name).getByTestId("tag-delete").click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`Delete the tag ${name}?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Tag deleted" })).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await expect(row(other, name), "the other tab drops it live").toHaveCount(0);
});

test("the contact count opens the list of the tag's contacts", async ({ page, request }) => {
  const creds = await createUser(request, "tags", "admin");
  const { token } = await apiLogin(request, creds);
  const tag = uid();
  const name = `Atacado ${tag}`;
  const made = await call(request, token, "POST", "/api/tags", { name, color: "#7c3aed" });
  for (const [i, who] of ["Ana", "Bruno", "Carla"].entries()) {
    const number = `55${Date.now()}${i}`;
    const contact = await call(request, token, "POST", "/api/contacts", { name: `${who} ${tag}`, number, channel: "webchat" });
    if (i < 2) await call(request, token, "POST", "/api/tags/sync", { contactId: contact.id, tags: [{ id: made.id }] });
  }
  await loginViaApi(page, creds);
  await page.goto("/tags");
  await expect(row(page, name).getByTestId("tag-contacts")).toHaveText("2");
  await row(page, name).getByTestId("tag-contacts").click();
  const dialog = page.getByTestId("tag-contacts-dialog");
  await expect(dialog).toContainText(name);
  await expect(dialog.getByTestId("tag-contact-row")).toHaveCount(2);
  await expect(dialog).toContainText(`Ana ${tag}`);
  await expect(dialog).toContainText(`Bruno ${tag}`);
  await expect(dialog).not.toContainText(`Carla ${tag}`);
  await page.waitForTimeout(300); // the dialog's fade-in
  await page.screenshot({ path: screenshotPath("tags-contacts-dialog") });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("under a plan with useKanban a tag becomes a kanban lane with its order and its timer", async ({ page, request }) => {
  const creds = await createUser(request, "tags", "admin");
  const { token, user } = await apiLogin(request, creds);
  const plan = await (await request.get(`${BASE_URL}/api/companies/listPlan/${user.companyId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(plan.plan.useKanban).toBe(true);
  const name = `Em negociação ${uid()}`;
  // The browser's login ends the earlier session: the checks below use the browser's token.
  const browser = await loginViaApi(page, creds);
  await page.goto("/tags");
  await page.getByTestId("tags-add").click();
  const modal = page.getByTestId("tag-modal");
  await expect(modal.locator("input[name=laneOrder]")).toHaveCount(0);
  await modal.locator("input[name=name]").fill(name);
  await modal.getByText("Kanban lane", { exact: true }).click();
  await expect(modal.locator("input[name=laneOrder]")).toBeVisible();
  await expect(modal.locator("input[name=timeLane]")).toHaveValue("0");
  await expect(modal.locator("textarea[name=greetingMessageLane]")).toBeVisible();
  await modal.locator("input[name=timeLane]").fill("90");
  await modal.locator("textarea[name=greetingMessageLane]").fill("Ainda tem interesse?");
  await modal.locator("input[name=laneOrder]").fill("x");
  await page.getByTestId("tag-save").click();
  await expect(modal.getByText("Enter a whole number")).toBeVisible();
  await modal.locator("input[name=laneOrder]").fill("2");
  await page.getByTestId("tag-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Tag saved" })).toBeVisible();
  await expect(row(page, name).getByTestId("tag-lane")).toHaveText("Kanban lane 2");
  // A lane goes on tickets: it has no contacts to list.
  await expect(row(page, name).getByTestId("tag-contacts")).toHaveCount(0);

  await row(page, name).getByTestId("tag-edit").click();
  await expect(modal.locator("input[name=kanban]")).toBeChecked();
  await expect(modal.locator("input[name=laneOrder]")).toHaveValue("2");
  await expect(modal.locator("input[name=timeLane]")).toHaveValue("90");
  await modal.locator("input[name=laneOrder]").fill("1");
  await page.getByTestId("tag-save").click();
  await expect(row(page, name).getByTestId("tag-lane")).toHaveText("Kanban lane 1");
  const lanes = await (await request.get(`${BASE_URL}/api/tags/list?kanban=1`, { headers: { authorization: `Bearer ${browser.token}` } })).json();
  expect(lanes.map((l: { name: string }) => l.name)).toContain(name);
  const saved = await (
    await request.get(`${BASE_URL}/api/tags?searchParam=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${browser.token}` } })
  ).json();
  expect(saved.tags[0]).toMatchObject({ name, timeLane: 90, nextLaneId: null, greetingMessageLane: "Ainda tem interesse?" });
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("a name shorter than 3 characters is refused with the spec's message", async ({ page, request }) => {
    await loginViaApi(page, await createUser(request, "tags", "admin"));
    await page.goto("/tags");
    await expect(page.getByRole("heading", { name: /Tags/ })).toBeVisible();
    await page.getByTestId("tags-add").click();
    const modal = page.getByTestId("tag-modal");
    await modal.locator("input[name=name]").fill("ab");
    await page.getByTestId("tag-save").click();
    await expect(modal.getByText("Mensagem muito curta")).toBeVisible();
    await modal.locator("input[name=name]").fill("abc");
    await expect(modal.getByText("Mensagem muito curta")).toHaveCount(0);
  });
});

test("a plain user adds and edits tags but has no delete", async ({ page, request }) => {
  const creds = await createUser(request, "tags", "user");
  const name = `Do agente ${uid()}`;
  await loginViaApi(page, creds);
  await page.goto("/tickets");
  await page.getByTestId("menu-tags").click();
  await page.getByTestId("tags-add").click();
  await page.getByTestId("tag-modal").locator("input[name=name]").fill(name);
  await page.getByTestId("tag-save").click();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name).getByTestId("tag-edit")).toBeVisible();
  await expect(page.getByTestId("tag-delete")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: tags page and dialog, ${theme} at ${width} px`, async ({ page, request }) => {
      const creds = await createUser(request, "tags", "admin", theme);
      const { token } = await apiLogin(request, creds);
      const tag = uid();
      await call(request, token, "POST", "/api/tags", { name: `Cliente com um nome bem comprido ${tag}`, color: "#f59e0b" });
      await call(request, token, "POST", "/api/tags", { name: `Novo lead ${tag}`, color: "#39ACE7", kanban: 1, laneOrder: 1 });
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await loginViaApi(page, creds);
      await page.goto("/tags");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("tag-row").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`tags-page-${theme}-${width}`) });

      await page.getByTestId("tags-add").click();
      const modal = page.getByTestId("tag-modal");
      await modal.locator("input[name=name]").fill("Pré-venda");
      await modal.getByText("Kanban lane", { exact: true }).click();
      await page.waitForTimeout(300); // the dialog's fade-in
      const frame = (await modal.boundingBox())!;
      for (const button of await modal.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 0.5, "every dialog button inside the dialog").toBe(true);
      }
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`tags-dialog-${theme}-${width}`) });
    });
  }
}
