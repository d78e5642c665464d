/**
 * A fresh install serves a contact through the web app alone: the compiled binary starts on an empty data folder with
 * its first admin; that admin logs in on the login page, creates a queue, an agent in that queue with the user form's
 * defaults ("see tickets without queue" off) and a web-chat connection linked to the queue, all in the app; a visitor
 * writes; the agent sees the ticket live, accepts it without being asked for a queue and answers; the visitor gets the
 * answer. No API call by hand.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { agentPage, openVisitor, PASSWORD, uid } from "./helpers/inbox";
import { type RunningServer, startServer } from "./helpers/server";

test.use({ locale: "en-US" });

const FIRST_ADMIN = { email: "owner@fresh.test", password: "Owner123!" };
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "multi100-fresh-install-e2e-"));
  expect(readdirSync(dataDir)).toEqual([]);
  server = await startServer({
    env: { DATA_DIR: dataDir, HOST: "127.0.0.1", ADMIN_EMAIL: FIRST_ADMIN.email, ADMIN_PASSWORD: FIRST_ADMIN.password, LOG_LEVEL: "error" },
    timeoutMs: 30_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Picks `label` in the multi-select combobox `name` of a dialog. */
async function pick(page: Page, dialog: string, name: string, label: string) {
  await page.getByTestId(dialog).getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: label }).click();
  await page.keyboard.press("Escape");
}

test("an empty data folder: the first admin logs in, makes a queue, an agent and a web chat in the app; a visitor is served live without a queue prompt", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uid();
  const ctx = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const adminErrors: string[] = [];
  page.on("pageerror", (err) => adminErrors.push(err.message));

  await test.step("the first admin logs in on the login page", async () => {
    await page.goto("/login");
    await page.locator("input[name=email]").fill(FIRST_ADMIN.email);
    await page.locator("input[name=password]").fill(FIRST_ADMIN.password);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("menu-queues")).toBeVisible();
  });

  const queueName = `Support ${tag}`;
  await test.step("the admin creates the install's first queue", async () => {
    await page.getByTestId("menu-queues").click();
    await expect(page.getByTestId("queues-table")).toContainText("No queues yet");
    await page.getByTestId("queues-add").click();
    await page.getByTestId("queue-modal").locator("input[name=name]").fill(queueName);
    await page.getByTestId("queue-save").click();
    await expect(page.getByTestId("queue-row").filter({ hasText: queueName })).toBeVisible();
  });

  const agentCreds = { email: `agent-${tag}@fresh.test`, password: PASSWORD };
  await test.step("the admin creates an agent in that queue, with the form's defaults", async () => {
    await page.getByTestId("menu-users").click();
    await page.getByTestId("users-add").click();
    const modal = page.getByTestId("user-modal");
    await modal.locator("input[name=name]").fill(`Agent ${tag}`);
    await modal.locator("input[name=email]").fill(agentCreds.email);
    await modal.locator("input[name=password]").fill(agentCreds.password);
    await pick(page, "user-modal", "Queues", queueName);
    await page.getByTestId("user-save").click();
    await expect(modal).toHaveCount(0);
  });

  let widgetKey = "";
  await test.step("the admin creates a web-chat connection linked to the queue and reads its embed code", async () => {
    await page.getByTestId("menu-connections").click();
    await page.getByTestId("connections-add").click();
    await page.getByTestId("add-webchat").click();
    const modal = page.getByTestId("connection-modal");
    await modal.locator("input[name=name]").fill(`Site ${tag}`);
    await pick(page, "connection-modal", "Queues", queueName);
    await page.getByTestId("connection-save").click();
    await expect(modal).toHaveCount(0);
    // A new web chat opens its embed code at once.
    await expect(page.getByTestId("embed-dialog")).toBeVisible();
    const href = (await page.getByTestId("embed-preview").getAttribute("href"))!;
    widgetKey = /widget\/([A-Za-z0-9]+)/.exec(href)?.[1] ?? "";
    expect(widgetKey).not.toBe("");
  });

  const agent = await agentPage(browser, agentCreds, { baseURL: server.baseURL });
  await agent.page.goto("/tickets");
  await agent.page.getByTestId("tab-pending").click();
  const visitorName = `Visitor ${tag}`;
  const visitor = await openVisitor(browser, widgetKey, visitorName, server.baseURL);
  const question = `Hello, I need help ${tag}`;
  await visitor.write(question);

  await test.step("the agent sees the ticket live and accepts it without a queue prompt", async () => {
    const item = agent.page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: visitorName });
    await expect(item).toBeVisible();
    await item.getByTestId("ticket-accept").click();
    await expect(agent.page.getByTestId("tab-open")).toHaveAttribute("aria-selected", "true");
    await expect(agent.page.getByTestId("accept-modal")).toHaveCount(0);
    await expect(agent.page.getByTestId("transfer-modal")).toHaveCount(0);
  });

  await test.step("the agent answers; the visitor gets it", async () => {
    const answer = `On it ${tag}`;
    const box = agent.page.getByTestId("message-textarea");
    await box.fill(answer);
    await box.press("Enter");
    await expect(visitor.page.getByTestId("webchat-messages").getByText(answer)).toBeVisible();
  });
  expect(adminErrors).toEqual([]);
  expect(agent.errors).toEqual([]);
  await visitor.ctx.close();
  await agent.ctx.close();
  await ctx.close();
});
