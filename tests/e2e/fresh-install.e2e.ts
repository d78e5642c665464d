/**
 * A new company serves a contact through the web app alone: its admin creates a queue, an agent in that queue with
 * the user form's defaults ("see tickets without queue" off) and a web-chat connection linked to the queue, all in the
 * app; a visitor writes; the agent sees the ticket live, accepts it without being asked for a queue and answers; the
 * visitor gets the answer. The company comes from signup (a fresh tenant on the shared server).
 */
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, apiLogin, BASE_URL } from "./helpers/server";
import { agentPage, ok, openVisitor, PASSWORD, uid } from "./helpers/inbox";

test.use({ locale: "en-US" });

/** Picks `label` in the multi-select combobox `name` of a dialog. */
async function pick(page: Page, dialog: string, name: string, label: string) {
  await page.getByTestId(dialog).getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: label }).click();
  await page.keyboard.press("Escape");
}

test("a fresh company: queue, agent and web chat made in the app; a visitor is served live without a queue prompt", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = uid();
  const owner = { email: `fresh-${tag}@fresh.test`, password: PASSWORD };
  const root = await apiLogin(request, ADMIN);
  const signup = (value: "enabled" | "disabled") => ok(request, root.token, "PUT", "/api/settings/userCreation", { key: "userCreation", value });
  await signup("enabled");
  try {
    const res = await request.post(`${BASE_URL}/api/auth/signup`, {
      data: { name: `Owner ${tag}`, companyName: `Fresh ${tag}`, email: owner.email, password: owner.password, phone: "5511999999999", planId: 1 },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  } finally {
    await signup("disabled");
  }

  const admin = await agentPage(browser, owner);
  const page = admin.page;
  const queueName = `Support ${tag}`;
  await test.step("the admin creates a queue", async () => {
    await page.goto("/tickets");
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

  const agent = await agentPage(browser, agentCreds);
  await agent.page.goto("/tickets");
  await agent.page.getByTestId("tab-pending").click();
  const visitorName = `Visitor ${tag}`;
  const visitor = await openVisitor(browser, widgetKey, visitorName);
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
  expect(admin.errors).toEqual([]);
  expect(agent.errors).toEqual([]);
  await visitor.ctx.close();
  await agent.ctx.close();
  await admin.ctx.close();
});
