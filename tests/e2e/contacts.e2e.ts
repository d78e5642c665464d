/**
 * The contacts page: an admin searches, adds a contact with an extra field and a tag, edits it, blocks and unblocks it
 * (the spec's toasts, in Portuguese) and deletes it while a second tab follows live; the infinite scroll reads the
 * next pages; a plain user sees numbers masked under LGPD; "start ticket" opens the conversation. Each test uses a
 * company of its own, so counts and lists see no other spec's contacts. Screenshots light, dark and 390 px
 * (tests/e2e/screenshots/contacts-*.png).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { adminWithWebchat, createAgent, createQueue, ok, PASSWORD, uid } from "./helpers/inbox";
import { apiLogin, screenshotPath } from "./helpers/server";

test.setTimeout(90_000);

type Who = { email: string; password: string };

/** A browser context logged in as `who`, in `locale`, recording uncaught errors and failed /api calls. */
async function contactsTab(browser: Browser, who: Who, opts: { locale?: string; width?: number; theme?: "light" | "dark" } = {}) {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 800 }, locale: opts.locale ?? "en-US" });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/") && r.status() >= 500) problems.push(`${r.request().method()} ${r.url()} -> ${r.status()}`);
  });
  const { token, user } = await apiLogin(page.request, who);
  if (opts.theme) await ok(page.request, token, "PUT", `/api/users/${user.id}`, { defaultTheme: opts.theme });
  // Logging in ends the user's older sessions: later API calls as this user use this token.
  return { ctx, page, problems, token: token as string };
}

const rows = (page: Page) => page.getByTestId("contact-row");
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("an admin searches, adds, edits, blocks, unblocks and deletes a contact; a second tab follows live", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner } = await adminWithWebchat(request, tag);
  const vip = await ok(request, token, "POST", "/api/tags", { name: `VIP ${tag}`, color: "#7c3aed" });
  await ok(request, token, "POST", "/api/contacts", { name: `Zeca ${tag}`, number: "5511900001111" });
  await ok(request, token, "POST", "/api/contacts", { name: `Bruna ${tag}`, number: "5511900002222" });

  const { ctx, page, problems, token: session } = await contactsTab(browser, owner, { locale: "pt-BR" });
  await page.goto("/tickets");
  await page.getByTestId("menu-contacts").click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(rows(page)).toHaveCount(2);
  const other = await ctx.newPage();
  await other.goto("/contacts");
  await expect(rows(other)).toHaveCount(2);
  // The tab the admin works in is in front again (a background tab gets few animation frames).
  await page.bringToFront();

  // Search by name, then by number.
  await page.getByTestId("contacts-search").fill("Zeca");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, `Zeca ${tag}`)).toBeVisible();
  await page.getByTestId("contacts-search").fill("5511900002222");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, `Bruna ${tag}`)).toBeVisible();
  await page.getByTestId("contacts-search").fill("");
  await expect(rows(page)).toHaveCount(2);

  // Add: the rules first (in Portuguese), then a contact with an extra field and a tag.
  await page.getByTestId("contacts-add").click();
  const modal = page.getByTestId("contact-modal");
  await modal.getByTestId("contact-modal-save").click();
  await expect(modal.getByText("Obrigatório")).toHaveCount(2);
  await modal.getByTestId("contact-name").fill("A");
  await modal.getByTestId("contact-number").fill("12ab");
  await modal.getByTestId("contact-modal-save").click();
  await expect(modal.getByText("Muito curto!")).toBeVisible();
  await expect(modal.getByText("Somente números, com o código do país e o DDD.")).toBeVisible();

  const name = `Maria ${tag}`;
  await modal.getByTestId("contact-name").fill(name);
  await modal.getByTestId("contact-number").fill("+55 (11) 98765-4321");
  await modal.getByTestId("contact-email").fill(`maria-${tag}@example.com`);
  await modal.getByTestId("extra-add").click();
  await modal.getByTestId("extra-row").getByPlaceholder("Campo").fill("CPF");
  await modal.getByTestId("extra-row").getByPlaceholder("Valor").fill("123.456.789-00");
  await modal.getByRole("combobox", { name: "Tags" }).click();
  await page.getByRole("option", { name: vip.name }).click();
  await page.keyboard.press("Escape");
  await expect(modal).toBeVisible();
  await modal.getByTestId("contact-modal-save").click();
  await expect(toast(page, "Contato adicionado.")).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name).getByTestId("contact-number-cell")).toHaveText("5511987654321");
  await expect(row(page, name)).toContainText(`maria-${tag}@example.com`);
  await expect(row(other, name), "the other tab gets the new contact live").toBeVisible();
  const saved = (await ok(request, session, "GET", `/api/contacts?searchParam=${encodeURIComponent(name)}`)).contacts[0];
  expect(saved.tags.map((t: { name: string }) => t.name)).toEqual([vip.name]);
  expect((await ok(request, session, "GET", `/api/contacts/${saved.id}`)).extraInfo).toEqual([
    expect.objectContaining({ name: "CPF", value: "123.456.789-00" }),
  ]);

  // The tag filter keeps the contacts carrying the tag.
  await page.getByTestId("contacts-tag-filter").getByRole("combobox").click();
  await page.getByRole("option", { name: vip.name }).click();
  await page.keyboard.press("Escape");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, name)).toBeVisible();

  // Edit: the dialog holds what was saved; the new name shows in both tabs.
  await row(page, name).getByTestId("contact-edit").click();
  await expect(modal.getByTestId("contact-number")).toHaveValue("5511987654321");
  await expect(modal.getByTestId("extra-row").getByPlaceholder("Valor")).toHaveValue("123.456.789-00");
  await expect(modal).toContainText(vip.name);
  const renamed = `Maria Souza ${tag}`;
  await modal.getByTestId("contact-name").fill(renamed);
  await modal.getByTestId("contact-modal-save").click();
  await expect(toast(page, "Contato salvo.")).toBeVisible();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(other, renamed), "the other tab gets the edit live").toBeVisible();
  const edited = await ok(request, session, "GET", `/api/contacts/${saved.id}`);
  expect(edited).toMatchObject({ name: renamed, extraInfo: [{ name: "CPF", value: "123.456.789-00" }], tags: [{ id: vip.id }] });

  // Block and unblock, with the spec's toasts; the other tab sees the state.
  await row(page, renamed).getByTestId("contact-block").click();
  await expect(toast(page, "Contato bloqueado")).toBeVisible();
  await expect(row(page, renamed)).toHaveAttribute("data-active", "false");
  await expect(row(page, renamed).getByTestId("contact-start-ticket")).toHaveCount(0);
  await expect(row(other, renamed)).toHaveAttribute("data-active", "false");
  await row(page, renamed).getByTestId("contact-block").click();
  await expect(toast(page, "Contato desbloqueado")).toBeVisible();
  await expect(row(page, renamed)).toHaveAttribute("data-active", "true");
  await expect(row(other, renamed)).toHaveAttribute("data-active", "true");

  // Delete with its confirmation: gone from both tabs.
  await row(page, renamed).getByTestId("contact-delete").click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Contato excluído.")).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(row(other, renamed), "the other tab drops it live").toHaveCount(0);
  await expect(rows(other)).toHaveCount(2);
  expect(problems).toEqual([]);
  await ctx.close();
});

