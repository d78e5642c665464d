/**
 * Texts and small screens: validation messages in pt, en and es that go as soon as the field is
 * fixed; the resolve dialog's buttons inside the dialog in pt and es; the contact drawer leaves the conversation's
 * actions reachable and closes on Escape; '/' without quick replies says so; signup says it is disabled before any
 * form; the bell lists the user's unread tickets and opens them; the 403 screen's 'Oops! Acesso Negado!' and
 * 'Voltar'; the 'accessed from another computer' message stays on the login page after the reload.
 * Runs against the shared server of playwright.config.ts.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, ok, PASSWORD, uid, visitorTicket } from "./helpers/inbox";
import { ADMIN, apiLogin, screenshotPath } from "./helpers/server";

test.setTimeout(90_000);

const LOCALES = {
  pt: { locale: "pt-BR", required: "Obrigatório", tooShort: "Muito curto!", tooLong: "Muito longo!", invalidEmail: "Email inválido" },
  en: { locale: "en-US", required: "Required", tooShort: "Too Short!", tooLong: "Too Long!", invalidEmail: "Invalid email" },
  es: { locale: "es-ES", required: "Obligatorio", tooShort: "¡Muy corto!", tooLong: "¡Muy largo!", invalidEmail: "Correo electrónico inválido" },
} as const;

/** A browser context in one language (the web app follows the browser's language when none was chosen). */
async function pageIn(browser: Browser, locale: string, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ locale, viewport });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { ctx, page, errors };
}

const fieldError = (page: Page, name: string) => page.locator(`[data-scope=field][data-part=root]:has([name=${name}]) [data-part=error-text]`);

for (const [lng, text] of Object.entries(LOCALES)) {
  test(`validation messages in ${lng}: the user form and the login form, each error gone as soon as its field is valid`, async ({ browser }) => {
    const { ctx, page, errors } = await pageIn(browser, text.locale);
    await page.goto("/login");
    await page.getByTestId("login-submit").click();
    await expect(fieldError(page, "email")).toHaveText(text.required);
    await expect(fieldError(page, "password")).toHaveText(text.required);
    await page.locator("input[name=email]").fill("not-an-email");
    await expect(fieldError(page, "email")).toHaveText(text.invalidEmail);
    await page.locator("input[name=email]").fill(ADMIN.email);
    await expect(fieldError(page, "email")).toHaveCount(0);
    await page.locator("input[name=password]").fill(ADMIN.password);
    await expect(fieldError(page, "password")).toHaveCount(0);

    await apiLogin(page.request);
    await page.goto("/users");
    await page.getByTestId("users-add").click();
    const modal = page.getByTestId("user-modal");
    await page.getByTestId("user-save").click();
    await expect(modal.getByText(text.required, { exact: true })).toHaveCount(3);
    // Typing follows the rule at once, without another submit.
    await modal.locator("input[name=name]").fill("A");
    await expect(fieldError(page, "name")).toHaveText(text.tooShort);
    await modal.locator("input[name=name]").fill("x".repeat(51));
    await expect(fieldError(page, "name")).toHaveText(text.tooLong);
    await modal.locator("input[name=email]").fill("bad-email");
    await expect(fieldError(page, "email")).toHaveText(text.invalidEmail);
    await modal.locator("input[name=password]").fill("123");
    await expect(fieldError(page, "password")).toHaveText(text.tooShort);
    await page.screenshot({ path: screenshotPath(`validation-user-form-${lng}`) });
    await modal.locator("input[name=email]").fill(`someone-${uid()}@e2e.local`);
    await expect(fieldError(page, "email")).toHaveCount(0);
    await modal.locator("input[name=name]").fill("Valid Name");
    await expect(fieldError(page, "name")).toHaveCount(0);
    await modal.locator("input[name=password]").fill("Valid123!");
    await expect(fieldError(page, "password")).toHaveCount(0);
    await expect(modal.locator("[data-part=error-text]:not(:empty)")).toHaveCount(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
}

test("the connection form: a plugin setting the server refused loses its message as soon as it is changed", async ({ page }) => {
  await apiLogin(page.request);
  await page.goto("/connections");
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-webchat").click();
  const modal = page.getByTestId("connection-modal");
  await modal.locator("input[name=name]").fill(`Origins ${uid()}`);
  const origins = modal.locator('textarea[name="config.allowedOrigins"]');
  await origins.fill("not a site");
  await page.getByTestId("connection-save").click();
  const error = modal.locator('[data-scope=field][data-part=root]:has([name="config.allowedOrigins"]) [data-part=error-text]');
  await expect(error).toContainText("Line 1:");
  await origins.fill("https://www.example.com");
  await expect(error).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
});

for (const lng of ["pt", "es"] as const) {
  test(`the resolve dialog's buttons lie inside the dialog at 1280 px in ${lng}`, async ({ browser, request }) => {
    const tag = uid();
    const { connection, owner } = await adminWithWebchat(request, tag);
    const { ctx, page, token, user } = await agentPage(browser, owner);
    const ticket = await visitorTicket(request, token, connection.widgetKey, `Resolve ${tag}`, `hello ${tag}`);
    await ok(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: user.id });
    await ctx.addInitScript((l) => localStorage.setItem("i18nextLng", l), lng);
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByTestId("header-resolve").click();
    const dialog = page.getByTestId("resolve-dialog");
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("resolve-without-farewell")).toHaveText(lng === "pt" ? "Resolver sem despedida" : "Resolver sin despedida");
    const box = (await dialog.boundingBox())!;
    for (const id of ["resolve-without-farewell", "resolve-with-farewell"]) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.x, id).toBeGreaterThanOrEqual(box.x);
      expect(b.y, id).toBeGreaterThanOrEqual(box.y);
      expect(b.x + b.width, id).toBeLessThanOrEqual(box.x + box.width);
      expect(b.y + b.height, id).toBeLessThanOrEqual(box.y + box.height);
    }
    await page.screenshot({ path: screenshotPath(`resolve-dialog-${lng}-1280`) });
    await ctx.close();
  });
}

