/**
 * The quick-messages page end to end, in a company of its own: an agent creates a quick reply with an image on the
 * page (emoji inserted at the cursor, general, file attached after the save), then in a conversation types "/" and the
 * shortcode, picks it, and the message with its image reaches the web-chat visitor; editing (the file removed) and
 * deleting with confirmation; the owner rules (the admin sees an agent's personal reply read-only, and may delete it);
 * the required shortcode in Portuguese. Screenshots light and dark, desktop and phone
 * (tests/e2e/screenshots/quick-messages-*.png), with no horizontal overflow at 390 px.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, createQueue, gradientPng, ok, openVisitor, ticketOf, uid } from "./helpers/inbox";
import { BASE_URL, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });

const row = (page: Page, shortcode: string) => page.getByTestId("quick-message-row").filter({ hasText: shortcode });
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Picks `option` in the dialog's select labelled `label`. */
async function choose(page: Page, modal: Locator, label: string, option: string) {
  await modal.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A company with an agent (Ana) in a queue and a visitor whose ticket Ana holds open. */
async function setUp(request: Parameters<typeof adminWithWebchat>[0]) {
  const tag = uid();
  const company = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, company.token, `Support ${tag}`);
  const ana = await createAgent(request, company.token, tag, "Ana", { queueIds: [queue.id], allTicket: "enable" });
  return { tag, company, queue, ana };
}

test("an agent makes a quick reply with an image on the page, then sends it with '/' and the visitor gets text and image", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { tag, company, queue, ana } = await setUp(request);
  const visitor = await openVisitor(browser, company.connection.widgetKey, `Visitor ${tag}`);
  const question = `Do you have a catalogue ${tag}?`;
  await visitor.write(question);
  const ticket = await ticketOf(request, company.token, question);
  await ok(request, company.token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: ana.id, queueId: queue.id });

  const { page, errors } = await agentPage(browser, ana);
  await page.goto("/tickets");
  await page.getByTestId("menu-quick-messages").click();
  await expect(page).toHaveURL(`${BASE_URL}/quick-messages`);
  await expect(page.getByTestId("quick-messages-table")).toContainText("No quick replies yet");

  const shortcode = `catalogue${tag}`;
  const file = `catalogue-${tag}.png`;
  await page.getByTestId("quick-messages-add").click();
  const modal = page.getByTestId("quick-message-modal");
  await modal.locator("input[name=shortcode]").fill(shortcode);
  const text = modal.locator("textarea[name=message]");
  await text.fill(`Here it is  ${tag}`);
  // The emoji goes where the cursor is, between the two spaces.
  await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(11, 11));
  await modal.getByTestId("quick-message-emoji").click();
  await modal.getByTestId("emoji-picker").locator('[data-emoji="😀"]').click();
  const body = `Here it is 😀 ${tag}`;
  await expect(text).toHaveValue(body);
  await choose(page, modal, "General", "Yes");
  await modal.getByTestId("quick-message-file").setInputFiles({ name: file, mimeType: "image/png", buffer: gradientPng(160, 100) });
  await expect(modal.getByTestId("quick-message-attachment")).toHaveText(file);
  await modal.getByTestId("quick-message-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Quick reply saved" })).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, shortcode).getByTestId("quick-message-media")).toHaveText(file);
  await expect(row(page, shortcode).getByTestId("quick-message-general")).toBeVisible();

  // The input's list as a tab open for hours holds it: its links past their hour (the pick must not depend on them).
  await page.route("**/api/quick-messages/list*", async (route) => {
    const res = await route.fetch();
    const list = (await res.json()) as { mediaPath: string | null }[];
    for (const m of list) if (m.mediaPath) m.mediaPath = m.mediaPath.replace(/exp=\d+/, "exp=1");
    await route.fulfill({ response: res, json: list });
  });
  await page.goto(`/tickets/${ticket.uuid}`);
  const box = page.getByTestId("message-textarea");
  await box.fill(`/${shortcode.slice(0, 12)}`);
  await expect(page.getByTestId("quick-messages").getByTestId("quick-message")).toHaveText(`${shortcode} - ${body}`);
  await box.press("Enter");
  const preview = page.getByTestId("media-preview");
  await expect(preview.locator("img")).toBeVisible();
  await expect(preview.getByTestId("media-caption")).toHaveValue(body);
  await expect(box).toHaveValue("");
  await preview.getByTestId("media-send").click();
  await expect(preview).toHaveCount(0);
  const sent = page.getByTestId("message").filter({ hasText: body }).last();
  await expect(sent.getByTestId("message-image")).toBeVisible();

  const seen = visitor.page.getByTestId("webchat-messages").getByTestId("webchat-message").filter({ hasText: body });
  await expect(seen).toBeVisible();
  await expect(seen.locator(`img[alt="${file}"]`)).toBeVisible();
  await expect.poll(() => seen.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  expect(errors).toEqual([]);
  await visitor.ctx.close();
});

