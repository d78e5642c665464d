/**
 * The QR dialog when WhatsApp cannot be reached: on a server of its own running the REAL WhatsApp
 * plugin on the fake Baileys socket (helpers/whatsapp-server.ts), a socket that cannot connect makes the dialog show
 * the plugin's error with a retry button instead of spinning; the retry, once WhatsApp answers, brings the QR code.
 * A service that never answers (no code, no error) is reported after the dialog's wait of 30 s.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiCall, type OwnServer, startOwnServer } from "./helpers/own-server";
import { apiLogin, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });
test.setTimeout(60_000);

const ADMIN = { email: "admin@qr-errors.local", password: "Admin123!" } as const;
const QR = "2@E2ErefQrErrors000000000000000000000000000000000000000000,noiseKey=,identityKey=,advSecret=";
let own: OwnServer;
const url = (path: string) => `${own.server.baseURL}${path}`;

test.beforeAll(async () => {
  own = await startOwnServer({ script: "tests/e2e/helpers/whatsapp-server.ts", name: "qr-errors", admin: ADMIN });
});

test.afterAll(async () => {
  await own?.stop();
});

async function network(request: APIRequestContext, reachable: boolean) {
  const res = await request.post(url("/api/webhooks/whatsapp/e2e-network"), { data: { reachable } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens /connections and adds a WhatsApp connection through the add menu (the QR dialog opens by itself). */
async function addWhatsApp(page: Page, name: string) {
  await apiLogin(page.request, ADMIN, own.server.baseURL);
  await page.goto(url("/connections"));
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-whatsapp").click();
  const modal = page.getByTestId("connection-modal");
  await modal.locator("input[name=name]").fill(name);
  await page.getByTestId("connection-save").click();
  await expect(modal).toHaveCount(0);
  const list = (await apiCall(page.request, own.server.baseURL, own.apiToken, "GET", "/api/whatsapp?session=0")) as { id: number; name: string }[];
  return list.find((c) => c.name === name)!.id;
}

test("WhatsApp unreachable: the QR dialog shows the plugin's error and a retry that brings the QR code once it answers", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await network(request, false);
  let id = 0;
  try {
    id = await addWhatsApp(page, "Unreachable phone");
    const dialog = page.getByTestId("qr-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("qr-failed")).toContainText("The connection could not reach the channel's service:");
    await expect(dialog.getByTestId("qr-error")).toHaveText("WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)");
    await expect(dialog.getByTestId("qr-waiting")).toHaveCount(0);
    await page.screenshot({ path: screenshotPath("qr-dialog-unreachable-light-1280") });
    // The core keeps retrying with backoff meanwhile: the error stays until something else is known.
    await page.waitForTimeout(2500);
    await expect(dialog.getByTestId("qr-error")).toBeVisible();
  } finally {
    await network(request, true);
  }

  // WhatsApp answers again; a person retries: the dialog waits, then shows the QR code.
  const dialog = page.getByTestId("qr-dialog");
  await dialog.getByTestId("qr-retry").click();
  await expect(dialog.getByTestId("qr-waiting")).toBeVisible();
  await expect(dialog.getByTestId("qr-failed")).toHaveCount(0);
  await expect
    .poll(async () => (await request.post(url(`/api/webhooks/whatsapp/e2e/${id}`), { data: { op: "qr", value: QR } })).status(), { timeout: 10_000 })
    .toBe(200);
  await expect(page.getByTestId("qr-canvas")).toBeVisible();
});

test("a service that never answers is reported after 30 s, with a retry", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.install();
  await addWhatsApp(page, "Silent phone");
  const dialog = page.getByTestId("qr-dialog");
  await expect(dialog.getByTestId("qr-waiting")).toBeVisible();
  await page.clock.fastForward(20_000);
  await expect(dialog.getByTestId("qr-waiting")).toBeVisible();
  await page.clock.fastForward(11_000);
  await expect(dialog.getByTestId("qr-failed")).toContainText("The channel's service did not answer.");
  await expect(dialog.getByTestId("qr-retry")).toBeVisible();
  await page.screenshot({ path: screenshotPath("qr-dialog-no-answer-light-375") });
  await dialog.getByTestId("qr-retry").click();
  await expect(dialog.getByTestId("qr-waiting")).toBeVisible();
});