test("the contact drawer leaves the header's actions and the input reachable and closes on Escape", async ({ browser, request }) => {
  const tag = uid();
  const { connection, owner } = await adminWithWebchat(request, tag);
  for (const width of [1280, 375]) {
    const { ctx, page, token, user, errors } = await agentPage(browser, owner, { width, height: 800 });
    const ticket = await visitorTicket(request, token, connection.widgetKey, `Drawer ${tag} ${width}`, `hi ${tag} ${width}`);
    await ok(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: user.id });
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByTestId("ticket-contact").click();
    const drawer = page.getByTestId("contact-drawer");
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId("drawer-contact-name")).toHaveText(`Drawer ${tag} ${width}`);
    // Nothing lies over the header's buttons or the input: a click would reach them.
    for (const id of ["header-menu", "header-resolve", "ticket-back", "message-textarea", "emoji-button"]) {
      await page.getByTestId(id).click({ trial: true, timeout: 3000 });
    }
    await page.screenshot({ path: screenshotPath(`contact-drawer-${width}`) });
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    // Escape in the drawer's own edit dialog closes that dialog only.
    await page.getByTestId("ticket-contact").click();
    await page.getByTestId("contact-edit").click();
    await expect(page.getByTestId("contact-edit-dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("contact-edit-dialog")).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    expect(errors).toEqual([]);
    await ctx.close();
  }
});

