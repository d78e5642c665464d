/**
 * The queue dialog's chatbot tab and the queue deletion refusals, in pt: an admin builds a two-level option tree (a
 * root option with its message, two sub-options, one handing the ticket to another queue), reloads and finds it
 * saved; a name under 4 characters is refused under its field; the queue a chatbot option points at cannot be deleted
 * and the dialog names the option; deleting a queue that holds a live ticket asks for the queue that takes it, and
 * the ticket moves (at 390 px). Screenshots light and dark, desktop and phone (tests/e2e/screenshots/queues-chatbot-*.png): no
 * horizontal overflow at 390 px, every dialog button inside the dialog, the dark canvas differs from the light one.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminWithWebchat, api, ok, uid, visitorTicket } from "./helpers/inbox";
import { apiLogin, loginViaApi, screenshotPath } from "./helpers/server";

test.use({ locale: "pt-BR" });

const hex = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
const row = (page: Page, name: string) => page.getByTestId("queue-row").filter({ hasText: name });
/** The option named `name` (its own buttons come first inside it, before those of its sub-options). */
const option = (scope: Page | Locator, name: string) => scope.locator(`[data-testid=chatbot-option][data-option-name="${name}"]`);
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Picks `label` in the Ark select named `name` inside `scope`. */
async function choose(page: Page, scope: Locator, name: string, label: string) {
  await scope.locator(`select[name=${name}]`).locator("xpath=..").locator("button[data-part=trigger]").click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** Records uncaught errors, console errors and /api answers of 4xx or 5xx other than the `expected` ones. */
function watch(page: Page, expected: RegExp[] = []) {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 409/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/") && r.status() >= 400 && !expected.some((e) => e.test(`${r.request().method()} ${url.pathname}`)))
      problems.push(`${r.status()} ${r.request().method()} ${url.pathname}`);
  });
  return problems;
}

async function openChatbot(page: Page, queueName: string) {
  await row(page, queueName).getByTestId("queue-edit").click();
  const modal = page.getByTestId("queue-modal");
  await modal.getByTestId("queue-tab-chatbot").click();
  await expect(modal.getByTestId("chatbot-tab")).toBeVisible();
  return modal;
}

