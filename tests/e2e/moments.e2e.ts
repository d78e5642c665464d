/**
 * The pending panel (/moments): a card per user holding tickets and the pending column; a ticket an agent accepts
 * (through the API) leaves the pending column and lands on the agent's card live, on a light and a dark panel; long
 * names and messages are cut; an admin opens a ticket from it. A plain user without allowRealTime has no menu entry and
 * gets the no-access screen; a server failure shows the users-load message. Screenshots light, dark and 390 px
 * (tests/e2e/screenshots/moments-*.png).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, ok, uid, visitorTicket } from "./helpers/inbox";
import { BASE_URL, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });

const pending = (page: Page) => page.getByTestId("moments-pending");
const userCard = (page: Page, userId: number) => page.locator(`[data-testid=moments-user-card][data-user-id="${userId}"]`);
const ticket = (scope: Locator, id: number) => scope.locator(`[data-testid=moment-ticket][data-ticket-id="${id}"]`);
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A company of the spec's own: its owner holds one ticket, two wait in pending, and an agent with allowRealTime. */
async function setUp(request: Parameters<typeof adminWithWebchat>[0]) {
  const tag = uid();
  const company = await adminWithWebchat(request, `mo${tag}`);
  const agent = await createAgent(request, company.token, tag, "Bia", { allowRealTime: "enabled", allTicket: "enable" });
  const plain = await createAgent(request, company.token, tag, "Caio", {});
  const widget = company.connection.widgetKey;
  const held = await visitorTicket(request, company.token, widget, `Maria ${tag}`, `Bom dia ${tag}`);
  // (A second login would end the owner's session: one session per user.)
  const ownerId: number = (await ok(request, company.token, "GET", "/api/auth/me")).id;
  await ok(request, company.token, "PUT", `/api/tickets/${held.id}`, { status: "open", userId: ownerId });
  const waiting = await visitorTicket(request, company.token, widget, `Joana ${tag}`, `Preciso de ajuda ${tag}`);
  const longName = `Maria Aparecida da Silva Santos ${tag}`;
  const longText = `Gostaria de saber o preço do plano anual ${tag}`;
  const long = await visitorTicket(request, company.token, widget, longName, longText);
  return { ...company, tag, ownerId, agent, plain, held, waiting, long, longName, longText };
}

test("the panel shows the users' cards and the pending column; an accepted ticket moves to the agent's card live", async ({ browser, request }) => {
  const s = await setUp(request);
  const light = await agentPage(browser, s.owner);
  const dark = await agentPage(browser, s.agent, { theme: "dark" });
  await light.page.goto("/tickets");
  // The menu entry leads to the panel.
  await light.page.getByRole("link", { name: "Real-time panel" }).first().click();
  await expect(light.page).toHaveURL(`${BASE_URL}/moments`);
  await dark.page.goto("/moments");
  await expect(dark.page.locator("html")).toHaveAttribute("data-theme", "dark");

  const a = light.page;
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("Pending panel");
  await expect(ticket(userCard(a, s.ownerId), s.held.id)).toBeVisible();
  await expect(userCard(a, s.ownerId).getByRole("heading")).toHaveText(`Owner mo${s.tag}`);
  for (const id of [s.waiting.id, s.long.id]) await expect(ticket(pending(a), id)).toBeVisible();
  // Names over 30 characters are cut to 25 plus an ellipsis, messages at 27; today's time is HH:mm.
  const long = ticket(pending(a), s.long.id);
  await expect(long.getByTestId("moment-contact")).toHaveText(`${s.longName.slice(0, 25)}…`);
  await expect(long.getByTestId("moment-message")).toHaveText(`${s.longText.slice(0, 27)}…`);
  await expect(long.getByTestId("moment-time")).toHaveText(/^\d{2}:\d{2}$/);
  await expect(userCard(a, s.agent.id)).toHaveCount(0);
  await a.screenshot({ path: screenshotPath("moments-light-1280") });

  await expect(ticket(pending(dark.page), s.waiting.id)).toBeVisible();
  // Bia accepts the waiting ticket (with her panel's session): both panels move it from pending to her card live.
  await ok(request, dark.token, "PUT", `/api/tickets/${s.waiting.id}`, { status: "open", userId: s.agent.id });
  for (const page of [a, dark.page]) {
    await expect(ticket(userCard(page, s.agent.id), s.waiting.id)).toBeVisible({ timeout: 15_000 });
    await expect(ticket(pending(page), s.waiting.id)).toHaveCount(0);
  }
  // Bia opens her own ticket from the panel, not the ones she does not hold.
  await expect(ticket(userCard(dark.page, s.agent.id), s.waiting.id)).toHaveAttribute("data-openable", "true");
  await expect(ticket(pending(dark.page), s.long.id)).toHaveAttribute("data-openable", "false");
  await dark.page.screenshot({ path: screenshotPath("moments-dark-1280") });

  await a.setViewportSize({ width: 390, height: 800 });
  await expect(ticket(userCard(a, s.agent.id), s.waiting.id)).toBeVisible();
  expect(await noHorizontalOverflow(a)).toBe(true);
  await a.screenshot({ path: screenshotPath("moments-light-390"), fullPage: true });

  // An admin opens any ticket from the panel.
  await ticket(userCard(a, s.agent.id), s.waiting.id).click();
  await expect(a).toHaveURL(`${BASE_URL}/tickets/${s.waiting.uuid}`);
  expect([...light.errors, ...dark.errors]).toEqual([]);
  await light.ctx.close();
  await dark.ctx.close();
});

test("a plain user without allowRealTime has no menu entry and gets the no-access screen", async ({ browser, request }) => {
  const s = await setUp(request);
  const plain = await agentPage(browser, s.plain);
  await plain.page.goto("/tickets");
  await expect(plain.page.getByRole("link", { name: "Tickets" }).first()).toBeVisible();
  await expect(plain.page.getByRole("link", { name: "Real-time panel" })).toHaveCount(0);
  await plain.page.goto("/moments");
  await expect(plain.page.getByTestId("no-access")).toBeVisible();
  await expect(plain.page.getByTestId("moments-page")).toHaveCount(0);
  expect(plain.errors).toEqual([]);
  await plain.ctx.close();
});

test("a 500 answer shows the users-load message", async ({ browser, request }) => {
  const s = await setUp(request);
  const admin = await agentPage(browser, s.owner);
  await admin.page.route("**/api/usersMoments", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "ERR_INTERNAL", message: "An internal error occurred" }) }),
  );
  await admin.page.goto("/moments");
  await expect(admin.page.getByTestId("moments-error")).toHaveText("Could not load the users list.", { timeout: 15_000 });
  await admin.ctx.close();
});
