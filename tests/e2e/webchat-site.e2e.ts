/**
 * The web chat as a site owner meets it: the widget embedded with widget.js on a site of another origin keeps its
 * visitor across page loads while the browser blocks third-party storage (the frame has none: the visitor token lives
 * in the site's own storage, kept by the loader and handed to the frame by postMessage).
 *
 * Two origins: the site on 127.0.0.1:<port of its own>, the widget and the app on localhost:<E2E_PORT>; this test's
 * browser is launched with --test-third-party-cookie-phaseout (Chromium's switch that blocks third-party cookies and,
 * with them, the storage of third-party frames), and the test checks that the frame's storage is indeed refused.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, type BrowserType, expect, type Frame, type Page, test } from "@playwright/test";
import { adminWithWebchat, api, ok, uid } from "./helpers/inbox";
import { apiLogin, BASE_URL, E2E_PORT, screenshotPath } from "./helpers/server";

/** The widget's and app's origin as the site embeds it: another site than 127.0.0.1. */
const WIDGET_ORIGIN = `http://localhost:${E2E_PORT}`;

/** A small site of two pages, each embedding the widget; answers its origin. */
async function site(widgetKey: string): Promise<{ origin: string; server: Server }> {
  const page = (title: string, link: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><a href="${link}">${link === "/" ? "Home" : "Pricing"}</a>` +
    `<script src="${WIDGET_ORIGIN}/widget.js" data-key="${widgetKey}" async></script></body></html>`;
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(req.url === "/pricing" ? page("Pricing", "/") : page("Home", "/pricing"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function blockingBrowser(chromium: BrowserType): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--test-third-party-cookie-phaseout"],
  });
}

/** Opens the chat on the current page; answers the widget's frame. */
async function openChat(page: Page): Promise<Frame> {
  await page.getByRole("button", { name: "Chat" }).click();
  const iframe = page.locator("iframe");
  await expect(iframe).toBeVisible();
  const frame = await (await iframe.elementHandle())!.contentFrame();
  return frame!;
}

test("the embedded widget keeps one visitor, contact and ticket across page loads while third-party storage is blocked", async ({ playwright, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const shop = await site(connection.widgetKey);
  const browser = await blockingBrowser(playwright.chromium);
  try {
    const ctx = await browser.newContext({ locale: "en-US" });
    const page = await ctx.newPage();

    // Page load 1: the name form, the first message.
    await page.goto(`${shop.origin}/`);
    let frame = await openChat(page);
    // The frame is ours, on another site than the page, and never gets the visitor in its address.
    expect(frame.url()).toBe(`${WIDGET_ORIGIN}/widget/${connection.widgetKey}`);
    // The condition of real browsers that this test reproduces: the frame has no storage of its own.
    expect(
      await frame.evaluate(() => {
        try {
          return typeof localStorage.getItem("x");
        } catch (e) {
          return (e as Error).name;
        }
      }),
    ).toBe("SecurityError");
    const form = frame.getByTestId("webchat-form");
    await form.locator("input[name=name]").fill(`Visitor ${tag}`);
    await form.getByRole("button", { name: "Start chat" }).click();
    const say = async (f: Frame, text: string) => {
      const input = f.getByTestId("webchat-input");
      await input.fill(text);
      await input.press("Enter");
      await expect(f.getByTestId("webchat-messages").getByText(text)).toBeVisible();
    };
    await say(frame, `first ${tag}`);
    // The token is kept by the site's page, in its own storage.
    expect(await page.evaluate((k) => localStorage.getItem(`multi100.webchat.v1.${k}`), connection.widgetKey)).toContain("token");

    // Page loads 2 and 3 (a reload, then the address again) and a navigation to another page of the site: the chat
    // opens on the conversation, with its history, and the name form never shows again.
    const steps: { name: string; go: () => Promise<unknown> }[] = [
      { name: "reload", go: () => page.reload() },
      { name: "load", go: () => page.goto(`${shop.origin}/`) },
      { name: "navigation", go: () => page.getByRole("link", { name: "Pricing" }).click() },
    ];
    for (const [i, step] of steps.entries()) {
      await step.go();
      if (step.name === "navigation") await expect(page).toHaveURL(`${shop.origin}/pricing`);
      frame = await openChat(page);
      await expect(frame.getByTestId("webchat-input"), step.name).toBeVisible();
      await expect(frame.getByTestId("webchat-form")).toHaveCount(0);
      await expect(frame.getByTestId("webchat-messages").getByText(`first ${tag}`)).toBeVisible();
      await say(frame, `${step.name} ${i} ${tag}`);
    }

    await page.screenshot({ path: screenshotPath("webchat-site-embedded-1280") });
    await page.setViewportSize({ width: 390, height: 760 });
    await expect(frame.getByTestId("webchat-input")).toBeVisible();
    await page.screenshot({ path: screenshotPath("webchat-site-embedded-390") });

    // One contact and one ticket on the server, holding every message.
    const contacts = await ok(request, token, "GET", `/api/contacts?searchParam=${encodeURIComponent(`Visitor ${tag}`)}&pageNumber=1`);
    expect(contacts.contacts).toHaveLength(1);
    const tickets = (await api(request, token, "GET", `/api/tickets?showAll=true&status=pending&whatsapps=${connection.id}&pageNumber=1`)).body.tickets;
    expect(tickets).toHaveLength(1);
    const messages = await ok(request, token, "GET", `/api/messages/${tickets[0].id}`);
    expect(messages.messages.map((m: { body: string }) => m.body)).toEqual([`first ${tag}`, `reload 0 ${tag}`, `load 1 ${tag}`, `navigation 2 ${tag}`]);
    await ctx.close();
  } finally {
    await browser.close();
    shop.server.close();
  }
});

test("a web-chat connection shows its embed code with a copy button and a preview link; its allowed sites are edited in the form", async ({
  browser,
  request,
}) => {
  const tag = uid();
  const { owner, connection } = await adminWithWebchat(request, tag);
  const key = connection.widgetKey;
  const ctx = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await ctx.newPage();
  const { token, user } = await apiLogin(page.request, owner);
  await page.goto("/connections");
  const row = page.locator(`[data-testid=connection-row][data-connection-id="${connection.id}"]`);
  const openEmbed = async () => {
    await row.getByTestId("connection-embed").click();
    await expect(page.getByTestId("embed-dialog")).toBeVisible();
  };
  await openEmbed();
  const snippet = `<script src="${BASE_URL}/widget.js" data-key="${key}" async></script>`;
  await expect(page.getByTestId("embed-snippet")).toHaveText(snippet);
  await page.getByTestId("embed-copy").click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await expect(page.getByTestId("embed-preview")).toHaveAttribute("href", `${BASE_URL}/widget/${key}`);
  await expect(page.getByTestId("embed-preview")).toHaveAttribute("target", "_blank");
  await expect(page.getByTestId("embed-sites")).toContainText("Any site can show this chat");
  await page.screenshot({ path: screenshotPath("webchat-embed-light") });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.screenshot({ path: screenshotPath("webchat-embed-light-390") });
  await page.keyboard.press("Escape");

  // The allowed sites: one per line, each checked; the message names the line.
  await row.getByTestId("connection-edit").click();
  const form = page.getByTestId("connection-form");
  const sites = form.locator('textarea[name="config.allowedOrigins"]');
  await sites.fill("https://shop.example.com\n\nshop.example.com/path");
  await form.getByTestId("connection-save").click();
  await expect(form.getByText("Line 3: Not a site address: write scheme://host[:port], like https://www.example.com (no path).")).toBeVisible();
  await page.screenshot({ path: screenshotPath("webchat-allowed-sites-error-390") });
  await sites.fill("https://shop.example.com/\nhttp://localhost:3000");
  await form.getByTestId("connection-save").click();
  await expect(page.getByTestId("connection-modal")).toBeHidden();
  await openEmbed();
  await expect(page.getByTestId("embed-sites")).toHaveText("Only these sites can show this chat: https://shop.example.com, http://localhost:3000.");
  const widgetPage = await request.get(`${BASE_URL}/widget/${key}`);
  expect(widgetPage.headers()["content-security-policy"]).toContain("frame-ancestors https://shop.example.com http://localhost:3000;");

  // Dark theme, desktop and phone.
  await ok(page.request, token, "PUT", `/api/users/${user.id}`, { defaultTheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await openEmbed();
  await page.screenshot({ path: screenshotPath("webchat-embed-dark") });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.screenshot({ path: screenshotPath("webchat-embed-dark-390") });
  await page.keyboard.press("Escape");
  await row.getByTestId("connection-edit").click();
  await expect(form.locator('textarea[name="config.allowedOrigins"]')).toHaveValue("https://shop.example.com\nhttp://localhost:3000");
  await page.screenshot({ path: screenshotPath("webchat-allowed-sites-dark-390") });
  await ctx.close();
});
