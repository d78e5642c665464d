/**
 * The Meta channels in the browser: on a server of its own running the REAL Meta plugins against the
 * fake Graph API (helpers/meta-server.ts; Meta's documented example accounts, FAKE_IDS), an admin connects Facebook
 * and Instagram through the add menu with an injected Facebook Login provider (window.__multi100FacebookLogin answers
 * the fake user's id and short-lived token): one CONNECTED connection per Page (per linked Instagram account). A
 * Cloud API conversation whose contact last wrote more than 24 hours ago shows the closed-window notice, the text
 * input is disabled, and the template picker sends an approved template, which reaches the Graph API as a template
 * message. Files sent by a contact arrive after the webhook's answer: the conversation shows them downloading, then
 * the image (live), and a file whose download keeps failing as unavailable with its kind (light, dark, phone).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, freePort, ROOT, type RunningServer, screenshotPath } from "./helpers/server";
import { gradientPng } from "./helpers/inbox";
import { apiCall, type OwnServer, startOwnServer } from "./helpers/own-server";

test.use({ locale: "en-US" });

const ADMIN = { email: "admin@meta.local", password: "Admin123!" } as const;
// FAKE_IDS of tests/fakes/meta-graph/server.ts (the spec runs in node: the fake's module is bun's).
const FAKE = {
  userId: "10158234567890123",
  userShortToken: "EAAJB-fake-short-lived-user-token-2222222222222",
  phoneNumberId: "106540352242922",
  wabaId: "102290129340398",
  waToken: "EAAJB-fake-whatsapp-system-user-token-000000000000",
};
const APP_SECRET = "wa-e2e-app-secret-0123456789abcd";
let server: RunningServer;
let control: string;
let apiToken: string;
const url = (path: string) => `${server.baseURL}${path}`;

let own: OwnServer;
test.beforeAll(async () => {
  const controlPort = await freePort();
  control = `http://127.0.0.1:${controlPort}`;
  own = await startOwnServer({ script: "tests/e2e/helpers/meta-server.ts", name: "meta", admin: ADMIN, env: { CONTROL_PORT: String(controlPort) } });
  ({ server, apiToken } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

function call(request: APIRequestContext, method: string, path: string, data?: unknown) {
  return apiCall(request, server.baseURL, apiToken, method, path, data);
}

async function deleteAll(request: APIRequestContext) {
  const list = (await call(request, "GET", "/api/whatsapp?session=0")) as { id: number }[];
  for (const c of list) await call(request, "DELETE", `/api/whatsapp/${c.id}`);
}

interface Recorded {
  method: string;
  path: string;
  json?: any;
  status: number;
}
const graphRequests = async (request: APIRequestContext): Promise<Recorded[]> => (await request.get(`${control}/requests`)).json();

/** The browser's Facebook Login: the fake's user, whatever scope is asked for (recorded on window for the test). */
async function injectFacebookLogin(page: Page) {
  await page.addInitScript((fake) => {
    (window as any).__fbScopes = [];
    (window as any).__multi100FacebookLogin = {
      login: async (scope: string) => {
        (window as any).__fbScopes.push(scope);
        return { userID: fake.userId, accessToken: fake.userShortToken };
      },
    };
  }, FAKE);
}

/** A documented Cloud API payload whose message has this id and was written just now (the reply window counts from it). */
function cloudFixture(name: string, wamid: string) {
  const fixture = JSON.parse(readFileSync(join(ROOT, `plugins/channels/whatsapp-cloud/fixtures/${name}.json`), "utf8")) as { payload: any };
  Object.assign(fixture.payload.entry[0].changes[0].value.messages[0], { id: wamid, timestamp: String(Math.floor(Date.now() / 1000)) });
  return fixture;
}

/** A Cloud API connection on the fake's number, once CONNECTED. */
async function cloudConnection(request: APIRequestContext) {
  const config = { phoneNumberId: FAKE.phoneNumberId, businessAccountId: FAKE.wabaId, accessToken: FAKE.waToken, appSecret: APP_SECRET };
  const conn = (await call(request, "POST", "/api/whatsapp", { name: "Cloud API", channel: "whatsappapi", config })) as { id: number };
  await expect.poll(async () => ((await call(request, "GET", `/api/whatsapp/${conn.id}`)) as { status: string }).status).toBe("CONNECTED");
  return conn;
}

const rows = (page: Page) => page.getByTestId("connection-row");
const rowNamed = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });

