/**
 * The WhatsApp plugin in the browser: on a server of its own running the REAL plugin
 * (plugins/channels/whatsapp) on its test socket (helpers/whatsapp-server.ts plays WhatsApp's side: QR codes, the
 * scan, open, a drop), an admin adds a WhatsApp connection through the add menu; the QR dialog shows the plugin's QR
 * code (decoded with jsQR), follows Baileys' rotation and closes on CONNECTED; a pairing code asked for by phone
 * number shows in the dialog; a drop turns the status icon, stamps when it dropped and lights the drawer's badge,
 * and the reconnect the core starts with backoff clears it.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import { apiLogin, type RunningServer, screenshotPath } from "./helpers/server";
import { apiCall, type OwnServer, startOwnServer } from "./helpers/own-server";

test.use({ locale: "en-US" });

const ADMIN = { email: "admin@whatsapp.local", password: "Admin123!" } as const;
// Baileys' QR payloads: ref, noise key, identity key, adv secret (shapes only; the fake socket passes them through).
const QR_1 = "2@E2ErefOne0000000000000000000000000000000000000000000000,noiseKeyOne=,identityKeyOne=,advSecretOne=";
const QR_2 = "2@E2ErefTwo0000000000000000000000000000000000000000000000,noiseKeyTwo=,identityKeyTwo=,advSecretTwo=";
let server: RunningServer;
let apiToken: string;
const url = (path: string) => `${server.baseURL}${path}`;

let own: OwnServer;
test.beforeAll(async () => {
  own = await startOwnServer({ script: "tests/e2e/helpers/whatsapp-server.ts", name: "whatsapp", admin: ADMIN });
  ({ server, apiToken } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

function call(request: APIRequestContext, method: string, path: string, data?: unknown) {
  return apiCall(request, server.baseURL, apiToken, method, path, data);
}

/** WhatsApp's side of one connection (helpers/whatsapp-server.ts). */
async function whatsapp(request: APIRequestContext, id: number, data: { op: "qr"; value: string } | { op: "scan" | "open" | "drop" }) {
  const res = await request.post(url(`/api/webhooks/whatsapp/e2e/${id}`), { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** What the plugin did with the connection's sockets. */
async function sockets(request: APIRequestContext, id: number): Promise<{ sockets: number; pairingRequests: string[]; live: boolean }> {
  return (await request.get(url(`/api/webhooks/whatsapp/e2e/${id}`))).json();
}

async function deleteAll(request: APIRequestContext) {
  const list = (await call(request, "GET", "/api/whatsapp?session=0")) as { id: number }[];
  for (const c of list) await call(request, "DELETE", `/api/whatsapp/${c.id}`);
}

const row = (page: Page, name: string) => page.getByTestId("connection-row").filter({ hasText: name });
const openTooltip = (page: Page) => page.locator("[data-testid=connection-status-tooltip][data-state=open]");

/** Reads the QR dialog's canvas and decodes it. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const img = await page.getByTestId("qr-canvas").evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    return { w: c.width, h: c.height, data: Array.from(d.data) };
  });
  return jsQR(Uint8ClampedArray.from(img.data), img.w, img.h)?.data;
}

/** Logs in, opens /connections and adds a WhatsApp connection through the add menu; answers its id. */
async function addWhatsApp(page: Page, name: string): Promise<number> {
  await apiLogin(page.request, ADMIN, server.baseURL);
  await page.goto(url("/connections"));
  await expect(page.getByTestId("connections-table")).toBeVisible();
  await page.getByTestId("connections-add").click();
  await expect(page.getByTestId("add-whatsapp")).toContainText("WhatsApp");
  await page.getByTestId("add-whatsapp").click();
  const modal = page.getByTestId("connection-modal");
  await expect(modal).toBeVisible();
  await modal.locator("input[name=name]").fill(name);
  await page.getByTestId("connection-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Connection saved." }).first()).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row(page, name)).toHaveCount(1);
  return Number(await row(page, name).getAttribute("data-connection-id"));
}