test("an admin builds a two-level option tree, reloads and finds it saved; a short name is refused in pt", async ({ page, request }) => {
  const tag = uid();
  const { token, owner } = await adminWithWebchat(request, tag);
  const target = await ok(request, token, "POST", "/api/queue", { name: `Suporte técnico ${tag}`, color: hex() });
  const problems = watch(page, [/^DELETE \/api\/queue\/\d+$/]);
  await loginViaApi(page, owner);
  await page.goto("/queues");

  // A new queue: the data only, and the dialog says the chatbot comes after saving.
  await page.getByTestId("queues-add").click();
  const modal = page.getByTestId("queue-modal");
  await expect(modal.getByTestId("queue-tab-chatbot")).toHaveCount(0);
  await expect(modal.getByTestId("queue-chatbot-later")).toHaveText("Salve a fila primeiro; depois abra-a de novo para montar as opções do chatbot.");
  const name = `Vendas ${tag}`;
  await modal.locator("input[name=name]").fill(name);
  await page.getByTestId("queue-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Fila salva" })).toBeVisible();
  await expect(modal).toHaveCount(0);

  await openChatbot(page, name);
  await expect(modal.getByTestId("chatbot-inactive-notice")).toContainText("O chatbot ainda não responde aos contatos.");
  await expect(modal.getByTestId("chatbot-empty")).toHaveText("Nenhuma opção ainda.");

  // The root option: a name under 4 characters is refused under its field, in pt.
  await modal.getByTestId("chatbot-add-root").click();
  let form = modal.getByTestId("chatbot-form");
  await form.locator("input[name=name]").fill("Oi");
  await form.getByTestId("chatbot-save").click();
  await expect(form.getByText("Muito curto!")).toBeVisible();
  await form.locator("input[name=name]").fill("Menu principal");
  await form.locator("textarea[name=greetingMessage]").fill("Escolha:\n1 - Comercial\n2 - Suporte");
  await form.getByTestId("chatbot-save").click();
  await expect(form).toHaveCount(0);
  const root = option(modal, "Menu principal");
  await expect(root.getByTestId("chatbot-option-message").first()).toContainText("1 - Comercial");

  // Two sub-options: a text one and one that hands the ticket to the other queue.
  await root.getByTestId("chatbot-add-sub").first().click();
  form = modal.getByTestId("chatbot-form");
  await expect(form).toContainText("Nova subopção de Menu principal");
  await form.locator("input[name=name]").fill("Comercial");
  await form.locator("textarea[name=greetingMessage]").fill("Um vendedor já vem falar com você.");
  await form.getByTestId("chatbot-save").click();
  await expect(form).toHaveCount(0);

  await root.getByTestId("chatbot-add-sub").first().click();
  await form.locator("input[name=name]").fill("Suporte");
  await choose(page, form, "queueType", "Fila");
  await form.getByTestId("chatbot-save").click();
  await expect(form.getByText("Obrigatório")).toBeVisible();
  await choose(page, form, "optQueueId", target.name);
  await form.locator("label:has(input[name=closeTicket])").click();
  await form.getByTestId("chatbot-save").click();
  await expect(form).toHaveCount(0);
  await expect(option(root, "Suporte").getByTestId("chatbot-option-type")).toHaveText(`Fila: ${target.name}`);

  // Moving the second sub-option up changes the menu's order.
  await option(root, "Suporte").getByTestId("chatbot-up").click();
  await expect(root.getByTestId("chatbot-option-name")).toHaveText(["Menu principal", "Suporte", "Comercial"]);

  await page.reload();
  await openChatbot(page, name);
  const saved = option(modal, "Menu principal");
  await expect(saved.getByTestId("chatbot-option-name")).toHaveText(["Menu principal", "Suporte", "Comercial"]);
  await expect(saved.getByTestId("chatbot-option-message").first()).toContainText("2 - Suporte");
  await expect(option(saved, "Suporte")).toContainText("Encerra o ticket");
  await expect(option(saved, "Suporte").getByTestId("chatbot-option-type")).toHaveText(`Fila: ${target.name}`);
  await expect(option(saved, "Comercial").getByTestId("chatbot-option-type")).toHaveText("Texto");

  // Editing keeps the values; deleting an option with sub-options says they go with it.
  await option(saved, "Comercial").getByTestId("chatbot-edit").click();
  form = modal.getByTestId("chatbot-form");
  await expect(form.locator("input[name=name]")).toHaveValue("Comercial");
  await form.locator("input[name=name]").fill("Comercial e vendas");
  await form.getByTestId("chatbot-save").click();
  await expect(option(saved, "Comercial e vendas")).toBeVisible();
  await saved.getByTestId("chatbot-delete").first().click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText("As 2 subopção(ões) abaixo dela também são excluídas.");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(saved).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);

  // The queue the "Suporte" option points at cannot be deleted; the dialog names the option.
  await row(page, target.name).getByTestId("queue-delete").click();
  const dialog = page.getByTestId("confirmation-dialog");
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(dialog.getByTestId("queue-in-use-chatbot")).toHaveText(`Opções de chatbot de outras filas: Suporte (${name})`);
  await page.screenshot({ path: screenshotPath("queues-chatbot-delete-in-use-light-1280") });
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await expect(row(page, target.name)).toBeVisible();
  expect(problems).toEqual([]);
});