test("Facebook and Instagram through Facebook Login: one CONNECTED connection per Page and per linked Instagram account", async ({ page, request }) => {
  await deleteAll(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await injectFacebookLogin(page);
  await apiLogin(page.request, ADMIN, server.baseURL);
  await page.goto(url("/connections"));
  await expect(page.getByTestId("connections-table")).toBeVisible();

  // Facebook: the fake user manages two Pages ("Lucky Shrub" with an Instagram account, "Lucky Shrub Outlet").
  await page.getByTestId("connections-add").click();
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/facebook") && r.request().method() === "POST");
  await page.getByTestId("add-facebook").click();
  const body = await (await answer).text();
  expect(JSON.parse(body)).toMatchObject({ renewed: [], skipped: [] });
  // The login's answer carries no Page token (the list of a manager does: connections/serialize.ts).
  expect(body).not.toContain("EAAJB-fake-page-access-token");
  await expect(rows(page)).toHaveCount(2);
  for (const name of ["Lucky Shrub", "Lucky Shrub Outlet"]) {
    await expect(rowNamed(page, name)).toHaveCount(1);
    await expect(rowNamed(page, name).getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");
  }
  const scopes = (await page.evaluate(() => (window as any).__fbScopes)) as string[];
  expect(scopes).toHaveLength(1);
  expect(scopes[0]).toContain("pages_messaging");
  expect(scopes[0]).not.toContain("instagram_manage_messages");
  // The product exchanged the short-lived token and subscribed the app to each Page.
  let graph = await graphRequests(request);
  expect(graph.filter((r) => r.method === "GET" && r.path === "/oauth/access_token")).toHaveLength(1);
  expect(
    graph
      .filter((r) => r.method === "POST" && /^\/\d+\/subscribed_apps$/.test(r.path))
      .map((r) => r.path)
      .sort(),
  ).toEqual(["/682498302938465/subscribed_apps", "/682498302938466/subscribed_apps"]);

  // Instagram: only the Page with a professional account gives a connection (named after the account).
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-instagram").click();
  await expect(rows(page)).toHaveCount(3);
  await expect(rowNamed(page, "luckyshrub")).toHaveCount(1);
  await expect(rowNamed(page, "luckyshrub").getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");
  expect(((await page.evaluate(() => (window as any).__fbScopes)) as string[])[1]).toContain("instagram_manage_messages");
  await page.screenshot({ path: screenshotPath("meta-facebook-login-light-1280") });

  // The server agrees: three CONNECTED rows, facebook x2 and instagram x1.
  const list = (await call(request, "GET", "/api/whatsapp?session=0")) as { channel: string; name: string; status: string }[];
  expect(list.map((c) => [c.channel, c.name, c.status]).sort()).toEqual(
    [
      ["facebook", "Lucky Shrub Outlet", "CONNECTED"],
      ["facebook", "Lucky Shrub", "CONNECTED"],
      ["instagram", "luckyshrub", "CONNECTED"],
    ].sort(),
  );
  graph = await graphRequests(request);
  expect(graph.filter((r) => r.status >= 400)).toEqual([]);
});

test("a Cloud API conversation older than 24 hours: the window notice, the input disabled, a template sent through the picker", async ({ page, request }) => {
  await deleteAll(request);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The connection, on the fake's number (the plugin checks the number with the Graph API: CONNECTED).
  const conn = await cloudConnection(request);

  // The contact writes (Meta's documented text example, signed with the connection's app secret).
  const fixture = cloudFixture("text", "wamid.e2e-window-text");
  const delivered = (await (await request.post(`${control}/deliver-whatsapp`, { data: { connectionId: conn.id, body: fixture.payload } })).json()) as {
    status: number;
    ticketId: number;
    uuid: string;
  };
  expect(delivered.status).toBe(200);
  expect(delivered.ticketId).toBeGreaterThan(0);
  await call(request, "PUT", `/api/tickets/${delivered.ticketId}`, { status: "open" });
  // Right after the message the window is open...
  expect(
    ((await call(request, "GET", `/api/tickets/u/${delivered.uuid}`)) as { replyWindow: { closesAt: string | null } }).replyWindow.closesAt,
  ).not.toBeNull();

  // ...25 hours later it has closed.
  const moved = (await (await request.post(`${control}/backdate`, { data: { ticketId: delivered.ticketId, hours: 25 } })).json()) as { updated: number };
  expect(moved.updated).toBeGreaterThan(0);
  expect(((await call(request, "GET", `/api/tickets/u/${delivered.uuid}`)) as { replyWindow: unknown }).replyWindow).toEqual({
    hours: 24,
    lastInboundAt: null,
    closesAt: null,
  });

  await apiLogin(page.request, ADMIN, server.baseURL);
  await page.goto(url(`/tickets/${delivered.uuid}`));
  await expect(page.getByText("Does it come in another color?")).toBeVisible();
  const notice = page.getByTestId("window-notice");
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute("data-closed", "true");
  await expect(page.getByTestId("message-textarea")).toBeDisabled();
  await page.screenshot({ path: screenshotPath("meta-window-closed-light-1280") });

  // The picker lists the approved templates only; order_update has two body parameters.
  await page.getByTestId("window-send-template").click();
  const picker = page.getByTestId("template-picker");
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId("template-hello_world-en_US")).toBeVisible();
  await expect(picker.getByTestId("template-pending_review-en_US")).toHaveCount(0);
  await picker.getByTestId("template-order_update-pt_BR").click();
  await expect(picker.getByTestId("template-send")).toBeDisabled();
  await picker.getByTestId("template-param-1").fill("Sheena");
  await picker.getByTestId("template-param-2").fill("#1234");
  await page.screenshot({ path: screenshotPath("meta-template-picker-light-1280") });
  await picker.getByTestId("template-send").click();
  await expect(picker).toHaveCount(0);

  // The conversation shows the template's text; the Graph API got a template message for the contact.
  await expect(page.getByText("Olá Sheena, seu pedido #1234 foi enviado.")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await graphRequests(request)).filter((r) => r.method === "POST" && r.path === `/${FAKE.phoneNumberId}/messages` && r.json?.type === "template").length,
    )
    .toBe(1);
  const sent = (await graphRequests(request)).find((r) => r.method === "POST" && r.path === `/${FAKE.phoneNumberId}/messages` && r.json?.type === "template")!;
  expect(sent.status).toBe(200);
  expect(sent.json).toEqual({
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: "16505551234",
    type: "template",
    template: {
      name: "order_update",
      language: { code: "pt_BR" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "Sheena" },
            { type: "text", text: "#1234" },
          ],
        },
      ],
    },
  });
  // The window is still closed: the input stays disabled after the template.
  await expect(page.getByTestId("message-textarea")).toBeDisabled();
});

