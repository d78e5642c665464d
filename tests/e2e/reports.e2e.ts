/**
 * The tickets report at /reports: a manager (a plain user with showDashboard and allUserChat) of a company of its own (41 visitors'
 * tickets, one finished) sees the period's tickets 40 at a time and the rest on scrolling, filters them by status,
 * and downloads csv and xlsx files holding exactly the rows shown (a download on its way shows its bytes and can be
 * cancelled); texts in pt, en and es, light and dark, desktop and phone (tests/e2e/screenshots/reports-*.png). A
 * plain user without dashboard:view gets the 403 screen.
 */
import { readFileSync } from "node:fs";
import { type Download, expect, type Page, test } from "@playwright/test";
import { readSheet } from "../../src/modules/contacts-import/read-file";
import { adminWithWebchat, agentPage, createAgent, ok, uid } from "./helpers/inbox";
import { BASE_URL, screenshotPath } from "./helpers/server";

const VISITORS = 41;
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days around today wide enough for any time zone of the company and the browser. */
const FROM = day(Date.now() - 2 * DAY_MS);
const TO = day(Date.now() + DAY_MS);

/** Sets the period and applies the filter. */
async function period(page: Page) {
  await page.getByTestId("report-from").fill(FROM);
  await page.getByTestId("report-to").fill(TO);
  await page.getByTestId("report-apply").click();
}

const TEXTS = {
  pt: { title: "Relatórios", contact: "Contato", finished: "Finalizado" },
  en: { title: "Reports", contact: "Contact", finished: "Finished" },
  es: { title: "Informes", contact: "Contacto", finished: "Finalizado" },
} as const;

const rowIds = (page: Page) => page.getByTestId("report-row").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-ticket-id"))));

