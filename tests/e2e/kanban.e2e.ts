/**
 * The kanban board (/Kanban): a ticket card dragged from one lane to another moves at once for a second agent (live) and
 * stays there after a reload; the "move to" menu moves it from the keyboard; the date filter hides tickets inactive on
 * the chosen days; a move the server refuses (the ticket was taken by someone else meanwhile) puts the card back with
 * the server's message; "+" adds a lane through the tag dialog. /TagsKanban opens the board. Screenshots light, dark
 * and 390 px (tests/e2e/screenshots/kanban-*.png); at 390 px the lanes scroll sideways inside the page.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, ok, uid, visitorTicket } from "./helpers/inbox";
import { BASE_URL, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });

const lane = (page: Page, id: number | "open") => page.locator(`[data-testid=kanban-lane][data-lane-id="${id}"]`);
const card = (scope: Page | Locator, ticketId: number) => scope.locator(`[data-testid=kanban-card][data-ticket-id="${ticketId}"]`);
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A company of the spec's own with two lanes, a second admin and a web-chat ticket in the first lane. */
async function setUp(request: Parameters<typeof adminWithWebchat>[0]) {
  const tag = uid();
  const company = await adminWithWebchat(request, `kb${tag}`);
  const novo = await ok(request, company.token, "POST", "/api/tags", { name: `Novo ${tag}`, color: "#2563eb", kanban: 1, laneOrder: 1 });
  const proposta = await ok(request, company.token, "POST", "/api/tags", { name: `Proposta ${tag}`, color: "#16a34a", kanban: 1, laneOrder: 2 });
  const second = await createAgent(request, company.token, tag, "Bia", { profile: "admin" });
  const ticket = await visitorTicket(request, company.token, company.connection.widgetKey, `Maria ${tag}`, `Quero um orçamento ${tag}`);
  await ok(request, company.token, "PUT", `/api/tickets/${ticket.id}/lane`, { laneId: novo.id });
  return { ...company, tag, novo, proposta, second, ticket };
}

test("a card dragged to another lane moves for a second agent live and stays there after a reload; the menu moves it by keyboard", async ({
  browser,
  request,
}) => {
  const s = await setUp(request);
  const a = await agentPage(browser, s.owner);
  const b = await agentPage(browser, s.second, { theme: "dark" });
  for (const { page } of [a, b]) {
    await page.goto("/Kanban");
    await expect(card(lane(page, s.novo.id), s.ticket.id)).toBeVisible();
  }
  const shown = card(a.page, s.ticket.id);
  await expect(shown.getByTestId("kanban-card-name")).toHaveText(s.ticket.contact.name);
  await expect(shown.getByTestId("kanban-card-message")).toContainText("Quero um orçamento");
  await expect(shown.getByTestId("kanban-card-age")).toBeVisible();
  await expect(lane(a.page, "open").getByRole("heading")).toHaveText("Open");
  await a.page.screenshot({ path: screenshotPath("kanban-light-1280") });

  await shown.dragTo(lane(a.page, s.proposta.id));
  await expect(card(lane(a.page, s.proposta.id), s.ticket.id)).toBeVisible();
  await expect(card(lane(a.page, s.novo.id), s.ticket.id)).toHaveCount(0);
  // The second agent's board follows without a reload.
  await expect(card(lane(b.page, s.proposta.id), s.ticket.id)).toBeVisible();
  await expect(card(lane(b.page, s.novo.id), s.ticket.id)).toHaveCount(0);
  await b.page.screenshot({ path: screenshotPath("kanban-dark-1280") });

  await b.page.reload();
  await expect(card(lane(b.page, s.proposta.id), s.ticket.id)).toBeVisible();
  const lanes = await ok(request, b.token, "GET", `/api/kanban/lanes/${s.proposta.id}/tickets`);
  expect(lanes.tickets.map((x: { id: number }) => x.id)).toEqual([s.ticket.id]);

  // The keyboard way: the card's "move to" menu, on the second agent's board; the first follows.
  await card(b.page, s.ticket.id).getByTestId("kanban-card-move").focus();
  await b.page.keyboard.press("Enter");
  const menu = b.page.getByTestId("kanban-move-menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Open", s.novo.name]);
  await menu.getByRole("menuitem", { name: "Open" }).press("Enter");
  await expect(card(lane(b.page, "open"), s.ticket.id)).toBeVisible();
  await expect(card(lane(a.page, "open"), s.ticket.id)).toBeVisible();

  // A click opens the conversation.
  await card(a.page, s.ticket.id).getByTestId("kanban-card-message").click();
  await expect(a.page).toHaveURL(`${BASE_URL}/tickets/${s.ticket.uuid}`);
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.ctx.close();
  await b.ctx.close();
});

