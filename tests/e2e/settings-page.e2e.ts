/**
 * The settings page: an admin's change is saved, survives a reload and has its effect; a switch whose feature sends a
 * custom text is refused while the text is empty and says why; a plain user gets the no-access view and no menu entry;
 * the page fits 390 px and has its dark theme.
 */
import { expect, type Page, test } from "@playwright/test";
import { adminWithWebchat, api, createAgent, uid, visitorTicket } from "./helpers/inbox";
import { apiLogin, loginViaApi, screenshotPath } from "./helpers/server";

test.use({ locale: "pt-BR" });

const setting = (page: Page, key: string) => page.locator(`[data-setting="${key}"]`);
/** The switch of a setting (Ark's switch root is a label around a hidden checkbox). */
const switchOf = (page: Page, key: string) => page.locator(`label:has(input[name="${key}"])`);
const checkbox = (page: Page, key: string) => page.locator(`input[name="${key}"]`);

test("an admin turns on requiredTag: saved, kept after a reload, and a ticket without a tag can no longer be closed", async ({ page, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const ticket = await visitorTicket(request, token, connection.widgetKey, `Visitante ${tag}`, `Olá ${tag}`);
  await loginViaApi(page, owner);
  await page.goto("/tickets");
  await page.getByTestId("menu-settings").click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();

  await expect(checkbox(page, "requiredTag")).not.toBeChecked();
  await switchOf(page, "requiredTag").click();
  await expect(page.getByText("Configuração salva").first()).toBeVisible();
  await page.reload();
  await expect(checkbox(page, "requiredTag")).toBeChecked();

  // The browser's login replaced the API session of the same user: log in again for the API call.
  const again = await apiLogin(request, owner);
  const close = await api(request, again.token, "PUT", `/api/tickets/${ticket.id}`, { status: "closed" });
  expect(close.status).toBe(400);
  expect(close.body.error).toBe("ERR_TAG_REQUIRED");
});

test("a switch whose message is required refuses to turn on while the message is empty, and says why in pt", async ({ page, request }) => {
  const tag = uid();
  const { owner } = await adminWithWebchat(request, tag);
  await loginViaApi(page, owner);
  await page.goto("/settings");

  await switchOf(page, "sendMsgTransfTicket").click();
  const why = setting(page, "transferMessage").getByText('Escreva a "Mensagem de transferência" antes: ela é obrigatória enquanto esta opção estiver ativa.');
  await expect(why).toBeVisible();
  await page.reload();
  await expect(checkbox(page, "sendMsgTransfTicket")).not.toBeChecked();

  const text = `Você foi transferido para {{queue}} ${tag}`;
  await page.locator('textarea[name="transferMessage"]').fill(text);
  await page.locator('textarea[name="transferMessage"]').blur();
  await expect(page.getByText("Configuração salva").first()).toBeVisible();
  await switchOf(page, "sendMsgTransfTicket").click();
  await expect(checkbox(page, "sendMsgTransfTicket")).toBeChecked();
  await expect(why).toHaveCount(0);
  await page.reload();
  await expect(checkbox(page, "sendMsgTransfTicket")).toBeChecked();
  await expect(page.locator('textarea[name="transferMessage"]')).toHaveValue(text);
});

test("the chatbot group: opening hours by company brings the company's week right below; the chatbot type is text, read-only", async ({ page, request }) => {
  const tag = uid();
  const { owner } = await adminWithWebchat(request, tag);
  await loginViaApi(page, owner);
  await page.goto("/settings");
  const group = page.getByTestId("settings-group-automation");
  await expect(group.getByRole("heading", { name: "Chatbot e horário de atendimento" })).toBeVisible();
  const type = setting(page, "chatBotType").getByRole("combobox");
  await expect(type).toContainText("Texto");
  await expect(type).toBeDisabled();
  const week = page.getByTestId("settings-group-schedules");
  await expect(week).toHaveCount(0);

  await setting(page, "scheduleType").getByRole("combobox").click();
  await page.getByRole("option", { name: "Por empresa" }).click();
  await expect(page.getByText("Configuração salva").first()).toBeVisible();
  await expect(week).toBeVisible();
  // The week follows the group that asks for it.
  const below = await group.evaluate((el) => el.nextElementSibling?.getAttribute("data-testid"));
  expect(below).toBe("settings-group-schedules");
  await page.reload();
  await expect(setting(page, "scheduleType").getByRole("combobox")).toContainText("Por empresa");
  await expect(week).toBeVisible();
});

test("a plain user has no settings entry and gets the no-access view", async ({ page, request }) => {
  const tag = uid();
  const { token } = await adminWithWebchat(request, tag);
  const agent = await createAgent(request, token, tag, "Plain", {});
  await loginViaApi(page, agent);
  await page.goto("/tickets");
  await expect(page.getByTestId("menu-tickets")).toBeVisible();
  await expect(page.getByTestId("menu-settings")).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.locator("[data-setting]")).toHaveCount(0);
});

test("at 390 px, light and dark: no horizontal overflow, and the dark canvas differs from the light", async ({ page, request }) => {
  const tag = uid();
  const { owner } = await adminWithWebchat(request, tag);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, owner);
  await page.goto("/settings");
  const canvas: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    if ((await page.locator("html").getAttribute("data-theme")) !== theme) await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(setting(page, "acceptCallWhatsapp")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    canvas.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    await page.screenshot({ path: screenshotPath(`settings-page-${theme}-390`), fullPage: true });
    await setting(page, "sendMsgTransfTicket").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`settings-page-messages-${theme}-390`) });
    await page.getByTestId("settings-group-automation").scrollIntoViewIfNeeded();
    await page.getByTestId("settings-group-automation").screenshot({ path: screenshotPath(`settings-page-automation-${theme}-390`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenshotPath(`settings-page-${theme}-1280`) });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  expect(canvas[1]).not.toBe(canvas[0]);
});