test("deleting a queue with a live ticket asks for the queue that takes it, and the ticket moves", async ({ page, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const doomed = await ok(request, token, "POST", "/api/queue", { name: `Antiga ${tag}`, color: hex() });
  const heir = await ok(request, token, "POST", "/api/queue", { name: `Nova ${tag}`, color: hex() });
  const ticket = await visitorTicket(request, token, connection.widgetKey, `Visitante ${tag}`, `Olá ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open", queueId: doomed.id });
  const problems = watch(page, [new RegExp(`^DELETE /api/queue/${doomed.id}$`)]);
  await page.setViewportSize({ width: 390, height: 740 });
  await loginViaApi(page, owner);
  await page.goto("/queues");

  await row(page, doomed.name).getByTestId("queue-delete").click();
  const dialog = page.getByTestId("confirmation-dialog");
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(dialog).toContainText("Esta fila ainda tem 1 ticket(s) aberto(s) ou pendente(s).");
  await dialog.getByTestId("queue-delete-confirm").click();
  await expect(dialog.getByText("Obrigatório")).toBeVisible();
  await choose(page, dialog, "targetQueueId", heir.name);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: screenshotPath("queues-chatbot-delete-move-light-390") });
  await dialog.getByRole("button", { name: "Mover tickets e excluir" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Tickets movidos e fila excluída" })).toBeVisible();
  await expect(row(page, doomed.name)).toHaveCount(0);
  await expect(row(page, heir.name)).toBeVisible();

  // The browser's login replaced the API session of the same user: log in again for the API call.
  const again = await apiLogin(request, owner);
  const moved = await api(request, again.token, "GET", `/api/tickets/u/${ticket.uuid}`);
  expect(moved.status).toBe(200);
  expect(moved.body.queueId).toBe(heir.id);
  expect(moved.body.status).toBe("open");
  expect(problems).toEqual([]);
});

/** A queue with a two-level tree built through the API, for the screenshots. */
async function queueWithTree(request: APIRequestContext, token: string, tag: string) {
  const other = await ok(request, token, "POST", "/api/queue", { name: `Financeiro ${tag}`, color: hex() });
  const queue = await ok(request, token, "POST", "/api/queue", { name: `Atendimento com um nome bem comprido ${tag}`, color: hex() });
  const root = await ok(request, token, "POST", "/api/chatbot", {
    queueId: queue.id,
    name: "Menu principal de atendimento",
    greetingMessage: "Olá! Escolha uma opção:\n1 - Comercial\n2 - Financeiro\n3 - Falar com uma pessoa",
    queueType: "text",
  });
  await ok(request, token, "POST", "/api/chatbot", {
    queueId: queue.id,
    parentId: root.id,
    name: "Comercial",
    greetingMessage: "Escolha: 1 - Planos",
    queueType: "text",
  });
  await ok(request, token, "POST", "/api/chatbot", {
    queueId: queue.id,
    parentId: root.id,
    name: "Financeiro",
    queueType: "queue",
    optQueueId: other.id,
    closeTicket: true,
  });
  await ok(request, token, "POST", "/api/chatbot", { queueId: queue.id, name: "Horário de atendimento", greetingMessage: "Das 8h às 18h.", queueType: "text" });
  const catalogue = await ok(request, token, "POST", "/api/files", { name: `Catálogo ${tag}`, message: "Nosso catálogo" });
  await ok(request, token, "POST", "/api/chatbot", { queueId: queue.id, name: "Catálogo", queueType: "file", optFileId: catalogue.id });
  return { ...(queue as { id: number; name: string }), catalogue: catalogue.name as string };
}

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots: the chatbot tab, ${theme} at ${width} px`, async ({ page, request }) => {
      const tag = uid();
      const { token, owner } = await adminWithWebchat(request, tag);
      const queue = await queueWithTree(request, token, tag);
      const login = await apiLogin(request, owner);
      await ok(request, login.token, "PUT", `/api/users/${login.user.id}`, { defaultTheme: theme });
      const problems = watch(page);
      await page.setViewportSize({ width, height: width > 600 ? 900 : 800 });
      await loginViaApi(page, owner);
      await page.goto("/queues");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const modal = await openChatbot(page, queue.name);
      await expect(modal.getByTestId("chatbot-option")).toHaveCount(5);
      // With file lists in the build, an option can send one.
      await expect(option(modal, "Catálogo").getByTestId("chatbot-option-type")).toHaveText(`Arquivo: ${queue.catalogue}`);
      await option(modal, "Comercial").getByTestId("chatbot-edit").click();
      await expect(modal.getByTestId("chatbot-form")).toBeVisible();
      await page.waitForTimeout(300); // the dialog's fade-in

      const frame = (await modal.boundingBox())!;
      for (const button of await modal.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= frame.x - 0.5 && box.x + box.width <= frame.x + frame.width + 0.5, "every dialog button inside the dialog").toBe(true);
      }
      expect(await noHorizontalScroll(page)).toBe(true);
      // The canvas and the dialog follow the theme: dark on dark, light on light.
      for (const el of [page.locator("body"), modal]) {
        const luminance = await el.evaluate((node) => {
          const [r, g, b] = getComputedStyle(node).backgroundColor.match(/\d+/g)!.map(Number);
          return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
        });
        if (theme === "dark") expect(luminance).toBeLessThan(0.2);
        else expect(luminance).toBeGreaterThan(0.8);
      }
      await page.screenshot({ path: screenshotPath(`queues-chatbot-${theme}-${width}`), fullPage: true });
      expect(problems).toEqual([]);
    });
  }
}