test("the infinite scroll reads the next pages of 20", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner } = await adminWithWebchat(request, tag);
  for (let i = 0; i < 45; i++) {
    await ok(request, token, "POST", "/api/contacts", { name: `Lote ${String(i).padStart(2, "0")} ${tag}`, number: `55119${String(10000000 + i)}` });
  }
  const { ctx, page, problems } = await contactsTab(browser, owner, { width: 1280 });
  await page.goto("/contacts");
  await expect(page.getByTestId("contacts-count")).toHaveText("(45)");
  await expect(rows(page)).toHaveCount(20);
  const scroller = page.getByTestId("contacts-table-scroller");
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows(page)).toHaveCount(40);
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows(page)).toHaveCount(45);
  await expect(rows(page).last()).toContainText(`Lote 44 ${tag}`);
  expect(problems).toEqual([]);
  await ctx.close();
});

test("a plain user sees numbers masked under LGPD, may not delete, and cannot edit a masked number", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner } = await adminWithWebchat(request, tag);
  const agent = await createAgent(request, token, tag, "Plain", {});
  await ok(request, token, "POST", "/api/contacts", { name: `Lia ${tag}`, number: "5511987654321" });
  for (const key of ["enableLGPD", "lgpdHideNumber"]) await ok(request, token, "PUT", `/api/settings/${key}`, { value: "enabled" });

  const plain = await contactsTab(browser, { email: agent.email, password: PASSWORD });
  await plain.page.goto("/contacts");
  const lia = row(plain.page, `Lia ${tag}`);
  await expect(lia.getByTestId("contact-number-cell")).toHaveText("5511*******21");
  await expect(lia.getByTestId("contact-delete")).toHaveCount(0);
  await lia.getByTestId("contact-edit").click();
  const modal = plain.page.getByTestId("contact-modal");
  await expect(modal.getByTestId("contact-number")).toBeDisabled();
  await expect(modal.getByTestId("contact-number")).toHaveValue("5511*******21");
  // Only admins choose the wallet owner.
  await expect(modal.getByText("Wallet owner")).toHaveCount(0);
  await modal.getByTestId("contact-name").fill(`Lia Costa ${tag}`);
  await modal.getByTestId("contact-modal-save").click();
  await expect(row(plain.page, `Lia Costa ${tag}`)).toBeVisible();
  await plain.page.screenshot({ path: screenshotPath("contacts-lgpd-user") });

  // The admin sees the whole number, which the plain user's save left as it was.
  const admin = await contactsTab(browser, owner);
  await admin.page.goto("/contacts");
  await expect(row(admin.page, `Lia Costa ${tag}`).getByTestId("contact-number-cell")).toHaveText("5511987654321");
  expect([...plain.problems, ...admin.problems]).toEqual([]);
  await plain.ctx.close();
  await admin.ctx.close();
});

