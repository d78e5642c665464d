/**
 * Inbox layout: the tickets panel defaults to 550 px, stays within 404-700 px after a drag and keeps
 * its width after a reload; the contact drawer is 320 px; no horizontal scroll at 360 px; the mobile tabs work at
 * 375 px. Writes the screenshots of the inbox and the conversation in light and dark, at 1280 and 375 px, to
 * tests/e2e/screenshots/.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiLogin, BASE_URL, screenshotPath } from "./helpers/server";
import { adminWithWebchat, agentPage, createQueue, gradientPng, ok, PASSWORD, uid, visitorTicket } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(120_000);

const PNG = gradientPng(240, 160);

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const panelWidth = async (page: Page) => (await page.getByTestId("tickets-panel").boundingBox())!.width;

async function drag(page: Page, dx: number) {
  const box = (await page.getByTestId("resize-handle").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

/** An admin of company 1 (fresh: default panel width), and a few tickets with a conversation to look at. */
async function seed(request: APIRequestContext) {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  // The spec has a company of its own: plain names read better in the screenshots.
  const queue = await createQueue(request, token, "Billing");
  const email = `inbox-layout-${tag}@e2e.local`;
  await ok(request, token, "POST", "/api/users", { name: "Sofia Ramos", email, password: PASSWORD, profile: "admin", queueIds: [queue.id] });
  await visitorTicket(request, token, connection.widgetKey, "Maria Oliveira", "Hi, my parcel has not arrived yet and the tracking page says nothing");
  await visitorTicket(request, token, connection.widgetKey, "João Pereira", "Can I change the delivery address?");
  const talk = await visitorTicket(request, token, connection.widgetKey, "Ana Souza", "Good morning! I was charged twice for order 4521.");
  const creds = { email, password: PASSWORD };
  const { token: adminToken } = await apiLogin(request, creds);
  await ok(request, adminToken, "PUT", `/api/tickets/${talk.id}`, { status: "open", queueId: queue.id });
  const first = await ok(request, adminToken, "POST", `/api/messages/${talk.id}`, { body: "Good morning, Ana! Let me check that for you." });
  await ok(request, adminToken, "POST", `/api/messages/${talk.id}`, { body: "Customer confirmed the card ends in 1234.", isPrivate: true });
  await ok(request, adminToken, "POST", `/api/messages/${talk.id}`, {
    body: "I found both charges: one is refunded today.",
    quotedMsg: { id: first.message.id },
  });
  await request.post(`${BASE_URL}/api/messages/${talk.id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    multipart: { medias: { name: "refund.png", mimeType: "image/png", buffer: PNG }, body: "Here is the refund receipt." },
  });
  return { creds, talk };
}

test("the panel is 550 px by default, stays within 404-700 px when dragged and keeps its width after a reload", async ({ browser, request }) => {
  const { creds } = await seed(request);
  const { ctx, page } = await agentPage(browser, creds);
  await page.goto("/tickets");
  await expect(page.getByTestId("tickets-panel")).toBeVisible();
  expect(await panelWidth(page)).toBe(550);

  await drag(page, 400);
  expect(await panelWidth(page)).toBe(700);
  await drag(page, -500);
  expect(await panelWidth(page)).toBe(404);
  const saved = page.waitForResponse((r) => r.url().includes("/api/users/toggleChangeWidht/") && r.request().method() === "PUT");
  await drag(page, 196);
  expect(await panelWidth(page)).toBe(600);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId("tickets-panel")).toBeVisible();
  expect(await panelWidth(page)).toBe(600);
  await ctx.close();
});

test("the contact drawer is 320 px, nothing scrolls sideways at 360 px and the mobile tabs work at 375 px", async ({ browser, request }) => {
  const { creds, talk } = await seed(request);
  const wide = await agentPage(browser, creds);
  await wide.page.goto(`/tickets/${talk.uuid}`);
  await wide.page.getByTestId("ticket-contact").click();
  const drawer = wide.page.getByTestId("contact-drawer");
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBe(320);
  await wide.ctx.close();

  const narrow = await agentPage(browser, creds, { width: 360, height: 740 });
  const page = narrow.page;
  for (const path of ["/tickets", `/tickets/${talk.uuid}`]) {
    await page.goto(path);
    await expect(page.getByTestId("tickets-page")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
  await page.getByTestId("ticket-contact").click();
  await expect(page.getByTestId("contact-drawer")).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  expect((await page.getByTestId("contact-drawer").boundingBox())!.width).toBeLessThanOrEqual(360);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/tickets");
  // Two tabs under 600 px: the ticket and the list ('Atendimientos'); no ticket yet: the list shows.
  await expect(page.getByTestId("mobile-tab-list")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("tickets-manager")).toBeVisible();
  await page.getByTestId("mobile-tab-ticket").click();
  await expect(page.getByTestId("tickets-welcome")).toBeVisible();
  await expect(page.getByTestId("tickets-manager")).toBeHidden();
  await page.getByTestId("select-ticket").click();
  await expect(page.getByTestId("tickets-manager")).toBeVisible();
  await page.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: "Ana Souza" }).click();
  await expect(page.getByTestId("mobile-tab-ticket")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("conversation")).toBeVisible();
  await expect(page.getByTestId("tickets-manager")).toBeHidden();
  await page.getByTestId("mobile-tab-list").click();
  await expect(page.getByTestId("tickets-manager")).toBeVisible();
  await page.getByTestId("mobile-tab-ticket").click();
  await expect(page.getByTestId("conversation")).toBeVisible();
  await narrow.ctx.close();
});

test("screenshots of the inbox and the conversation, light and dark, 1280 and 375 px", async ({ browser, request }) => {
  const { creds, talk } = await seed(request);
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      const { ctx, page, errors } = await agentPage(browser, creds, { width, height: width > 600 ? 800 : 740, theme });
      await page.goto("/tickets");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      // Unassigned tickets without a queue: an admin sees them with show-all.
      await page.getByTestId("show-all").getByText("Show all").click();
      await page.getByTestId("tab-pending").click();
      await expect(page.getByTestId("list-pending").getByTestId("ticket-item").first()).toBeVisible();
      await page.screenshot({ path: screenshotPath(`inbox-${theme}-${width}`) });

      await page.goto(`/tickets/${talk.uuid}`);
      await expect(page.getByTestId("message-image")).toBeVisible();
      await expect(page.getByTestId("message-image")).toHaveJSProperty("complete", true);
      await page.screenshot({ path: screenshotPath(`conversation-${theme}-${width}`) });
      if (width > 600) {
        await page.getByTestId("ticket-contact").click();
        await expect(page.getByTestId("contact-drawer").getByTestId("contact-block")).toBeVisible();
        await expect(page.getByTestId("contact-drawer").getByTestId("notes-list")).toContainText(/\S/);
        await page.screenshot({ path: screenshotPath(`conversation-drawer-${theme}-${width}`) });
      }
      expect(errors).toEqual([]);
      await ctx.close();
    }
  }
});