test("editing (the file removed) and deleting; the admin sees an agent's personal reply read-only and may delete it", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { tag, company, ana } = await setUp(request);
  const anaLogin = await agentPage(browser, ana);
  const token = anaLogin.token;
  const shared = await ok(request, token, "POST", "/api/quick-messages", { shortcode: `hours${tag}`, message: "We open at 9", geral: true });
  await ok(request, token, "POST", "/api/quick-messages", { shortcode: `mine${tag}`, message: "Only mine", visao: true, geral: false });
  const upload = await request.post(`${BASE_URL}/api/quick-messages/${shared.id}/media-upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "hours.png", mimeType: "image/png", buffer: gradientPng(20, 20) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const page = anaLogin.page;
  await page.goto("/quick-messages");
  await expect(row(page, `hours${tag}`).getByTestId("quick-message-media")).toHaveText("hours.png");
  await row(page, `hours${tag}`).getByTestId("quick-message-edit").click();
  const modal = page.getByTestId("quick-message-modal");
  await expect(modal.locator("input[name=shortcode]")).toHaveValue(`hours${tag}`);
  await modal.locator("textarea[name=message]").fill("We open at 8");
  await modal.getByTestId("quick-message-remove-file").click();
  await expect(modal.getByTestId("quick-message-attachment")).toHaveCount(0);
  await modal.getByTestId("quick-message-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Quick reply saved" })).toBeVisible();
  await expect(row(page, `hours${tag}`).getByTestId("quick-message-media")).toHaveText("No attachment");
  const stored = await ok(request, token, "GET", `/api/quick-messages/${shared.id}`);
  expect(stored).toMatchObject({ message: "We open at 8", isMedia: false, geral: true });

  // The search finds by shortcode or text.
  await page.getByTestId("quick-messages-search").fill("only mine");
  await expect(page.getByTestId("quick-message-row")).toHaveCount(1);
  await expect(row(page, `mine${tag}`)).toBeVisible();
  await page.getByTestId("quick-messages-search").fill("");
  await expect(page.getByTestId("quick-message-row")).toHaveCount(2);

  // The company's admin: Ana's personal reply with visibility on is hers alone to edit; the admin may still delete it.
  const admin = await agentPage(browser, company.owner);
  await admin.page.goto("/quick-messages");
  await row(admin.page, `mine${tag}`).getByTestId("quick-message-edit").click();
  const adminModal = admin.page.getByTestId("quick-message-modal");
  await expect(adminModal.getByTestId("quick-message-read-only")).toHaveText("Only its owner edits this quick reply.");
  await expect(adminModal.locator("input[name=shortcode]")).toBeDisabled();
  await expect(adminModal.getByTestId("quick-message-save")).toHaveCount(0);
  await admin.page.keyboard.press("Escape");
  await row(admin.page, `mine${tag}`).getByTestId("quick-message-delete").click();
  const confirm = admin.page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`Delete the quick reply mine${tag}?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(admin.page.getByTestId("toast").filter({ hasText: "Quick reply deleted" })).toBeVisible();
  await expect(row(admin.page, `mine${tag}`)).toHaveCount(0);
  await expect(row(page, `mine${tag}`), "Ana's open page drops it live").toHaveCount(0);
  expect((await ok(request, admin.token, "GET", "/api/quick-messages")).records.map((r: { id: number }) => r.id)).toEqual([shared.id]);

  // Ana deletes her shared one from the page.
  await row(page, `hours${tag}`).getByTestId("quick-message-delete").click();
  await page.getByTestId("confirmation-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row(page, `hours${tag}`)).toHaveCount(0);
  await expect(row(admin.page, `hours${tag}`), "the admin's page drops it live").toHaveCount(0);
  await expect(page.getByTestId("quick-messages-table")).toContainText("No quick replies yet");
});

test("the shortcode is required, in Portuguese", async ({ browser, request }) => {
  const { ana } = await setUp(request);
  const ctx = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const login = await page.request.post(`${BASE_URL}/api/auth/login`, { data: { email: ana.email, password: ana.password } });
  expect(login.status()).toBe(200);
  await page.goto("/quick-messages");
  await expect(page.getByRole("heading", { name: /Respostas rápidas/ })).toBeVisible();
  await page.getByTestId("quick-messages-add").click();
  const modal = page.getByTestId("quick-message-modal");
  await modal.locator("textarea[name=message]").fill("Sem atalho");
  await modal.getByTestId("quick-message-save").click();
  await expect(modal.getByText("Obrigatório")).toBeVisible();
  await modal.locator("input[name=shortcode]").fill("oi");
  await expect(modal.getByText("Obrigatório")).toHaveCount(0);
  await ctx.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: quick-messages page and dialog, ${theme} at ${width} px`, async ({ browser, request }) => {
      const { tag, ana } = await setUp(request);
      const { page, token } = await agentPage(browser, ana, { theme, width, height: width > 600 ? 800 : 740 });
      for (const [shortcode, message, geral] of [
        [`welcome${tag}`, "Hello! Thank you for contacting us. How can we help you today?", true],
        [`hours`, "We are open Monday to Friday, from 9 am to 6 pm.", false],
        [`pix`, "Our PIX key is the company's tax number.", true],
      ] as const) {
        const made = await ok(request, token, "POST", "/api/quick-messages", { shortcode, message, geral });
        if (shortcode === "pix") {
          const up = await page.request.post(`${BASE_URL}/api/quick-messages/${made.id}/media-upload`, {
            headers: { authorization: `Bearer ${token}` },
            multipart: { file: { name: "pix-qr-code.png", mimeType: "image/png", buffer: gradientPng(40, 40) } },
          });
          expect(up.status()).toBe(200);
        }
      }
      await page.goto("/quick-messages");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("quick-message-row")).toHaveCount(3);
      await page.waitForLoadState("networkidle");
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`quick-messages-page-${theme}-${width}`) });

      await row(page, "pix").getByTestId("quick-message-edit").click();
      const modal = page.getByTestId("quick-message-modal");
      await expect(modal).toBeVisible();
      await page.waitForTimeout(300); // the dialog's fade-in
      const frame = (await modal.boundingBox())!;
      for (const button of await modal.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 0.5, "every dialog button inside the dialog").toBe(true);
      }
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`quick-messages-dialog-${theme}-${width}`) });
    });
  }
}
