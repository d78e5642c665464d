/**
 * The queues page: an admin creates, edits and deletes a queue in the queue dialog; another open tab follows live; a
 * colour already in use is refused in the catalogue's words; a plain user has no menu entry and no page. Screenshots
 * light and dark, desktop and phone (tests/e2e/screenshots/queues-*.png), with no horizontal overflow at 390 px.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiLogin, BASE_URL, loginViaApi, screenshotPath } from "./helpers/server";
import { uid, createUser } from "./helpers/users";

test.use({ locale: "en-US" });

const row = (page: Page, name: string) => page.getByTestId("queue-row").filter({ hasText: name });
const colourInput = (modal: Locator) => modal.locator('[data-part="channel-input"]');
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function fillQueue(modal: Locator, values: { name?: string; color?: string; order?: string }) {
  if (values.name !== undefined) await modal.locator("input[name=name]").fill(values.name);
  if (values.order !== undefined) await modal.locator("input[name=orderQueue]").fill(values.order);
  if (values.color !== undefined) {
    await colourInput(modal).fill(values.color);
    await colourInput(modal).press("Enter");
  }
}

test("an admin creates, edits and deletes a queue; another tab follows live; a colour in use is refused", async ({ page, context, request }) => {
  const tag = uid();
  const name = `Sales ${tag}`;
  await loginViaApi(page, await createUser(request, "queues", "admin"));
  await page.goto("/tickets");
  await page.getByTestId("menu-queues").click();
  await expect(page).toHaveURL(`${BASE_URL}/queues`);
  await expect(page.getByTestId("queues-table")).toBeVisible();
  const other = await context.newPage();
  await other.goto("/queues");
  await expect(other.getByTestId("queues-table")).toBeVisible();
  // The tab the admin works in is in front again: a background tab gets an animation frame about once a second, and
  // every click waits for frames to see its button stand still.
  await page.bringToFront();

  await page.getByTestId("queues-add").click();
  const modal = page.getByTestId("queue-modal");
  await expect(modal).toBeVisible();
  // Only the fields that do something: the bot's greeting, out-of-hours text, inform-and-close and round-robin.
  await expect(modal.locator("textarea")).toHaveCount(2);
  await expect(modal.locator("[name=greetingMessage], [name=outOfHoursMessage], [name=closeTicket]")).toHaveCount(3);
  await expect(modal.locator("[name=ativarRoteador]")).toHaveCount(1);
  await page.getByTestId("queue-save").click();
  await expect(modal.getByText("Required")).toBeVisible();
  await fillQueue(modal, { name: "A", order: "x" });
  await page.getByTestId("queue-save").click();
  await expect(modal.getByText("Too Short!")).toBeVisible();
  await expect(modal.getByText("Enter a whole number")).toBeVisible();

  const color = `#${tag
    .slice(-6)
    .replace(/[^0-9a-f]/gi, "a")
    .padStart(6, "1")}`.toLowerCase();
  await fillQueue(modal, { name, order: "3", color });
  await modal.locator("textarea[name=greetingMessage]").fill("Welcome to sales");
  await page.getByTestId("queue-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Queue saved" })).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name)).toContainText("#");
  await expect(row(page, name)).toContainText("3");
  await expect(row(other, name), "the other tab gets the new queue live").toBeVisible();

  // A second queue with the same colour (another case): refused in the catalogue's words, the dialog stays open.
  await page.getByTestId("queues-add").click();
  await fillQueue(modal, { name: `Other ${tag}`, color: color.toUpperCase() });
  await page.getByTestId("queue-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "This colour is already in use; choose another one." })).toBeVisible();
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toHaveCount(0);
  await expect(row(page, `Other ${tag}`)).toHaveCount(0);

  await row(page, name).getByTestId("queue-edit").click();
  await expect(modal.locator("input[name=name]")).toHaveValue(name);
  await expect(modal.locator("input[name=orderQueue]")).toHaveValue("3");
  await expect(modal.locator("textarea[name=greetingMessage]")).toHaveValue("Welcome to sales");
  await fillQueue(modal, { name: `${name} 2`, order: "" });
  await page.getByTestId("queue-save").click();
  // The creation's toast may still be showing beside this one; the renamed row proves this save.
  await expect(page.getByTestId("toast").filter({ hasText: "Queue saved" }).first()).toBeVisible();
  await expect(row(page, `${name} 2`)).toBeVisible();
  await expect(row(other, `${name} 2`), "the other tab gets the edit live").toBeVisible();

  await page.reload();
  await expect(row(page, `${name} 2`)).toBeVisible();
  await row(page, `${name} 2`).getByTestId("queue-edit").click();
  await expect(modal.locator("input[name=orderQueue]")).toHaveValue("");
  await page.keyboard.press("Escape");

  await row(page, `${name} 2`).getByTestId("queue-delete").click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`Delete the queue ${name} 2?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Queue deleted" })).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await expect(row(other, name), "the other tab drops it live").toHaveCount(0);
});

test("a plain user has no queues entry and no queues page", async ({ page, request }) => {
  await loginViaApi(page, await createUser(request, "queues", "user"));
  await page.goto("/tickets");
  await expect(page.getByTestId("menu-tickets")).toBeVisible();
  await expect(page.getByTestId("menu-queues")).toHaveCount(0);
  await page.goto("/queues");
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.getByTestId("queues-table")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: queues page and dialog, ${theme} at ${width} px`, async ({ page, request }) => {
      const creds = await createUser(request, "queues", "admin", theme);
      const { token } = await apiLogin(request, creds);
      const tag = uid();
      const made = await request.post(`${BASE_URL}/api/queue`, {
        data: {
          name: `Support with a rather long queue name ${tag}`,
          color: `#${tag
            .slice(-6)
            .replace(/[^0-9a-f]/gi, "b")
            .padStart(6, "2")}`,
          orderQueue: 1,
        },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(made.status(), await made.text()).toBe(201);
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await loginViaApi(page, creds);
      await page.goto("/queues");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("queue-row").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`queues-page-${theme}-${width}`) });

      await page.getByTestId("queues-add").click();
      const modal = page.getByTestId("queue-modal");
      await expect(modal).toBeVisible();
      await page.waitForTimeout(300); // the dialog's fade-in
      const frame = (await modal.boundingBox())!;
      for (const button of await modal.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 0.5, "every dialog button inside the dialog").toBe(true);
      }
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`queues-dialog-${theme}-${width}`) });
    });
  }
}