test("files arrive after the webhook: shown downloading, then the image; a file that cannot be had shows unavailable with its kind", async ({
  browser,
  request,
}) => {
  await deleteAll(request);
  const conn = await cloudConnection(request);
  const image = cloudFixture("image", "wamid.e2e-media-image");
  const doc = cloudFixture("document", "wamid.e2e-media-doc");
  // The image's download waits until released; the document's always fails.
  const png = gradientPng(240, 160).toString("base64");
  const media = (id: string, extra: Record<string, unknown>) => request.post(`${control}/media`, { data: { id, base64: png, mime: "image/png", ...extra } });
  await media(image.payload.entry[0].changes[0].value.messages[0].image.id, { hold: true });
  await media(doc.payload.entry[0].changes[0].value.messages[0].document.id, { fail: true });
  const delivered = (await (await request.post(`${control}/deliver-whatsapp`, { data: { connectionId: conn.id, body: image.payload } })).json()) as {
    status: number;
    ticketId: number;
    uuid: string;
  };
  expect(delivered.status).toBe(200);
  expect((await (await request.post(`${control}/deliver-whatsapp`, { data: { connectionId: conn.id, body: doc.payload } })).json()).status).toBe(200);
  await call(request, "PUT", `/api/tickets/${delivered.ticketId}`, { status: "open" });

  const shots: { theme: "light" | "dark"; width: number; height: number }[] = [
    { theme: "light", width: 1280, height: 800 },
    { theme: "dark", width: 1280, height: 800 },
    { theme: "light", width: 390, height: 780 },
  ];
  const contexts = [];
  for (const [i, shot] of shots.entries()) {
    const ctx = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, locale: "en-US" });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    // Logging in ends the earlier tokens of the user: the theme is set with this context's own.
    const login = await apiLogin(page.request, ADMIN, server.baseURL);
    await apiCall(page.request, server.baseURL, login.token, "PUT", `/api/users/${login.user.id}`, { defaultTheme: shot.theme });
    await page.goto(url(`/tickets/${delivered.uuid}`));
    await expect(page.locator("html")).toHaveAttribute("data-theme", shot.theme);
    const downloading = page.getByTestId("message-media-downloading");
    if (i === 0) {
      await expect(downloading.filter({ hasText: "Image · downloading…" })).toBeVisible();
      await page.screenshot({ path: screenshotPath("meta-media-downloading-light-1280") });
      // The held download answers: the message updates live (no reload) with the image.
      await request.post(`${control}/release`);
      await expect(page.getByTestId("message-image")).toBeVisible({ timeout: 15_000 });
      // The document's retries run out (the backoff made due at once): unavailable, as a document.
      const unavailable = page.getByTestId("message-media-unavailable");
      await expect
        .poll(
          async () => {
            await request.post(`${control}/jobs-due`);
            return unavailable.count();
          },
          { timeout: 30_000, intervals: [1_000] },
        )
        .toBe(1);
      await expect(unavailable).toHaveAttribute("data-kind", "file");
      await expect(unavailable).toContainText("Document · unavailable");
      await expect(page.getByText("Receipt")).toBeVisible();
    } else {
      await expect(page.getByTestId("message-media-unavailable")).toBeVisible();
    }
    await expect(page.getByTestId("message-image")).toHaveJSProperty("complete", true);
    await page.screenshot({ path: screenshotPath(`meta-media-states-${shot.theme}-${shot.width}`) });
    expect(errors).toEqual([]);
  }
  for (const ctx of contexts) await ctx.close();
});