test("the QR dialog shows Baileys' rotating QR code and closes on CONNECTED; a drop lights the badge until the reconnect", async ({ page, request }) => {
  await deleteAll(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  const badge = page.getByTestId("menu-badge-connections");
  const id = await addWhatsApp(page, "Support phone");
  const status = row(page, "Support phone").getByTestId("connection-status");

  // The dialog opens by itself and waits: the plugin has a socket, WhatsApp has not sent a QR code yet.
  const dialog = page.getByTestId("qr-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("qr-waiting")).toBeVisible();
  await expect.poll(async () => (await sockets(request, id)).sockets).toBe(1);
  await expect(status).toHaveAttribute("data-status", "OPENING");
  await expect(badge).toBeVisible();

  // First QR code, then Baileys rotates it: the dialog redraws without a reload.
  await whatsapp(request, id, { op: "qr", value: QR_1 });
  await expect(page.getByTestId("qr-canvas")).toBeVisible();
  await expect.poll(() => decodeQr(page)).toBe(QR_1);
  await expect(status).toHaveAttribute("data-status", "qrcode");
  await page.screenshot({ path: screenshotPath("whatsapp-qr-dialog-light-1280") });
  await whatsapp(request, id, { op: "qr", value: QR_2 });
  await expect.poll(() => decodeQr(page)).toBe(QR_2);

  // The phone scans it: the plugin restarts its socket (515) and the new one opens; the dialog closes by itself.
  await whatsapp(request, id, { op: "scan" });
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(row(page, "Support phone")).toContainText("5511987650000");
  await expect(badge).toHaveCount(0);
  expect((await sockets(request, id)).sockets).toBe(2);

  // WhatsApp drops the connection (not a logout): the icon turns at once, the badge lights, the tooltip says when.
  await whatsapp(request, id, { op: "drop" });
  await expect(status).toHaveAttribute("data-status", /^(DISCONNECTED|OPENING)$/);
  await expect(badge).toBeVisible();
  // The admins are told at once, with the time it dropped.
  await expect(page.getByTestId("toast").filter({ hasText: /dropped at \d\d\/\d\d\/\d\d \d\d:\d\d/ })).toHaveCount(1);
  await status.hover();
  await expect(openTooltip(page)).toContainText(/Dropped at \d\d\/\d\d\/\d\d \d\d:\d\d/);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath("whatsapp-dropped-light-1280") });

  // The core reconnects with backoff (a new socket, OPENING); once it opens, CONNECTED again and the badge goes.
  await expect.poll(async () => (await sockets(request, id)).sockets, { timeout: 10_000 }).toBe(3);
  await expect(status).toHaveAttribute("data-status", "OPENING");
  await expect(badge).toBeVisible();
  await whatsapp(request, id, { op: "open" });
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(badge).toHaveCount(0);
  // No QR code was asked for again: the stored credentials were enough.
  expect((await call(request, "GET", `/api/whatsapp/${id}`)) as { status: string; qrcode: string }).toMatchObject({ status: "CONNECTED", qrcode: "" });
});

test("a pairing code asked for by phone number shows in the dialog, which closes once the phone links", async ({ page, request }) => {
  await deleteAll(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  const badge = page.getByTestId("menu-badge-connections");
  const id = await addWhatsApp(page, "Sales phone");
  const dialog = page.getByTestId("qr-dialog");
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await sockets(request, id)).sockets).toBe(1);
  await whatsapp(request, id, { op: "qr", value: QR_1 });
  await expect.poll(() => decodeQr(page)).toBe(QR_1);

  // "Link with a phone number instead": a number that is too short is refused under the field.
  await dialog.getByRole("button", { name: "Link with a phone number instead" }).click();
  const form = dialog.getByTestId("pairing-form");
  await form.locator("input[name=pairingNumber]").fill("123");
  await form.getByRole("button", { name: "Get code" }).click();
  await expect(form.locator("[data-scope=field][data-part=error-text]")).toBeVisible();
  expect((await sockets(request, id)).pairingRequests).toEqual([]);

  // A real number: the plugin asks the socket for a code with the digits; the dialog turns into the code.
  await form.locator("input[name=pairingNumber]").fill("+55 (11) 98765-0000");
  await form.getByRole("button", { name: "Get code" }).click();
  await expect(dialog.getByTestId("pairing-code")).toHaveText("E2EP-AIR5");
  await expect(dialog).toContainText("Pairing code: Sales phone");
  await expect(page.getByTestId("qr-canvas")).toHaveCount(0);
  expect((await sockets(request, id)).pairingRequests).toEqual(["5511987650000"]);
  const status = row(page, "Sales phone").getByTestId("connection-status");
  await expect(status).toHaveAttribute("data-status", "PAIRING");
  await expect(badge).toBeVisible();
  await page.screenshot({ path: screenshotPath("whatsapp-pairing-code-light-1280") });

  // Closed and opened again from the row's "Pairing code" button: the same code.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await row(page, "Sales phone").getByTestId("session-qr").click();
  await expect(dialog.getByTestId("pairing-code")).toHaveText("E2EP-AIR5");

  // The code is typed on the phone: restart (515), open; the dialog closes and the badge goes.
  await whatsapp(request, id, { op: "scan" });
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(badge).toHaveCount(0);
});
