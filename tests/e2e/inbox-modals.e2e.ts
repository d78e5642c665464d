/**
 * Inbox modals and ticket actions: the new-ticket modal (contact search from 3 characters,
 * 'Selecione uma fila', the already-open dialog naming the holder, or the holder's own ticket opening), return to
 * queue, ignore, reopen from the closed view, and delete with its confirmation.
 */
import { expect, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, createQueue, ok, uid, visitorTicket } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(90_000);

test("new ticket: search from 3 characters, queue required, the already-open dialog, then the holder's own ticket", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, token, `Front ${tag}`);
  const carla = await createAgent(request, token, tag, "Carla", { queueIds: [queue.id], whatsappId: connection.id });
  const dino = await createAgent(request, token, tag, "Dino", { queueIds: [queue.id] });
  const held = await visitorTicket(request, token, connection.widgetKey, `Held contact ${tag}`, `first question ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${held.id}`, { status: "open", userId: dino.id, queueId: queue.id, isTransfered: true });

  const { ctx, page, errors } = await agentPage(browser, carla);
  await page.goto("/tickets");
  await page.getByTestId("new-ticket").click();
  const modal = page.getByTestId("new-ticket-modal");
  const search = modal.getByTestId("contact-search");
  await search.fill("He");
  await expect(page.getByText("Type at least 3 characters")).toBeVisible();
  await search.fill(`Held contact ${tag}`);
  await page
    .getByTestId("contact-option")
    .filter({ hasText: `Held contact ${tag}` })
    .click();
  await modal.getByTestId("new-ticket-save").click();
  await expect(modal.getByText("Selecione uma fila")).toBeVisible();
  await modal.getByRole("combobox", { name: "Queue" }).click();
  await page.getByRole("option", { name: queue.name }).click();
  await modal.getByTestId("new-ticket-save").click();

  const dialog = page.getByTestId("already-open-dialog");
  await expect(dialog).toContainText(dino.name);
  await expect(dialog).toContainText(queue.name);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(page).toHaveURL(/\/tickets$/);

  // Now the open ticket is Carla's: asking again opens it.
  await ok(request, token, "PUT", `/api/tickets/${held.id}`, { status: "open", userId: carla.id, queueId: queue.id, isTransfered: true });
  await page.getByTestId("new-ticket").click();
  await page.getByTestId("contact-search").fill(`Held contact ${tag}`);
  await page
    .getByTestId("contact-option")
    .filter({ hasText: `Held contact ${tag}` })
    .click();
  await page.getByTestId("new-ticket-modal").getByRole("combobox", { name: "Queue" }).click();
  await page.getByRole("option", { name: queue.name }).click();
  await page.getByTestId("new-ticket-save").click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${held.uuid}$`));
  await expect(page.getByTestId("conversation")).toHaveAttribute("data-ticket-id", String(held.id));
  expect(errors).toEqual([]);
  await ctx.close();
});

test("return to queue, ignore, reopen from the closed view and delete with its confirmation", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, token, `Desk ${tag}`);
  const eva = await createAgent(request, token, tag, "Eva", { queueIds: [queue.id], userClosePendingTicket: "enabled" });
  const mine = await visitorTicket(request, token, connection.widgetKey, `Returned ${tag}`, `return me ${tag}`);
  const noise = await visitorTicket(request, token, connection.widgetKey, `Ignored ${tag}`, `ignore me ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${mine.id}`, { status: "open", userId: eva.id, queueId: queue.id, isTransfered: true });
  await ok(request, token, "PUT", `/api/tickets/${noise.id}`, { queueId: queue.id, isTransfered: true });

  const { ctx, page, errors } = await agentPage(browser, eva);
  await page.goto(`/tickets/${mine.uuid}`);
  await expect(page.getByTestId("conversation")).toHaveAttribute("data-status", "open");
  await page.getByTestId("header-menu").click();
  await page.getByTestId("header-return").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-pending").click();
  const pending = page.getByTestId("list-pending").getByTestId("ticket-item");
  await expect(pending.filter({ hasText: `Returned ${tag}` })).toBeVisible();

  // ignore (userClosePendingTicket): closed without a farewell
  await pending
    .filter({ hasText: `Ignored ${tag}` })
    .getByTestId("ticket-ignore")
    .click();
  await expect(pending.filter({ hasText: `Ignored ${tag}` })).toHaveCount(0);
  await page.getByTestId("view-closed").click();
  const closed = page
    .getByTestId("list-closed")
    .getByTestId("ticket-item")
    .filter({ hasText: `Ignored ${tag}` });
  await expect(closed).toBeVisible();

  // reopen: back to open, assigned to Eva, on screen
  await closed.getByTestId("ticket-reopen").click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${noise.uuid}$`));
  await expect(page.getByTestId("conversation")).toHaveAttribute("data-status", "open");
  await expect(
    page
      .getByTestId("list-open")
      .getByTestId("ticket-item")
      .filter({ hasText: `Ignored ${tag}` }),
  ).toBeVisible();
  expect(errors).toEqual([]);
  await ctx.close();

  // delete: admins only, after the confirmation; the ticket leaves the list
  const admin = await agentPage(browser, await createAgent(request, token, tag, "Boss", { profile: "admin" }));
  await admin.page.goto(`/tickets/${noise.uuid}`);
  await admin.page.getByTestId("header-menu").click();
  await admin.page.getByTestId("header-delete").click();
  const confirm = admin.page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`#${noise.id}`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(admin.page).toHaveURL(/\/tickets$/);
  expect((await request.get(`/api/tickets/u/${noise.uuid}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);
  await admin.ctx.close();
});

test("contact drawer: edit with validation, kanban lane, chatbot and audio toggles, block and unblock", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, token, `Care ${tag}`);
  const lane = await ok(request, token, "POST", "/api/tags", { name: `Lane ${tag}`, color: "#7c3aed", kanban: 1 });
  const fia = await createAgent(request, token, tag, "Fia", { queueIds: [queue.id] });
  const t = await visitorTicket(request, token, connection.widgetKey, `Drawer contact ${tag}`, `drawer ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${t.id}`, { status: "open", userId: fia.id, queueId: queue.id, isTransfered: true });

  const { ctx, page, errors } = await agentPage(browser, fia);
  await page.goto(`/tickets/${t.uuid}`);
  await page.getByTestId("ticket-contact").click();
  const drawer = page.getByTestId("contact-drawer");
  await expect(drawer.getByTestId("contact-block")).toBeVisible();

  // edit: the contact form, from the inbox's drawer
  await drawer.getByTestId("contact-edit").click();
  const dialog = page.getByTestId("contact-edit-dialog");
  await dialog.locator("input[name=name]").fill("A");
  await dialog.locator("input[name=number]").fill("1234");
  await dialog.locator("input[name=email]").fill("not-an-email");
  await dialog.getByTestId("contact-save").click();
  await expect(dialog.getByText("Too Short!")).toHaveCount(2);
  await expect(dialog.getByText("Invalid email")).toBeVisible();
  await dialog.locator("input[name=name]").fill(`Renamed contact ${tag}`);
  await dialog.locator("input[name=number]").fill("5511999990000");
  await dialog.locator("input[name=email]").fill(`renamed-${tag}@example.com`);
  await dialog.getByTestId("contact-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(drawer.getByTestId("drawer-contact-name")).toHaveText(`Renamed contact ${tag}`);
  await expect(
    page
      .getByTestId("list-open")
      .getByTestId("ticket-item")
      .filter({ hasText: `Renamed contact ${tag}` }),
  ).toBeVisible();

  // the ticket's kanban lane
  await drawer.getByTestId("lane-select").getByRole("combobox").click();
  await page.getByRole("option", { name: lane.name }).click();
  await expect(
    page
      .getByTestId("list-open")
      .getByTestId("ticket-item")
      .filter({ hasText: `Renamed contact ${tag}` })
      .getByTestId("ticket-tag"),
  ).toHaveText(lane.name);

  // toggles and block/unblock with their toasts
  const bot = drawer.getByRole("checkbox", { name: "Disable chatbot" });
  await expect(bot).not.toBeChecked();
  await drawer.getByText("Disable chatbot").click();
  await expect(bot).toBeChecked();
  const audio = drawer.getByRole("checkbox", { name: "Accept audio messages" });
  const audioBefore = await audio.isChecked();
  await drawer.getByText("Accept audio messages").click();
  await expect(audio).toBeChecked({ checked: !audioBefore });
  await drawer.getByTestId("contact-block").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Contato bloqueado" })).toBeVisible();
  await expect(drawer.getByTestId("contact-block")).toHaveText("Unblock contact");
  await drawer.getByTestId("contact-block").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Contato desbloqueado" })).toBeVisible();
  await expect(drawer.getByTestId("contact-block")).toHaveText("Block contact");
  const saved = await ok(request, token, "GET", `/api/contacts/${t.contactId}`);
  expect(saved).toMatchObject({ name: `Renamed contact ${tag}`, disableBot: true, acceptAudioMessage: !audioBefore, active: true });
  expect(errors).toEqual([]);
  await ctx.close();
});