/** The downloaded file read back with the contacts import's reader: its lines after the header. */
async function fileRows(download: Download, format: "csv" | "xlsx") {
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tickets-\\d{4}-\\d\\d-\\d\\d\\.${format}$`));
  const rows = readSheet(new Uint8Array(readFileSync((await download.path())!)), `report.${format}`);
  expect(rows?.[0]?.slice(0, 3)).toEqual(["id", "createdAt", "contact"]);
  return rows!.slice(1);
}

async function download(page: Page, format: "csv" | "xlsx") {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`report-export-${format}`).click()]);
  // The buttons come back once the file has arrived.
  await expect(page.getByTestId(`report-export-${format}`)).toBeVisible();
  return fileRows(file, format);
}

test("a manager reads the period's report, scrolls for the next page, filters by status and downloads csv and xlsx holding the rows shown", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  for (let i = 0; i < VISITORS; i++) {
    const session = await request.post(`${BASE_URL}/api/webchat/${connection.widgetKey}/sessions`, { data: { name: `Visitante ${i} ${tag}` } });
    expect(session.status(), await session.text()).toBeLessThan(300);
    const { visitorToken } = await session.json();
    const sent = await request.post(`${BASE_URL}/api/webchat/${connection.widgetKey}/messages`, {
      data: { body: `Olá ${i}`, clientId: uid() },
      headers: { authorization: `Bearer ${visitorToken}` },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  const range = `dateFrom=${FROM}&dateTo=${TO}`;
  await expect.poll(async () => (await ok(request, token, "GET", `/api/ticketreport/reports?${range}`)).count).toBe(VISITORS);
  // One ticket accepted and finished by its admin.
  const [first] = (await ok(request, token, "GET", `/api/ticketreport/reports?${range}`)).tickets;
  const me = await ok(request, token, "GET", "/api/auth/me");
  await ok(request, token, "PUT", `/api/tickets/${first.id}`, { status: "open", userId: me.id });
  await ok(request, token, "PUT", `/api/tickets/${first.id}`, { status: "closed", sendFarewellMessage: false });
  // A supervisor: the dashboard's right, and every ticket shown (allUserChat), so the report is the whole desk's.
  const manager = await createAgent(request, token, tag, "Manager", { showDashboard: "enabled", allUserChat: "enabled" });

  const m = await agentPage(browser, manager, { width: 1280, height: 800 });
  await m.ctx.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
  await m.page.goto("/reports");
  await period(m.page);
  await expect(m.page.getByTestId("report-count")).toHaveText(`(${VISITORS})`);
  await expect(m.page.getByTestId("report-row")).toHaveCount(40);
  await m.page.getByTestId("report-scroller").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(m.page.getByTestId("report-row")).toHaveCount(VISITORS);
  const shown = await rowIds(m.page);
  expect(new Set(shown).size).toBe(VISITORS);

  for (const format of ["csv", "xlsx"] as const) {
    const rows = await download(m.page, format);
    expect(rows.map((r) => Number(r[0]))).toEqual(shown);
    expect(rows.every((r) => r[2]!.startsWith("Visitante ") && r[2]!.endsWith(tag))).toBe(true);
  }

  // While a file is on its way the page shows the bytes so far and a cancel button; cancelling brings the buttons back.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await m.page.route("**/api/ticketreport/export*", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await m.page.getByTestId("report-export-xlsx").click();
  await expect(m.page.getByTestId("report-export-progress")).toContainText("Downloading");
  await m.page.screenshot({ path: screenshotPath("reports-downloading-en-light-1280") });
  await m.page.getByTestId("report-export-cancel").click();
  await expect(m.page.getByTestId("report-export-xlsx")).toBeVisible();
  await expect(m.page.getByTestId("report-export-progress")).toHaveCount(0);
  release();
  await m.page.unrouteAll({ behavior: "ignoreErrors" });

  await m.page.getByTestId("report-status").getByRole("combobox").click();
  await m.page.getByRole("option", { name: TEXTS.en.finished }).click();
  await m.page.getByTestId("report-apply").click();
  await expect(m.page.getByTestId("report-count")).toHaveText("(1)");
  await expect(m.page.getByTestId("report-row")).toHaveCount(1);
  const row = m.page.getByTestId("report-row");
  await expect(row).toHaveAttribute("data-ticket-id", String(first.id));
  await expect(row.getByTestId("report-status-badge")).toHaveText(TEXTS.en.finished);
  const contact = await row.getByTestId("report-contact").textContent();
  for (const format of ["csv", "xlsx"] as const) {
    const rows = await download(m.page, format);
    expect(rows.map((r) => [Number(r[0]), r[2], r[8]])).toEqual([[first.id, contact, "closed"]]);
  }

  // Without a period the filter is refused with the spec's message.
  await m.page.getByTestId("report-from").fill("");
  await m.page.getByTestId("report-apply").click();
  await expect(m.page.getByText("Parametrize o filtro")).toBeVisible();
  expect(m.errors).toEqual([]);
  await m.ctx.close();

  for (const [lng, theme, width] of [
    ["pt", "light", 1280],
    ["en", "dark", 1280],
    ["es", "light", 390],
  ] as const) {
    const p = await agentPage(browser, manager, { theme, width, height: width < 600 ? 844 : 900 });
    await p.ctx.addInitScript((l) => localStorage.setItem("i18nextLng", l), lng);
    await p.page.goto("/reports");
    await expect(p.page.locator("html")).toHaveAttribute("data-theme", theme);
    await period(p.page);
    await expect(p.page.getByRole("heading", { level: 1 })).toContainText(TEXTS[lng].title);
    await expect(p.page.getByTestId("report-row")).toHaveCount(40);
    await expect(p.page.getByRole("columnheader", { name: TEXTS[lng].contact })).toBeVisible();
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await p.page.screenshot({ path: screenshotPath(`reports-${lng}-${theme}-${width}`) });
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }
});

test("a plain user without dashboard:view gets the 403 screen at /reports and no menu entry", async ({ browser, request }) => {
  const tag = uid();
  const { token } = await adminWithWebchat(request, tag);
  const plain = await createAgent(request, token, tag, "Plain", {});
  const m = await agentPage(browser, plain);
  await m.page.goto("/reports");
  await expect(m.page.getByTestId("no-access")).toContainText("Oops! Acesso Negado!");
  await expect(m.page.getByTestId("report-table")).toHaveCount(0);
  await expect(m.page.locator("a[data-testid^=menu-][href='/reports']")).toHaveCount(0);
  await m.ctx.close();
});
