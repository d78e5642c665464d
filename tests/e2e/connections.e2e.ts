/**
 * Connections screens: on a server of its own whose WhatsApp plugin is the fake of
 * helpers/fake-channel.ts (QR codes and CONNECTED on command), an admin adds a Web chat and a WhatsApp connection
 * through the add menu; the QR dialog shows a QR code that decodes (jsQR) to the plugin's value, follows its rotation
 * and closes on CONNECTED; the status icon and the drawer's badge follow a disconnect; every validation message of the
 * form shows under its field in the right tab; the import-of-old-messages states; plan-disabled add entries; the
 * no-access screen; /allConnections; screenshots of the page, the QR dialog and the form.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import { hiddenKeys } from "../helpers/settings-doc";
import { apiLogin, type RunningServer, screenshotPath } from "./helpers/server";
import { apiCall, type OwnServer, startOwnServer } from "./helpers/own-server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

const ADMIN = { email: "admin@connections.local", password: "Admin123!" } as const;
let server: RunningServer;
const url = (path: string) => `${server.baseURL}${path}`;

/**
 * A login bumps the user's token version (older tokens stop working), so the browser logs in as ADMIN and the test's
 * own API calls use this second admin's token, taken once.
 */
let apiToken: string;

let own: OwnServer;
test.beforeAll(async () => {
  own = await startOwnServer({ script: "tests/e2e/helpers/fake-channel-server.ts", name: "connections", admin: ADMIN });
  ({ server, apiToken } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

// The validation test turns these on; no other test may depend on them.
test.afterEach(async ({ request }) => {
  await call(request, "PUT", "/api/settings/userRating", { value: "disabled" });
  await call(request, "PUT", "/api/settings/scheduleType", { value: "disabled" });
});

function call(request: APIRequestContext, method: string, path: string, data?: unknown, token = apiToken) {
  return apiCall(request, server.baseURL, token, method, path, data);
}

/** The fake plugin's control route (helpers/fake-channel.ts). */
async function control(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(url(`/api/webhooks/whatsapp/e2e/${path}`), { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Logs the page in (the refresh cookie lets the web app resume) and opens /connections. */
async function openConnections(page: Page, creds: { email: string; password: string } = ADMIN) {
  await apiLogin(page.request, creds, server.baseURL);
  await page.goto(url("/connections"));
  await expect(page.getByTestId("connections-table")).toBeVisible();
}

/** Toasts sit over the modal's top while the pointer rests on them; close them before clicking the tabs. */
async function closeToasts(page: Page) {
  for (const close of await page.getByTestId("toast").getByRole("button", { name: "Close" }).all()) await close.click();
  await expect(page.getByTestId("toast")).toHaveCount(0);
}

const openTooltip = (page: Page) => page.locator("[data-testid=connection-status-tooltip][data-state=open]");
const row = (page: Page, name: string) => page.getByTestId("connection-row").filter({ hasText: name });

/** Reads the QR dialog's canvas and decodes it. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const img = await page.getByTestId("qr-canvas").evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    return { w: c.width, h: c.height, data: Array.from(d.data) };
  });
  return jsQR(Uint8ClampedArray.from(img.data), img.w, img.h)?.data;
}

async function addThroughMenu(page: Page, channel: string, name: string) {
  await page.getByTestId("connections-add").click();
  await page.getByTestId(`add-${channel}`).click();
  const modal = page.getByTestId("connection-modal");
  await expect(modal).toBeVisible();
  await modal.locator("input[name=name]").fill(name);
  await page.getByTestId("connection-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Connection saved." }).first()).toBeVisible();
  await expect(modal).toHaveCount(0);
}

async function deleteAll(request: APIRequestContext) {
  const list = (await call(request, "GET", "/api/whatsapp?session=0")) as { id: number }[];
  for (const c of list) await call(request, "DELETE", `/api/whatsapp/${c.id}`);
}

test("an admin adds Web chat and WhatsApp through the add menu; the QR dialog, status icon and badge follow the session", async ({ page, request }) => {
  await deleteAll(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConnections(page);
  const badge = page.getByTestId("menu-badge-connections");

  await page.getByTestId("connections-add").click();
  await expect(page.getByTestId("add-webchat")).toContainText("Web chat");
  await expect(page.getByTestId("add-whatsapp")).toContainText("WhatsApp");
  await page.keyboard.press("Escape");

  // Web chat: its own settings from the plugin's schema; always connected.
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-webchat").click();
  const modal = page.getByTestId("connection-modal");
  await expect(modal.getByTestId("plugin-config")).toContainText("Widget title");
  await modal.locator("input[name=name]").fill("Site chat");
  await modal.locator("input[name='config.title']").fill("Talk to us");
  await page.getByTestId("connection-save").click();
  await expect(modal).toHaveCount(0);
  // A new web chat shows its embed code at once, as a new WhatsApp shows its QR code.
  await expect(page.getByTestId("embed-dialog")).toBeVisible();
  await expect(page.getByTestId("embed-snippet")).toContainText("/widget.js");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("embed-dialog")).toHaveCount(0);
  await expect(row(page, "Site chat").getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");
  await expect(row(page, "Site chat").getByTestId("connection-default")).toBeVisible();
  await expect(row(page, "Site chat").getByTestId("connection-updated")).toHaveText(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/);

  // WhatsApp (the fake plugin): the QR dialog opens by itself with the plugin's code.
  await addThroughMenu(page, "whatsapp", "Sales phone");
  const dialog = page.getByTestId("qr-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("qr-canvas")).toBeVisible();
  await expect.poll(() => decodeQr(page)).toBe("QR-VALUE-1");
  await expect(badge).toBeVisible();
  const id = Number(await row(page, "Sales phone").getAttribute("data-connection-id"));

  // The plugin rotates its code: the dialog redraws without a reload.
  await control(request, String(id), { op: "qr", value: "QR-VALUE-2" });
  await expect.poll(() => decodeQr(page)).toBe("QR-VALUE-2");

  // The phone scans it: the dialog closes, the row shows CONNECTED and the badge goes away.
  await control(request, String(id), { op: "connected" });
  await expect(dialog).toHaveCount(0);
  const status = row(page, "Sales phone").getByTestId("connection-status");
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(row(page, "Sales phone")).toContainText("5511999990000");
  await expect(badge).toHaveCount(0);

  // Disconnect, confirmed: DISCONNECTED with its tooltip, try again and new QR code; the badge is back.
  await row(page, "Sales phone").getByTestId("session-disconnect").click();
  await page.getByTestId("confirmation-dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(status).toHaveAttribute("data-status", "DISCONNECTED");
  await expect(badge).toBeVisible();
  await status.hover();
  await expect(openTooltip(page)).toContainText("Could not start the session");
  await expect(row(page, "Sales phone").getByTestId("session-retry")).toBeVisible();

  // New QR code: the session starts over and shows its first code again.
  await row(page, "Sales phone").getByTestId("session-newQr").click();
  await expect(status).toHaveAttribute("data-status", "qrcode");
  await row(page, "Sales phone").getByTestId("session-qr").click();
  await expect.poll(() => decodeQr(page)).toBe("QR-VALUE-1");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // A connected phone that drops: TIMEOUT, a disconnect button, when it dropped, and the badge.
  await control(request, String(id), { op: "connected" });
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(badge).toHaveCount(0);
  await control(request, String(id), { op: "timeout" });
  await expect(status).toHaveAttribute("data-status", "TIMEOUT");
  await expect(badge).toBeVisible();
  await status.hover();
  await expect(openTooltip(page)).toContainText(/Dropped at \d\d\/\d\d\/\d\d \d\d:\d\d/);
  await expect(row(page, "Sales phone").getByTestId("session-disconnect")).toBeVisible();

  // Delete, confirmed: the row goes.
  await row(page, "Sales phone").getByTestId("connection-delete").click();
  await page.getByTestId("confirmation-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row(page, "Sales phone")).toHaveCount(0);
  await expect(badge).toHaveCount(0);
});

test("every validation message of the form shows under its field, in its tab", async ({ page, request }) => {
  // Ratings on show the assessments tab, whose rules join the others; schedules per connection show the connection's
  // week.
  await call(request, "PUT", "/api/settings/userRating", { value: "enabled" });
  await call(request, "PUT", "/api/settings/scheduleType", { value: "connection" });
  const tag = uid();

  await openConnections(page);
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-whatsapp").click();
  const modal = page.getByTestId("connection-modal");
  const tab = (name: string) => page.getByTestId(`tab-${name}`);
  const field = (name: string) => modal.locator("[data-scope=field][data-part=root]").filter({ has: page.locator(`[name="${name}"]`) });

  // The name is checked before anything is sent.
  await page.getByTestId("connection-save").click();
  await expect(field("name")).toContainText("Required");
  await modal.locator("input[name=name]").fill("A");
  await page.getByTestId("connection-save").click();
  await expect(field("name")).toContainText("Too Short!");

  // The vacation's dates are checked before sending too: its tab opens with both marked.
  await modal.locator("input[name=name]").fill(`Rules ${tag}`);
  await tab("messages").click();
  await modal.locator("textarea[name=collectiveVacationMessage]").fill("Collective vacation");
  await tab("general").click();
  await page.getByTestId("connection-save").click();
  await expect(tab("messages")).toHaveAttribute("aria-selected", "true");
  await expect(tab("messages")).toHaveAttribute("data-errors", "2");
  await expect(field("collectiveVacationStart")).toContainText("Required");
  await expect(field("collectiveVacationEnd")).toContainText("Required");
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await modal.locator("input[name=collectiveVacationStart]").fill(inDays(5));
  await modal.locator("input[name=collectiveVacationEnd]").fill(inDays(2));
  await expect(field("collectiveVacationStart")).not.toContainText("Required");
  await page.getByTestId("connection-save").click();
  await expect(field("collectiveVacationEnd")).toContainText("The vacation must end after it starts, and not more than 10 days ago.");
  await modal.locator("input[name=collectiveVacationEnd]").fill(inDays(9));
  await expect(tab("messages")).not.toHaveAttribute("data-errors", /.+/);

  // Everything else breaks a server rule.
  await tab("general").click();
  await modal.getByText("Import old messages when connecting").click();
  const threeYearsAgo = new Date(Date.now() - 3 * 365 * 86_400_000);
  const local = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  await modal.locator("input[name=importOldMessages]").fill(`${local(threeYearsAgo)}T10:00`);
  await modal.locator("input[name=importRecentMessages]").fill(`${local(new Date(threeYearsAgo.getTime() - 86_400_000))}T10:00`);

  // Every failing rule at once: the first tab with an error opens; each tab counts its errors.
  await tab("messages").click();
  await page.getByTestId("connection-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Some fields are invalid" }).first()).toBeVisible();
  await closeToasts(page);
  await expect(tab("general")).toHaveAttribute("aria-selected", "true");
  await expect(tab("general")).toHaveAttribute("data-errors", "3");
  await expect(field("importOldMessages")).toContainText("The start date must be within the last 2 years and not in the future.");
  await expect(field("importRecentMessages")).toContainText("The end date must be after the start date and not in the future.");
  await expect(modal.getByTestId("error-queueIdImportMessages")).toHaveText("Required");
  await page.screenshot({ path: screenshotPath("connections-form-errors-light-1280") });

  await expect(tab("assessments")).toHaveAttribute("data-errors", "2");
  await tab("assessments").click();
  await expect(field("ratingMessage")).toContainText("The rating message is required while ratings are on.");
  await expect(field("expiresTicketNPS")).toContainText("The rating expiry must be more than 0 while ratings are on.");
  for (const other of ["integrations", "messages", "chatbot", "schedules"]) await expect(tab(other)).not.toHaveAttribute("data-errors", /.+/);
});

test("no connection field marked hidden in docs/settings.md is rendered, on any tab of any channel's form", async ({ page, request }) => {
  // Ratings on show the assessments tab; schedules per connection show the connection's week.
  await call(request, "PUT", "/api/settings/userRating", { value: "enabled" });
  await call(request, "PUT", "/api/settings/scheduleType", { value: "connection" });
  const hidden = hiddenKeys("Connection fields");
  expect(hidden).toContain("flowIdWelcome");
  const modal = page.getByTestId("connection-modal");
  // How each field shows when it is rendered: its inputs' names (schedules.0.startTimeA…), or these controls.
  const rendered = (key: string) =>
    key === "queueIds"
      ? modal.getByRole("combobox", { name: "Queues" })
      : key === "greetingMediaAttachment"
        ? modal.getByTestId("greeting-media-input")
        : modal.locator(`[name="${key}"], [name^="${key}."]`);

  await openConnections(page);
  for (const channel of ["whatsapp", "whatsappapi", "webchat"]) {
    await page.getByTestId("connections-add").click();
    await page.getByTestId(`add-${channel}`).click();
    await expect(modal).toBeVisible();
    const tabs = modal.locator("[data-testid^=tab-]");
    const names = await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.slice(4)));
    expect(names, channel).toEqual(["general", "integrations", "messages", "chatbot", "assessments", "schedules"]);
    for (const name of names) {
      await page.getByTestId(`tab-${name}`).click();
      await expect(page.getByTestId(`tab-${name}`)).toHaveAttribute("aria-selected", "true");
      for (const key of hidden) await expect(rendered(key), `${channel} ${name}: ${key}`).toHaveCount(0);
    }
    // What does work is there: the bot's texts, its menu's pace, the reopen window, the connection's week.
    await page.getByTestId("tab-messages").click();
    for (const key of ["greetingMessage", "complationMessage", "outOfHoursMessage", "collectiveVacationMessage", "collectiveVacationStart"]) {
      await expect(modal.locator(`[name=${key}]`)).toBeVisible();
    }
    await page.getByTestId("tab-chatbot").click();
    for (const key of ["timeUseBotQueues", "maxUseBotQueues", "timeCreateNewTicket"]) await expect(modal.locator(`[name=${key}]`)).toBeVisible();
    await page.getByTestId("tab-assessments").click();
    for (const key of ["ratingMessage", "expiresTicketNPS", "maxUseBotQueuesNPS"]) await expect(modal.locator(`[name=${key}]`)).toBeVisible();
    await page.getByTestId("tab-schedules").click();
    await expect(modal.locator("[name='schedules.0.startTimeA']")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
  }
});

test("import of old messages: preparing, progress with processed of total and date, close the imported tickets", async ({ page, request }) => {
  const created = (await call(request, "POST", "/api/whatsapp", { name: `Import ${uid()}`, channel: "whatsapp" })) as { id: number; name: string };
  await expect.poll(async () => ((await call(request, "GET", `/api/whatsapp/${created.id}`)) as { status: string }).status).toBe("qrcode");
  await control(request, String(created.id), { op: "connected" });
  await openConnections(page);
  const r = row(page, created.name);
  await expect(r.getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");

  await control(request, String(created.id), { op: "import", processed: 0, total: 10, done: false });
  await expect(r.getByTestId("import-preparing")).toBeDisabled();
  const progress = page.getByTestId("import-progress");
  await expect(progress).toContainText(/Processed 0 of 10 · date: \d\d\/\d\d\/\d\d \d\d:\d\d/);
  await control(request, String(created.id), { op: "import", processed: 3, total: 10, done: false });
  await expect(progress).toContainText("Processed 3 of 10");
  await expect(page.getByTestId("import-progress").getByRole("progressbar")).toHaveAttribute("aria-valuenow", "30");

  await control(request, String(created.id), { op: "import", processed: 10, total: 10, done: true });
  await expect(progress).toHaveCount(0);
  await r.getByTestId("close-imported").click();
  await page.getByTestId("confirmation-dialog").getByRole("button", { name: "Close tickets" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Imported tickets closed: 0" })).toBeVisible();
  await expect(r.getByTestId("close-imported")).toHaveCount(0);
});

test("an add-menu entry the plan does not allow is disabled", async ({ page, request }) => {
  await control(request, "plan/1", { flags: { useWhatsapp: false } });
  try {
    await openConnections(page);
    await page.getByTestId("connections-add").click();
    await expect(page.getByTestId("add-whatsapp")).toHaveAttribute("data-disabled", "");
    await expect(page.getByTestId("add-whatsapp")).toContainText("Not in your plan");
    await expect(page.getByTestId("add-webchat")).not.toHaveAttribute("data-disabled", /.*/);
    await page.getByTestId("add-whatsapp").click({ force: true });
    await expect(page.getByTestId("connection-modal")).toHaveCount(0);
  } finally {
    await control(request, "plan/1", { flags: { useWhatsapp: true } });
  }
});

test("editing: token copy and regenerate, and a plugin's secret settings with its webhook URL", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseURL });
  const name = `Edit ${uid()}`;
  const created = (await call(request, "POST", "/api/whatsapp", { name, channel: "webchat" })) as { id: number; token: string };
  await openConnections(page);
  await row(page, name).getByTestId("connection-edit").click();
  const modal = page.getByTestId("connection-modal");
  await expect(modal.locator("input[name=name]")).toHaveValue(name);

  await page.getByTestId("tab-integrations").click();
  const token = modal.getByTestId("connection-token");
  await expect(token).toHaveValue(created.token);
  await modal.getByTestId("connection-token-copy").click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.token);
  await modal.getByTestId("connection-token-regenerate").click();
  await page.getByTestId("confirmation-dialog").getByRole("button", { name: "Regenerate" }).click();
  await expect(token).not.toHaveValue(created.token);
  await expect(token).toHaveValue(/^[A-Za-z0-9]{30}$/);

  await page.keyboard.press("Escape");

  // The Cloud API plugin: ids, secrets as password fields (write-only) and the webhook to give Meta.
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-whatsappapi").click();
  await expect(modal.getByTestId("webhook-url")).toHaveCount(0);
  const cloud = `Cloud ${uid()}`;
  await modal.locator("input[name=name]").fill(cloud);
  await modal.locator("input[name='config.phoneNumberId']").fill("1234567890");
  await modal.locator("input[name='config.businessAccountId']").fill("9876543210");
  await expect(modal.locator("input[name='config.accessToken']")).toHaveAttribute("type", "password");
  await modal.locator("input[name='config.accessToken']").fill("EAAG".padEnd(40, "x"));
  await modal.locator("input[name='config.appSecret']").fill("s".repeat(32));
  await page.getByTestId("connection-save").click();
  await expect(modal).toHaveCount(0);
  await row(page, cloud).getByTestId("connection-edit").click();
  const cloudId = await row(page, cloud).getAttribute("data-connection-id");
  await expect(modal.getByTestId("webhook-url")).toHaveValue(`${server.baseURL}/api/webhooks/whatsappapi/${cloudId}`);
  await expect(modal.locator("input[name='config.phoneNumberId']")).toHaveValue("1234567890");
  await expect(modal.locator("input[name='config.accessToken']")).toHaveValue("");
  await expect(modal.getByText("Leave blank to keep the saved value.").first()).toBeVisible();
  await page.screenshot({ path: screenshotPath("connections-form-cloud-api-light-1280") });
  // Saved with the secrets left blank: the stored ones stay.
  await page.getByTestId("connection-save").click();
  await expect(modal).toHaveCount(0);
  const stored = (await call(request, "GET", `/api/whatsapp/${cloudId}`)) as { config: Record<string, string> };
  expect(stored.config.accessToken).toBe("EAAG".padEnd(40, "x"));
});

