/**
 * Inbox and conversation end to end: two agents and a web-chat visitor, each in their own browser
 * context, on the real server. Every step is one assertion, in order: the visitor writes and the
 * ticket appears under pending live with the tab title counting it; accept (queue chosen in the accept dialog, the
 * accepted greeting reaches the visitor); text, emoji, attachment with caption, quick message, quote, reaction (the
 * visitor sees the emoji live), private note, edit within the window (a note, and a sent reply whose new text the
 * visitor sees live); a note and a tag in the contact drawer; transfer to another queue and user (live in the second
 * agent's inbox); resolve with the farewell. The visitor sees every public reply live and never the private note.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, createQueue, ok, openVisitor, uid } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(180_000);

// 1x1 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const message = (page: Page, text: string) => page.getByTestId("message").filter({ hasText: text }).last();

async function send(page: Page, text: string) {
  const box = page.getByTestId("message-textarea");
  await box.fill(text);
  await box.press("Enter");
  await expect(message(page, text)).toBeVisible();
}

test("an agent serves a web-chat visitor from pending to resolved, live on both sides", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const support = await createQueue(request, token, `Support ${tag}`);
  const sales = await createQueue(request, token, `Sales ${tag}`);
  const ana = await createAgent(request, token, tag, "Ana", { queueIds: [support.id], allTicket: "enable" });
  const bruno = await createAgent(request, token, tag, "Bruno", { queueIds: [sales.id], farewellMessage: `Goodbye from Bruno ${tag}` });
  await ok(request, token, "PUT", "/api/settings/greetingAcceptedMessage", { value: `Hello {{name}}, {{user}} here ${tag}` });
  await ok(request, token, "PUT", "/api/settings/sendGreetingAccepted", { value: "enabled" });
  const shortcode = `promo${tag}`;
  const quickText = `Our promotion ${tag} ends Friday`;

  const agent = await agentPage(browser, ana);
  const page = agent.page;
  await page.goto("/tickets");
  await expect(page.getByTestId("tickets-manager")).toBeVisible();
  const second = await agentPage(browser, bruno);
  await second.page.goto("/tickets");
  await expect(second.page.getByTestId("list-open")).toBeVisible();

  const visitorName = `Visitor ${tag}`;
  const visitor = await openVisitor(browser, connection.widgetKey, visitorName);
  const seen = visitor.page.getByTestId("webchat-messages");
  const question = `I need help with order ${tag}`;

  await test.step("the visitor writes: the ticket appears under pending live and the tab title counts it", async () => {
    await page.getByTestId("tab-pending").click();
    await visitor.write(question);
    const item = page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: visitorName });
    await expect(item).toBeVisible();
    await expect(item.getByTestId("ticket-last-message")).toHaveText(question.slice(0, 40) + (question.length > 40 ? "…" : ""));
    await expect(item.getByTestId("ticket-unread")).toHaveText("1");
    await expect(page.getByTestId("tab-pending").getByTestId("tab-count")).toHaveText("1");
    await expect.poll(() => page.title()).toMatch(/^① /);
  });

  await test.step("accept: the queue is asked for, the ticket moves to open and the greeting reaches the visitor", async () => {
    await page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: visitorName }).getByTestId("ticket-accept").click();
    const modal = page.getByTestId("accept-modal");
    await modal.getByTestId("accept-confirm").click();
    await expect(modal.getByText("Selecione uma fila")).toBeVisible();
    await modal.getByRole("combobox").click();
    await page.getByRole("option", { name: support.name }).click();
    await modal.getByTestId("accept-confirm").click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("conversation")).toHaveAttribute("data-status", "open");
    await expect(page.getByTestId("tab-open")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: visitorName })).toBeVisible();
    await expect(page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: visitorName })).toHaveCount(0);
    await expect(seen.getByText(`Hello ${visitorName}, ${ana.name} here ${tag}`)).toBeVisible();
  });

  const reply = `We are on it ${tag}`;
  await test.step("a text reply reaches the visitor", async () => {
    await send(page, reply);
    await expect(seen.getByText(reply)).toBeVisible();
  });

  await test.step("an emoji from the picker", async () => {
    await page.getByTestId("emoji-button").click();
    await page.getByTestId("emoji-picker").locator('[data-emoji="😀"]').click();
    const box = page.getByTestId("message-textarea");
    await expect(box).toHaveValue("😀");
    await box.press("End");
    await box.pressSequentially(` thanks ${tag}`);
    await box.press("Enter");
    await expect(message(page, `😀 thanks ${tag}`)).toBeVisible();
    await expect(seen.getByText(`😀 thanks ${tag}`)).toBeVisible();
  });

  await test.step("an attachment with a caption through the preview dialog", async () => {
    await page.getByTestId("attach-input").setInputFiles({ name: `receipt-${tag}.png`, mimeType: "image/png", buffer: PNG });
    const preview = page.getByTestId("media-preview");
    await expect(preview.locator("img")).toBeVisible();
    await preview.getByTestId("media-caption").fill(`Your receipt ${tag}`);
    await preview.getByTestId("media-send").click();
    await expect(preview).toHaveCount(0);
    await expect(message(page, `Your receipt ${tag}`).getByTestId("message-image")).toBeVisible();
    await expect(seen.getByText(`Your receipt ${tag}`)).toBeVisible();
  });

  await test.step("a quick message on a leading '/'", async () => {
    await ok(request, token, "POST", "/api/quick-messages", { shortcode, message: quickText, geral: true, status: true });
    const box = page.getByTestId("message-textarea");
    await box.fill(`/${shortcode.slice(0, 8)}`);
    const list = page.getByTestId("quick-messages");
    await expect(list.getByTestId("quick-message")).toHaveText(`${shortcode} - ${quickText}`);
    await box.press("Enter");
    await expect(box).toHaveValue(quickText);
    await box.press("Enter");
    await expect(message(page, quickText)).toBeVisible();
    await expect(seen.getByText(quickText)).toBeVisible();
  });

  await test.step("quote the visitor's message", async () => {
    const theirs = message(page, question);
    await theirs.hover();
    await theirs.getByTestId("message-menu").click();
    await page.getByTestId("message-reply").click();
    await expect(page.getByTestId("reply-bar")).toContainText(question);
    await send(page, `About that ${tag}`);
    await expect(message(page, `About that ${tag}`).getByTestId("message-quoted")).toContainText(question);
    await expect(page.getByTestId("reply-bar")).toHaveCount(0);
    await expect(seen.getByText(`About that ${tag}`)).toBeVisible();
  });

  // The visitor's page: one bubble per message.
  const bubble = (text: string) => seen.getByTestId("webchat-message").filter({ hasText: text });

  await test.step("react to the visitor's message from the row of 6: the visitor sees the emoji live", async () => {
    // first(): the quoted reply above carries the question's text too.
    const theirs = page.getByTestId("message").filter({ hasText: question }).first();
    await theirs.hover();
    await theirs.getByTestId("message-react").click();
    await expect(page.getByTestId("reaction-picker").locator("[data-emoji]")).toHaveCount(6);
    await page.getByTestId("reaction-picker").locator('[data-emoji="👍"]').click();
    await expect(theirs.getByTestId("message-reactions")).toContainText("👍");
    await expect(bubble(question).first().getByTestId("webchat-reactions")).toHaveText("👍");
  });

  const secret = `Internal: VIP customer ${tag}`;
  await test.step("a private note, styled apart", async () => {
    await page.getByTestId("private-toggle").click();
    await expect(page.getByTestId("private-toggle")).toHaveAttribute("aria-pressed", "true");
    await send(page, secret);
    await expect(message(page, secret)).toHaveAttribute("data-private", "true");
    await expect(message(page, secret).getByTestId("private-label")).toBeVisible();
    await page.getByTestId("private-toggle").click();
  });

  const editedReply = `${reply}, edited`;
  await test.step("edit own messages within the window: a sent reply (the visitor sees the new text live) and a note", async () => {
    const sent = message(page, reply);
    await sent.hover();
    await sent.getByTestId("message-menu").click();
    await page.getByTestId("message-edit").click();
    await expect(page.getByTestId("editing-bar")).toBeVisible();
    const replyBox = page.getByTestId("message-textarea");
    // The stored text, with the agent's signature above it: the edit replaces the whole of it.
    await expect(replyBox).toHaveValue(new RegExp(`${reply}$`));
    await replyBox.press("ControlOrMeta+End");
    await replyBox.pressSequentially(", edited");
    await replyBox.press("Enter");
    await expect(message(page, editedReply).getByTestId("message-edited")).toBeVisible();
    await expect(page.getByTestId("editing-bar")).toHaveCount(0);
    await expect(bubble(editedReply)).toHaveCount(1);
    await expect(bubble(editedReply).getByTestId("webchat-edited")).toBeVisible();

    const note = message(page, secret);
    await note.hover();
    await note.getByTestId("message-menu").click();
    await page.getByTestId("message-edit").click();
    await expect(page.getByTestId("editing-bar")).toBeVisible();
    const box = page.getByTestId("message-textarea");
    await expect(box).toHaveValue(secret);
    await box.fill(`${secret}, edited`);
    await box.press("Enter");
    const edited = message(page, `${secret}, edited`);
    await expect(edited.getByTestId("message-edited")).toBeVisible();
    await expect(edited).toHaveAttribute("data-private", "true");
    await expect(page.getByTestId("editing-bar")).toHaveCount(0);
  });

  await test.step("a note and a tag in the 320 px contact drawer", async () => {
    await page.getByTestId("ticket-contact").click();
    const drawer = page.getByTestId("contact-drawer");
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())!.width).toBe(320);
    await drawer.getByTestId("note-input").fill(`Prefers email ${tag}`);
    await drawer.getByTestId("note-add").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Observação adicionada com sucesso!" })).toBeVisible();
    await expect(drawer.getByTestId("note").filter({ hasText: `Prefers email ${tag}` })).toBeVisible();
    await drawer.getByTestId("new-tag-input").fill("ab");
    await drawer.getByTestId("new-tag-add").click();
    await expect(drawer.getByTestId("tag-error")).toHaveText("Tag muito curta!");
    await drawer.getByTestId("new-tag-input").fill(`vip${tag}`);
    await drawer.getByTestId("new-tag-add").click();
    await expect(drawer.getByTestId("contact-tags")).toContainText(`vip${tag}`);
    await drawer.getByTestId("contact-drawer-close").click();
  });

  await test.step("transfer to another queue and user: live in the second agent's inbox", async () => {
    await page.getByTestId("header-menu").click();
    await page.getByTestId("header-transfer").click();
    const modal = page.getByTestId("transfer-modal");
    await expect(modal.getByTestId("transfer-confirm")).toBeDisabled();
    await modal.getByRole("combobox", { name: "Queue" }).click();
    await page.getByRole("option", { name: sales.name }).click();
    await modal.getByRole("combobox", { name: "User" }).click();
    await page.getByRole("option", { name: bruno.name }).click();
    await modal.getByTestId("transfer-confirm").click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: visitorName })).toHaveCount(0);
    const theirs = second.page.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: visitorName });
    await expect(theirs).toBeVisible();
    await expect(theirs.getByTestId("ticket-queue")).toHaveText(sales.name);
  });

  await test.step("the second agent resolves it with the farewell", async () => {
    const p2 = second.page;
    await p2.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: visitorName }).getByTestId("ticket-link").click();
    await expect(p2.getByTestId("conversation")).toBeVisible();
    await expect(message(p2, secret)).toHaveAttribute("data-private", "true");
    await p2.getByTestId("header-resolve").click();
    await p2.getByTestId("resolve-with-farewell").click();
    await expect(p2).toHaveURL(/\/tickets$/);
    await expect(p2.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: visitorName })).toHaveCount(0);
    await expect(seen.getByText(`Goodbye from Bruno ${tag}`)).toBeVisible();
    await p2.getByTestId("view-closed").click();
    await expect(p2.getByTestId("list-closed").getByTestId("ticket-item").filter({ hasText: visitorName })).toBeVisible();
  });

  await test.step("the visitor saw every public reply and never the private note", async () => {
    for (const text of [editedReply, `😀 thanks ${tag}`, `Your receipt ${tag}`, quickText, `About that ${tag}`])
      await expect(seen.getByText(text)).toBeVisible();
    await expect(seen.getByText(secret)).toHaveCount(0);
  });

  await visitor.ctx.close();
  await agent.ctx.close();
  await second.ctx.close();
});
