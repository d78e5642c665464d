/**
 * The external messages API help page: its text and media test forms send through
 * POST /api/messages/send with a connection's token, and a web-chat visitor who gave that phone number in the widget
 * receives both live. Without the plan's useExternalApi the page says so and goes to / after 1 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { apiLogin, BASE_URL, ROOT, screenshotPath, startServer } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

// 1x1 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("the test forms deliver a text and a picture to a web-chat visitor", async ({ page, browser, request }) => {
  const tag = uid();
  const { token } = await apiLogin(request);
  const created = await request.post(`${BASE_URL}/api/whatsapp`, {
    data: { name: `API site ${tag}`, channel: "webchat" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { widgetKey } = (await created.json()) as { widgetKey: string };

  // The visitor starts a chat in the widget, giving a phone number: the API reaches them by it.
  const phone = `5511${String(Date.now()).slice(-9)}`;
  const visitor = await (await browser.newContext({ locale: "en-US", viewport: { width: 375, height: 700 } })).newPage();
  await visitor.goto(`${BASE_URL}/widget/${widgetKey}`);
  const form = visitor.getByTestId("webchat-form");
  await form.locator("input[name=name]").fill(`Visitor ${tag}`);
  await form.locator("input[name=phone]").fill(phone);
  await form.getByRole("button").click();
  const messages = visitor.getByTestId("webchat-messages");
  await expect(visitor.getByTestId("webchat-input")).toBeVisible();

  // The admin opens the help page and sends with the connection's token, picked from their connections.
  await apiLogin(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/messages-api");
  const text = page.getByTestId("api-test-text");
  await expect(page.getByTestId("api-doc-text")).toContainText(`${BASE_URL}/api/messages/send`);
  await text.locator("[name=token]").fill("not-a-token-at-all-1234");
  await text.locator("input[name=number]").fill(phone);
  await text.locator("textarea[name=body]").fill(`Hello from the API ${tag}`);
  await page.getByTestId("api-test-text-send").click();
  // A refused token is said under the field; the user's own session is not touched.
  await expect(text.getByText("This token does not belong to any connection.")).toBeVisible();
  await expect(page).toHaveURL(/\/messages-api$/);

  await text.getByRole("combobox", { name: "Connection" }).click();
  await page.getByRole("option", { name: `API site ${tag}` }).click();
  await expect(text.locator("[name=token]")).toHaveValue(/^[A-Za-z0-9]{30}$/);
  await page.getByTestId("api-test-text-send").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Message sent successfully" })).toBeVisible();
  await expect(messages.getByText(`Hello from the API ${tag}`)).toBeVisible();

  const media = page.getByTestId("api-test-media");
  await media.getByRole("combobox", { name: "Connection" }).click();
  await page.getByRole("option", { name: `API site ${tag}` }).click();
  await media.locator("input[name=number]").fill(phone);
  await media.locator("input[name=medias]").setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
  await expect(media.getByTestId("api-test-files")).toHaveText("pixel.png");
  await media.locator("textarea[name=body]").fill(`A picture ${tag}`);
  await page.getByTestId("api-test-media-send").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Message sent successfully" }).first()).toBeVisible();
  await expect(messages.getByText(`A picture ${tag}`)).toBeVisible();
  await expect(messages.locator("img")).toHaveCount(1);

  await expect(media.getByTestId("api-test-files")).toHaveText("No file chosen");
  await page.getByTestId("api-doc-media").scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("messages-api-light-1280") });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByTestId("api-doc-text").scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("messages-api-light-375") });
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: screenshotPath("messages-api-dark-375") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("api-doc-media").scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("messages-api-dark-1280") });
  await visitor.context().close();
});

test("without useExternalApi in the plan the page says so and goes to / after 1 s", async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "multi100-messages-api-e2e-"));
  const admin = { email: "admin@messages-api.local", password: "Admin123!" };
  const server = await startServer({
    cmd: [join(ROOT, "node_modules", ".bin", "bun"), "tests/e2e/helpers/fake-channel-server.ts"],
    env: { DATA_DIR: dataDir, HOST: "127.0.0.1", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: "error" },
    timeoutMs: 30_000,
  });
  try {
    // helpers/fake-channel.ts: the plan's flags, as plan administration would set them.
    const res = await page.request.post(`${server.baseURL}/api/webhooks/whatsapp/e2e/plan/1`, { data: { flags: { useExternalApi: false } } });
    expect(res.status()).toBe(200);
    await apiLogin(page.request, admin, server.baseURL);
    await page.goto(`${server.baseURL}/messages-api`);
    await expect(page.getByTestId("toast").filter({ hasText: "This company has no permission to access this page! Redirecting" })).toBeVisible();
    await expect(page.getByTestId("api-test-text")).toHaveCount(0);
    await expect(page).toHaveURL(`${server.baseURL}/`, { timeout: 3000 });
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await expect(page.getByTestId("menu-messages-api")).toHaveCount(0);
  } finally {
    // The page's socket would hold the server's graceful stop open.
    await page.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