test("a user without allowConnections sees the no-access screen; one with it manages connections", async ({ page, browser, request }) => {
  const tag = uid();
  const plain = { email: `plain-${tag}@connections.local`, password: "Plain123!" };
  const allowed = { email: `allowed-${tag}@connections.local`, password: "Allowed123!" };
  await call(request, "POST", "/api/users", { name: "Plain user", profile: "user", ...plain });
  await call(request, "POST", "/api/users", { name: "Allowed user", profile: "user", allowConnections: "enabled", ...allowed });

  await apiLogin(page.request, plain, server.baseURL);
  await page.goto(url("/connections"));
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.getByTestId("connections-table")).toHaveCount(0);
  await expect(page.getByTestId("menu-connections")).toHaveCount(0);

  const other = await browser.newPage();
  await openConnections(other, allowed);
  await expect(other.getByTestId("connections-add")).toBeVisible();
  await expect(other.getByTestId("menu-connections")).toBeVisible();
  await other.close();
});

test("/allConnections: each client's active, deactivated and total connections, a total row and a dialog per client", async ({ page, browser, request }) => {
  const tag = uid();
  const superToken = (await apiLogin(request, ADMIN, server.baseURL)).token as string;
  await call(request, "PUT", "/api/settings/userCreation", { value: "enabled" }, superToken);
  const plans = (await (await request.get(url("/api/plans/list"))).json()) as { id: number }[];
  const owner = { email: `owner-${tag}@connections.local`, password: "Owner123!" };
  const signup = await request.post(url("/api/auth/signup"), {
    data: { name: "Client Owner", companyName: `Client ${tag}`, phone: "5511999990001", planId: plans[0]!.id, ...owner },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const ownerToken = (await apiLogin(request, owner, server.baseURL)).token as string;
  await call(request, "POST", "/api/whatsapp", { name: `Client chat ${tag}`, channel: "webchat" }, ownerToken);
  await call(request, "POST", "/api/whatsapp", { name: `Client phone ${tag}`, channel: "whatsapp" }, ownerToken);

  await apiLogin(page.request, ADMIN, server.baseURL);
  await page.goto(url("/allConnections"));
  const client = page.getByTestId("all-connections-row").filter({ hasText: `Client ${tag}` });
  await expect(client.getByTestId("count-active")).toHaveText("1");
  await expect(client.getByTestId("count-deactivated")).toHaveText("1");
  await expect(client.getByTestId("count-total")).toHaveText("2");
  const sum = async (id: string) => {
    let n = 0;
    for (const cell of await page.getByTestId("all-connections-row").getByTestId(id).all()) n += Number(await cell.textContent());
    return String(n);
  };
  const total = page.getByTestId("all-connections-total");
  for (const id of ["count-active", "count-deactivated", "count-total"]) await expect(total.getByTestId(id)).toHaveText(await sum(id));

  await client.getByTestId("all-connections-open").click();
  const dialog = page.getByTestId("company-connections-dialog");
  await expect(dialog).toContainText(`Client ${tag}`);
  await expect(dialog.getByTestId("company-connection-row")).toHaveCount(2);
  await expect(
    dialog
      .getByTestId("company-connection-row")
      .filter({ hasText: `Client chat ${tag}` })
      .getByTestId("connection-status"),
  ).toHaveAttribute("data-status", "CONNECTED");

  // Anyone else is sent to /tickets.
  const other = await browser.newPage();
  await apiLogin(other.request, owner, server.baseURL);
  await other.goto(url("/allConnections"));
  await expect(other).toHaveURL(/\/tickets$/);
  await other.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 375]) {
    test(`screenshots: connections page, QR dialog and form, ${theme} at ${width} px`, async ({ page, request }) => {
      const tag = uid();
      const creds = { email: `shot-${tag}@connections.local`, password: "Shot1234!" };
      await call(request, "POST", "/api/users", { name: "Screenshot Admin", profile: "admin", defaultTheme: theme, ...creds });
      const phone = (await call(request, "POST", "/api/whatsapp", { name: `Phone ${tag}`, channel: "whatsapp" })) as { id: number; name: string };
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await openConnections(page, creds);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const shot = (name: string) => page.screenshot({ path: screenshotPath(`connections-${name}-${theme}-${width}`) });
      await expect(row(page, phone.name).getByTestId("session-qr")).toBeVisible();
      await shot("page");

      await row(page, phone.name).getByTestId("session-qr").click();
      await expect(page.getByTestId("qr-canvas")).toBeVisible();
      await page.waitForTimeout(300); // the dialog's fade-in
      await shot("qr-dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("qr-dialog")).toHaveCount(0);

      await row(page, phone.name).getByTestId("connection-edit").click();
      await expect(page.getByTestId("connection-form")).toBeVisible();
      await page.waitForTimeout(300);
      await shot("form");
      await page.getByTestId("tab-messages").click();
      await shot("form-messages");
      await page.getByTestId("tab-chatbot").click();
      await shot("form-chatbot");
      await page.keyboard.press("Escape");
      await call(request, "DELETE", `/api/whatsapp/${phone.id}`);
    });
  }
}
