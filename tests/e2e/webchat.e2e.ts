/**
 * Web chat end to end: an admin creates a web-chat connection through the API; a visitor (second
 * browser context) opens /widget/:widgetKey and writes; the admin's /api/socket receives company-{id}-ticket within
 * 2 s (pushed, no polling); the admin accepts and replies through the API; the visitor sees the reply live; after a
 * reload both still see the whole conversation. Also: the loader script on another site opens the widget in a frame.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, BASE_URL, screenshotPath } from "./helpers/server";
import { uid } from "./helpers/users";

async function api(request: APIRequestContext, token: string, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const res = await request.fetch(`${BASE_URL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json().catch(() => undefined);
  return { status: res.status(), body };
}

/**
 * The admin's real-time socket, opened inside a page of our origin (node 20 has no WebSocket). Frames are kept in
 * the page; waitFrame resolves when the server pushes a matching frame (no request is repeated).
 */
async function adminSocket(page: Page, token: string) {
  await page.goto(`${BASE_URL}/api/health`);
  await page.evaluate(async (tok) => {
    const w = window as any;
    w.__frames = [];
    w.__waiters = [];
    const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/socket?token=${encodeURIComponent(tok)}`);
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      w.__frames.push({ ...f, at: Date.now() });
      for (const waiter of [...w.__waiters]) waiter(f);
    };
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onclose = fail;
    });
    for (const status of ["pending", "open"]) ws.send(JSON.stringify({ event: "joinTickets", data: status }));
    ws.send(JSON.stringify({ event: "joinNotification" }));
    w.__ws = ws;
  }, token);
  return {
    /** Resolves with the frame and the page-clock time it arrived; rejects after timeoutMs. */
    waitFrame: (event: string, timeoutMs: number) =>
      page.evaluate(
        ({ event, timeoutMs }) =>
          new Promise<{ data: any; at: number }>((ok, fail) => {
            const w = window as any;
            const seen = w.__frames.find((f: any) => f.event === event);
            if (seen) return ok({ data: seen.data, at: seen.at });
            const timer = setTimeout(() => fail(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
            const waiter = (f: any) => {
              if (f.event !== event) return;
              clearTimeout(timer);
              w.__waiters.splice(w.__waiters.indexOf(waiter), 1);
              ok({ data: f.data, at: Date.now() });
            };
            w.__waiters.push(waiter);
          }),
        { event, timeoutMs },
      ),
    now: () => page.evaluate(() => Date.now()),
  };
}

test("a visitor writes through the widget, an agent answers through the API, both keep the conversation", async ({ browser, request }) => {
  const tag = uid();
  const { token, user } = await apiLogin(request);
  const companyId: number = user.companyId;

  const created = await api(request, token, "POST", "/api/whatsapp", { name: `Site ${tag}`, channel: "webchat" });
  expect(created.status).toBe(201);
  const widgetKey: string = created.body.widgetKey;
  expect(widgetKey).toMatch(/^[A-Za-z0-9]{16,64}$/);
  expect(widgetKey).not.toBe(created.body.token);

  const adminCtx = await browser.newContext();
  const admin = await adminSocket(await adminCtx.newPage(), token);

  const visitorCtx = await browser.newContext({ viewport: { width: 375, height: 700 }, locale: "pt-BR", colorScheme: "light" });
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/widget/${widgetKey}`);
  const form = visitor.getByTestId("webchat-form");
  await expect(form).toBeVisible();
  await expect(form.getByRole("button", { name: "Iniciar conversa" })).toBeVisible();
  await visitor.screenshot({ path: screenshotPath("webchat-widget-form-375") });
  await form.locator("input[name=name]").fill(`Visitante ${tag}`);
  await form.locator("input[name=email]").fill(`v-${tag}@example.com`);
  await form.getByRole("button", { name: "Iniciar conversa" }).click();

  const input = visitor.getByTestId("webchat-input");
  await expect(input).toBeVisible();
  const question = `Olá, preciso de ajuda com o pedido ${tag}`;
  await input.fill(question);
  const sentAt = await admin.now();
  await input.press("Enter");
  const list = visitor.getByTestId("webchat-messages");
  await expect(list.getByText(question)).toBeVisible();

  // The admin's socket is told about the new ticket within 2 s of the visitor pressing Enter (the message's frame
  // carries it).
  const frame = await admin.waitFrame(`company-${companyId}-appMessage`, 2000);
  expect(frame.at - sentAt).toBeLessThan(2000);
  expect(frame.data).toMatchObject({ action: "create", message: { body: question }, ticket: { status: "pending", lastMessage: question } });

  const pending = await api(request, token, "GET", "/api/tickets?status=pending&showAll=true");
  expect(pending.status).toBe(200);
  const ticket = pending.body.tickets.find((t: any) => t.lastMessage === question);
  expect(ticket).toBeDefined();

  const accepted = await api(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open" });
  expect(accepted.status).toBe(200);
  const answer = `Claro! Já vou verificar o pedido ${tag}.`;
  const replied = await api(request, token, "POST", `/api/messages/${ticket.id}`, { body: answer });
  expect(replied.status).toBe(200);

  // Live on the visitor's page (pushed over the visitor socket).
  await expect(list.getByText(answer)).toBeVisible({ timeout: 2000 });
  await visitor.screenshot({ path: screenshotPath("webchat-widget-375") });

  // After a reload both sides still have the whole conversation.
  await visitor.reload();
  await expect(visitor.getByTestId("webchat-messages").getByText(question)).toBeVisible();
  await expect(visitor.getByTestId("webchat-messages").getByText(answer)).toBeVisible();
  const agentView = await api(request, token, "GET", `/api/messages/${ticket.id}`);
  expect(agentView.status).toBe(200);
  expect(agentView.body.messages.map((m: any) => m.body)).toEqual([question, answer]);

  // The reply was shown to the visitor: its ack reaches 'read'.
  await expect
    .poll(async () => (await api(request, token, "GET", `/api/messages/${ticket.id}`)).body.messages.find((m: any) => m.body === answer)?.ack, {
      timeout: 3000,
    })
    .toBe(3);

  await visitorCtx.close();
  await adminCtx.close();
});

test("the loader script opens the widget in a frame on another site", async ({ browser, request }) => {
  const { token } = await apiLogin(request);
  const created = await api(request, token, "POST", "/api/whatsapp", { name: `Shop ${uid()}`, channel: "webchat" });
  expect(created.status).toBe(201);
  // Another site: its own origin (another port on 127.0.0.1, so Chromium's private-network rules let it load our script).
  const shop = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      `<!doctype html><html><body><h1>Shop</h1><script src="${BASE_URL}/widget.js" data-key="${created.body.widgetKey}" data-color="#16a34a" async></script></body></html>`,
    );
  });
  await new Promise<void>((ok) => shop.listen(0, "127.0.0.1", ok));
  const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
  const ctx = await browser.newContext({ locale: "en-US" });
  const page = await ctx.newPage();
  await page.goto(shopUrl);
  const button = page.getByRole("button", { name: "Chat" });
  await expect(button).toBeVisible();
  await button.click();
  const frame = page.frameLocator(`iframe[src="${BASE_URL}/widget/${created.body.widgetKey}"]`);
  await expect(frame.getByTestId("webchat-form")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Start chat" })).toBeVisible();
  await frame.getByRole("button", { name: "Close" }).click();
  await expect(page.locator("iframe")).toBeHidden();
  await ctx.close();
  shop.close();
});
