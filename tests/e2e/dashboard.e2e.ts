/**
 * The dashboard at /: a manager of a company of its own (a visitor's conversation accepted and finished today) filters
 * the dashboard and sees the cards, the NPS and attendants tabs and both charts in pt, en and es, light and dark, on
 * a desktop and a phone; clearing a date answers 'Parametrize o filtro'; the open dashboard follows a ticket created,
 * accepted and closed through the API without a reload; a plain user without dashboard:view gets the 403 screen.
 * Screenshots: tests/e2e/screenshots/dashboard-*.png.
 */
import { expect, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, ok, openVisitor, uid, visitorTicket } from "./helpers/inbox";
import { screenshotPath } from "./helpers/server";

const TEXTS = {
  pt: { tab: "Indicadores", finished: "Finalizados", byDay: "Tickets por dia", attendants: "Atendentes" },
  en: { tab: "Indicators", finished: "Finished", byDay: "Tickets per day", attendants: "Attendants" },
  es: { tab: "Indicadores", finished: "Finalizados", byDay: "Tickets por día", attendants: "Atendentes" },
} as const;

const value = (page: Page, card: string) => page.getByTestId(`card-${card}-value`);

test("a manager filters the dashboard: cards, tabs and both charts in three languages, light and dark, desktop and phone", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const visitor = await openVisitor(browser, connection.widgetKey, `Visitante ${tag}`);
  await visitor.write("Olá, preciso de ajuda");
  // The widget shows the visitor's message as it sends it: the ticket is listed once the server has stored it.
  let pending: { id: number }[] = [];
  await expect
    .poll(async () => {
      pending = (await ok(request, token, "GET", "/api/tickets?status=pending&showAll=true")).tickets;
      return pending.length;
    })
    .toBe(1);
  const ticketId = pending[0]!.id;
  const me = await ok(request, token, "GET", "/api/auth/me");
  await ok(request, token, "PUT", `/api/tickets/${ticketId}`, { status: "open", userId: me.id });
  await ok(request, token, "PUT", `/api/tickets/${ticketId}`, { status: "closed", sendFarewellMessage: false });
  await visitor.ctx.close();

  for (const [lng, theme, width] of [
    ["pt", "light", 1280],
    ["en", "dark", 1280],
    ["es", "light", 390],
  ] as const) {
    const m = await agentPage(browser, owner, { theme, width, height: width < 600 ? 844 : 900 });
    await m.ctx.addInitScript((l) => localStorage.setItem("i18nextLng", l), lng);
    await m.page.goto("/");
    const texts = TEXTS[lng];
    await expect(m.page.getByTestId("dashboard")).toBeVisible();
    await expect(m.page.getByTestId("dashboard-tab-indicators")).toHaveText(texts.tab);
    await expect(m.page.getByTestId("card-finished")).toContainText(texts.finished);
    // This month so far is the default filter; applying it again asks the server once more.
    await m.page.getByTestId("dashboard-apply").click();
    await expect(value(m.page, "finished")).toHaveText("1");
    await expect(value(m.page, "leads")).toHaveText("1");
    await expect(value(m.page, "received")).toHaveText("1");
    await expect(value(m.page, "happening")).toHaveText("0");
    await expect(m.page.getByText(texts.byDay)).toBeVisible();
    await expect(m.page.getByTestId("chart-by-day").locator("canvas")).toBeVisible();
    await expect(m.page.getByTestId("chart-by-user").locator("canvas")).toBeVisible();
    expect(await m.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await m.page.screenshot({ path: screenshotPath(`dashboard-${lng}-${theme}-${width}`), fullPage: true });

    await m.page.getByTestId("dashboard-tab-nps").click();
    await expect(m.page.getByTestId("nps-score-value")).toHaveText("—");
    await m.page.getByTestId("dashboard-tab-attendants").click();
    await expect(m.page.getByTestId("dashboard-tab-attendants")).toHaveText(texts.attendants);
    const row = m.page.getByTestId("attendant-row").filter({ hasText: `Owner ${tag}` });
    await expect(row).toBeVisible();
    await expect(row.locator("td").nth(3)).toHaveText("1");
    expect(m.errors).toEqual([]);
    await m.ctx.close();
  }

  // No dates: the filter is refused with the spec's message and nothing is asked.
  const m = await agentPage(browser, owner);
  await m.page.goto("/");
  await expect(m.page.getByTestId("dashboard")).toBeVisible();
  await m.page.getByTestId("dashboard-from").fill("");
  await m.page.getByTestId("dashboard-apply").click();
  await expect(m.page.getByText("Parametrize o filtro")).toBeVisible();
  await m.ctx.close();
});

test("the open dashboard follows the desk: a ticket created, accepted and closed through the API moves its counters without a reload", async ({
  browser,
  request,
}) => {
  const tag = uid();
  const { owner, connection } = await adminWithWebchat(request, tag);
  // The page's login ends the first session (one per user): the API calls below use the page's token.
  const m = await agentPage(browser, owner);
  await m.page.goto("/");
  await expect(value(m.page, "status")).toHaveText("0");
  await expect(value(m.page, "pending")).toHaveText("0");
  // A reload would drop this mark.
  await m.page.evaluate(() => Object.assign(window, { dashboardMark: true }));

  const ticket = await visitorTicket(request, m.token, connection.widgetKey, `Visitante ${tag}`, `Olá ${tag}`);
  await expect(value(m.page, "status")).toHaveText("1");
  await expect(value(m.page, "pending")).toHaveText("1");
  await expect(value(m.page, "leads")).toHaveText("1");

  await ok(request, m.token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: m.user.id });
  await expect(value(m.page, "happening")).toHaveText("1");
  await expect(value(m.page, "pending")).toHaveText("0");

  await ok(request, m.token, "PUT", `/api/tickets/${ticket.id}`, { status: "closed", sendFarewellMessage: false });
  await expect(value(m.page, "finished")).toHaveText("1");
  await expect(value(m.page, "happening")).toHaveText("0");
  expect(await m.page.evaluate(() => "dashboardMark" in window)).toBe(true);
  expect(m.errors).toEqual([]);
  await m.ctx.close();
});

test("a plain user without dashboard:view gets the 403 screen at /; with showDashboard the dashboard", async ({ browser, request }) => {
  const tag = uid();
  const { token } = await adminWithWebchat(request, tag);
  const plain = await createAgent(request, token, tag, "Plain", {});
  const m = await agentPage(browser, plain);
  await m.page.goto("/");
  await expect(m.page.getByTestId("no-access")).toContainText("Oops! Acesso Negado!");
  await expect(m.page.getByTestId("no-access-back")).toHaveAttribute("href", "/tickets");
  await expect(m.page.getByTestId("dashboard")).toHaveCount(0);
  await m.ctx.close();

  const manager = await createAgent(request, token, tag, "Manager", { showDashboard: "enabled" });
  const mm = await agentPage(browser, manager);
  await mm.page.goto("/");
  await expect(mm.page.getByTestId("dashboard")).toBeVisible();
  await expect(mm.page.getByTestId("card-finished-value")).toHaveText("0");
  await mm.ctx.close();
});