test("start ticket opens the new-ticket dialog with the contact, then its conversation", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, token, `Front ${tag}`);
  const contact = await ok(request, token, "POST", "/api/contacts", { name: `Visitante ${tag}`, number: "5511911112222", channel: "webchat" });

  const { ctx, page, problems, token: session } = await contactsTab(browser, owner);
  await page.goto("/contacts");
  await row(page, `Visitante ${tag}`).getByTestId("contact-start-ticket").click();
  const modal = page.getByTestId("new-ticket-modal");
  await expect(modal.getByTestId("contact-search")).toHaveValue(`Visitante ${tag}`);
  await modal.getByRole("combobox", { name: "Queue" }).click();
  await page.getByRole("option", { name: queue.name }).click();
  await modal.getByRole("combobox", { name: "Connection" }).click();
  await page.getByRole("option", { name: `Site ${tag}` }).click();
  await modal.getByTestId("new-ticket-save").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("conversation")).toBeVisible();
  const tickets = (await ok(request, session, "GET", "/api/tickets?showAll=true&status=open&pageNumber=1")).tickets;
  const ticket = tickets.find((t: { contactId: number }) => t.contactId === contact.id);
  expect(ticket).toMatchObject({ whatsappId: connection.id, queueId: queue.id });
  await expect(page.getByTestId("conversation")).toHaveAttribute("data-ticket-id", String(ticket.id));
  expect(problems).toEqual([]);
  await ctx.close();
});

test("screenshots: light and dark at desktop width, the dialog, and 390 px without horizontal overflow", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner } = await adminWithWebchat(request, tag);
  const vip = await ok(request, token, "POST", "/api/tags", { name: `VIP ${tag}`, color: "#7c3aed" });
  const names = ["Ana Lima", "Bruno Alves", "Carla Dias", "Diego Rocha", "Elisa Nunes"];
  for (const [i, n] of names.entries()) {
    const c = await ok(request, token, "POST", "/api/contacts", {
      name: n,
      number: `55119876500${i}0`,
      email: `${n.split(" ")[0]!.toLowerCase()}@example.com`,
    });
    if (i % 2 === 0) await ok(request, token, "POST", "/api/tags/sync", { contactId: c.id, tags: [{ id: vip.id }] });
  }
  await ok(request, token, "PUT", `/api/contacts/block/${(await ok(request, token, "GET", "/api/contacts?searchParam=Diego")).contacts[0].id}`, {
    active: false,
  });

  for (const theme of ["light", "dark"] as const) {
    const desk = await contactsTab(browser, owner, { theme });
    await desk.page.goto("/contacts");
    await expect(rows(desk.page)).toHaveCount(5);
    await expect(desk.page.locator("html")).toHaveAttribute("data-theme", theme);
    await desk.page.screenshot({ path: screenshotPath(`contacts-${theme}`) });
    await row(desk.page, "Ana Lima").getByTestId("contact-edit").click();
    await expect(desk.page.getByTestId("contact-modal")).toContainText(vip.name);
    await desk.page.screenshot({ path: screenshotPath(`contacts-dialog-${theme}`) });
    await desk.ctx.close();

    const phone = await contactsTab(browser, owner, { theme, width: 390 });
    await phone.page.goto("/contacts");
    await expect(rows(phone.page)).toHaveCount(5);
    expect(await noHorizontalScroll(phone.page)).toBe(true);
    await phone.page.screenshot({ path: screenshotPath(`contacts-phone-${theme}`) });
    await phone.page.getByTestId("contacts-add").click();
    await expect(phone.page.getByTestId("contact-modal")).toBeVisible();
    expect(await noHorizontalScroll(phone.page)).toBe(true);
    await phone.page.screenshot({ path: screenshotPath(`contacts-phone-dialog-${theme}`) });
    expect([...desk.problems, ...phone.problems]).toEqual([]);
    await phone.ctx.close();
  }
});