test("typing '/' without quick replies says there are none", async ({ browser, request }) => {
  const tag = uid();
  const { connection, owner } = await adminWithWebchat(request, tag);
  const { ctx, page, token, user } = await agentPage(browser, owner);
  const ticket = await visitorTicket(request, token, connection.widgetKey, `Quick ${tag}`, `hey ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: user.id });
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByTestId("message-textarea").fill("/");
  await expect(page.getByTestId("quick-messages-empty")).toHaveText("There are no quick replies yet.");
  await page.screenshot({ path: screenshotPath("quick-replies-none") });
  await page.getByTestId("message-textarea").fill("hello");
  await expect(page.getByTestId("quick-messages-empty")).toHaveCount(0);
  await ctx.close();
});

test("signup says it is disabled before offering any field, and shows the form once enabled", async ({ page, request }) => {
  const { token } = await apiLogin(request);
  const setSignup = (value: "enabled" | "disabled") => ok(request, token, "PUT", "/api/settings/userCreation", { key: "userCreation", value });
  await setSignup("disabled");
  await page.goto("/signup");
  await expect(page.getByTestId("signup-disabled")).toContainText("Signup is disabled");
  await expect(page.locator("input")).toHaveCount(0);
  await page.screenshot({ path: screenshotPath("signup-disabled") });
  await setSignup("enabled");
  try {
    await page.goto("/signup");
    await expect(page.getByTestId("signup-form")).toBeVisible();
    await expect(page.getByTestId("signup-disabled")).toHaveCount(0);
  } finally {
    await setSignup("disabled");
  }
});

test("the bell lists the user's tickets with unread messages, live, and opens one", async ({ browser, request }) => {
  const tag = uid();
  const { connection, owner } = await adminWithWebchat(request, tag);
  const { ctx, page, token, user, errors } = await agentPage(browser, owner, { theme: "dark" });
  // Tickets of this web chat have no queue: the owner's own view holds them with allTicket.
  await ok(request, token, "PUT", `/api/users/${user.id}`, { allTicket: "enable" });
  await visitorTicket(request, token, connection.widgetKey, `Bell one ${tag}`, `first ${tag}`);
  await page.goto("/users");
  const count = page.getByTestId("notifications-count");
  await expect(count).toHaveText("1");
  // A new ticket arrives while the page is open.
  const second = await visitorTicket(request, token, connection.widgetKey, `Bell two ${tag}`, `*second* ${tag}`);
  await expect(count).toHaveText("2");
  await page.getByTestId("notifications-button").click();
  const items = page.getByTestId("notification-ticket");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`Bell two ${tag}`);
  // The preview is plain text: the WhatsApp marks are stripped as in the ticket list.
  await expect(items.first()).toContainText(`second ${tag}`);
  await expect(items.first()).not.toContainText("*");
  await page.screenshot({ path: screenshotPath("bell-unread-tickets") });
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${second.uuid}$`));
  await expect(page.getByTestId("notifications-popover")).toBeHidden();
  // Reading the conversation marks it read: the bell keeps only the other one.
  await expect(count).toHaveText("1");
  // On a phone the list fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId("notifications-button").click();
  await expect(items).toHaveCount(1);
  const box = (await page.getByTestId("notifications-popover").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: screenshotPath("bell-unread-tickets-dark-375") });
  expect(errors).toEqual([]);
  await ctx.close();
});

test("the 403 screen says 'Oops! Acesso Negado!' with a 'Voltar' link to /tickets", async ({ browser, request }) => {
  const { token } = await apiLogin(request);
  const agent = await createAgent(request, token, uid(), "Denied", {});
  for (const locale of ["en-US", "es-ES"]) {
    const { ctx, page } = await pageIn(browser, locale);
    await apiLogin(page.request, { email: agent.email, password: PASSWORD });
    await page.goto("/users");
    const screen = page.getByTestId("no-access");
    await expect(screen.getByRole("heading")).toHaveText("Oops! Acesso Negado!");
    await expect(page.getByTestId("users-table")).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`no-access-${locale}`) });
    await screen.getByRole("link", { name: "Voltar" }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await ctx.close();
  }
});

test("'accessed from another computer' stays on the login page after the reload, until the next login", async ({ browser, request }) => {
  const { token } = await apiLogin(request);
  const agent = await createAgent(request, token, uid(), "Twice", {});
  const first = await pageIn(browser, "en-US");
  await apiLogin(first.page.request, { email: agent.email, password: PASSWORD });
  await first.page.goto("/tickets");
  await expect(first.page.getByTestId("topbar")).toBeVisible();
  await first.page.waitForTimeout(1000); // the socket is open

  await apiLogin(request, { email: agent.email, password: PASSWORD });
  await expect(first.page).toHaveURL(/\/login/, { timeout: 10_000 });
  const notice = first.page.getByTestId("session-ended");
  await expect(notice).toHaveText("Sua conta foi acessada em outro computador.");
  // Not a passing toast: still there well after the jump.
  await first.page.waitForTimeout(3000);
  await expect(notice).toBeVisible();
  await first.page.screenshot({ path: screenshotPath("accessed-elsewhere-login") });
  expect(await first.page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  await first.page.locator("input[name=email]").fill(agent.email);
  await first.page.locator("input[name=password]").fill(PASSWORD);
  await first.page.getByTestId("login-submit").click();
  await expect(first.page).toHaveURL(/\/tickets$/);
  expect(await first.page.evaluate(() => sessionStorage.getItem("sessionEnded"))).toBeNull();
  await first.ctx.close();
});