test("a move the server refuses puts the card back with the server's message", async ({ browser, request }) => {
  const s = await setUp(request);
  // A plain agent who sees unassigned tickets without a queue.
  const agent = await createAgent(request, s.token, s.tag, "Caio", { allTicket: "enable" });
  const a = await agentPage(browser, agent);
  // The agent's socket stops hearing the server, so the board still shows a ticket the agent may no longer move.
  let deaf = false;
  await a.page.routeWebSocket(/\/api\/socket/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      if (!deaf) ws.send(m);
    });
  });
  await a.page.goto("/Kanban");
  const inNovo = card(lane(a.page, s.novo.id), s.ticket.id);
  await expect(inNovo).toBeVisible();
  deaf = true;
  const admin = await agentPage(browser, s.owner);
  await ok(request, admin.token, "PUT", `/api/tickets/${s.ticket.id}`, { status: "open", userId: admin.user.id });

  await inNovo.dragTo(lane(a.page, s.proposta.id));
  await expect(a.page.getByText("You do not have permission to access this resource.")).toBeVisible();
  await expect(inNovo).toBeVisible();
  await expect(card(lane(a.page, s.proposta.id), s.ticket.id)).toHaveCount(0);
  const stays = await ok(request, admin.token, "GET", `/api/kanban/lanes/${s.novo.id}/tickets`);
  expect(stays.tickets.map((x: { id: number }) => x.id)).toEqual([s.ticket.id]);
  expect(a.errors).toEqual([]);
  await a.ctx.close();
  await admin.ctx.close();
});

test("the date filter, '+' adding a lane, /TagsKanban, and the board at 390 px", async ({ browser, request }) => {
  const s = await setUp(request);
  const a = await agentPage(browser, s.owner, { width: 390, height: 800 });
  await a.page.goto("/TagsKanban");
  await expect(a.page).toHaveURL(`${BASE_URL}/Kanban`);
  await expect(card(lane(a.page, s.novo.id), s.ticket.id)).toBeVisible();
  expect(await noHorizontalOverflow(a.page)).toBe(true);
  // The lanes scroll sideways inside the board.
  const board = a.page.getByTestId("kanban-board");
  expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await a.page.screenshot({ path: screenshotPath("kanban-light-390") });

  // Only tickets active on the chosen days: none yesterday (the company's days, as the board shows today).
  const today = await a.page.getByTestId("kanban-date-to").inputValue();
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await a.page.getByTestId("kanban-date-from").fill(yesterday);
  await a.page.getByTestId("kanban-date-to").fill(yesterday);
  await expect(card(a.page, s.ticket.id)).toHaveCount(0);
  await a.page.getByTestId("kanban-date-to").fill(today);
  await expect(card(lane(a.page, s.novo.id), s.ticket.id)).toBeVisible();

  const name = `Fechado ${s.tag}`;
  await a.page.getByTestId("kanban-add").click();
  const modal = a.page.getByTestId("tag-modal");
  await expect(modal.locator("input[name=kanban]")).toBeChecked();
  await modal.locator("input[name=name]").fill(name);
  await a.page.getByTestId("tag-save").click();
  await expect(modal).toHaveCount(0);
  await expect(a.page.getByTestId("kanban-lane").getByRole("heading", { name })).toBeVisible();
  expect(await noHorizontalOverflow(a.page)).toBe(true);
  expect(a.errors).toEqual([]);
  await a.ctx.close();
});
