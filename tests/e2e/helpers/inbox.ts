/**
 * Shared by the inbox specs (tests/e2e/inbox*.e2e.ts): API calls as a user, a company set-up with two queues, two
 * agents and a web-chat connection, and a web-chat visitor driving the real widget page in its own browser context.
 */
import { deflateSync } from "node:zlib";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { ADMIN, apiLogin, BASE_URL } from "./server";
import { uid } from "./users";

export { uid };

const hex = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
export const PASSWORD = "Agent123!";

export async function api(request: APIRequestContext, token: string, method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const res = await request.fetch(`${BASE_URL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json().catch(() => undefined);
  return { status: res.status(), body };
}

/** Like api(), but the answer must be a success. */
export async function ok(request: APIRequestContext, token: string, method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const r = await api(request, token, method, path, data);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

export interface Agent {
  id: number;
  name: string;
  email: string;
  password: string;
}

export async function createAgent(request: APIRequestContext, token: string, tag: string, name: string, extra: Record<string, unknown>): Promise<Agent> {
  const email = `${name.toLowerCase().replace(/\s+/g, "-")}-${tag}@e2e.local`;
  const user = await ok(request, token, "POST", "/api/users", { name: `${name} ${tag}`, email, password: PASSWORD, profile: "user", ...extra });
  return { id: user.id, name: user.name, email, password: PASSWORD };
}

export async function createQueue(request: APIRequestContext, token: string, name: string) {
  return (await ok(request, token, "POST", "/api/queue", { name, color: hex() })) as { id: number; name: string; color: string };
}

/**
 * A company of its own for one spec (signup through the API, briefly enabled by the super user), so counts and lists
 * never see another spec's tickets; its admin's token and a web-chat connection (no queue: tickets arrive without one).
 */
export async function adminWithWebchat(request: APIRequestContext, tag: string) {
  const root = await apiLogin(request, ADMIN);
  const setSignup = (value: "enabled" | "disabled") => ok(request, root.token, "PUT", "/api/settings/userCreation", { key: "userCreation", value });
  const owner = { email: `owner-${tag}@inbox.test`, password: PASSWORD };
  await setSignup("enabled");
  try {
    const res = await request.post(`${BASE_URL}/api/auth/signup`, {
      data: { name: `Owner ${tag}`, companyName: `Inbox ${tag}`, email: owner.email, password: owner.password, phone: "5511999999999", planId: 1 },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  } finally {
    await setSignup("disabled");
  }
  const { token, user } = await apiLogin(request, owner);
  const conn = await ok(request, token, "POST", "/api/whatsapp", { name: `Site ${tag}`, channel: "webchat" });
  return { token, owner, companyId: user.companyId as number, connection: conn as { id: number; widgetKey: string } };
}

/** A web-chat visitor in its own browser context: the widget page, the name form, then the chat. */
export async function openVisitor(
  browser: Browser,
  widgetKey: string,
  name: string,
  baseURL = BASE_URL,
): Promise<{ ctx: BrowserContext; page: Page; write: (text: string) => Promise<void> }> {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 700 }, locale: "pt-BR" });
  const page = await ctx.newPage();
  await page.goto(`${baseURL}/widget/${widgetKey}`);
  const form = page.getByTestId("webchat-form");
  await form.locator("input[name=name]").fill(name);
  await form.locator("button[type=submit]").click();
  const input = page.getByTestId("webchat-input");
  await expect(input).toBeVisible();
  return {
    ctx,
    page,
    write: async (text: string) => {
      await input.fill(text);
      await input.press("Enter");
      await expect(page.getByTestId("webchat-messages").getByText(text)).toBeVisible();
    },
  };
}

/** A browser context logged in as `who` (the refresh cookie lets the web app resume the session). */
export async function agentPage(
  browser: Browser,
  who: { email: string; password: string },
  opts: { width?: number; height?: number; theme?: "light" | "dark"; baseURL?: string } = {},
) {
  const ctx = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: "en-US",
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
  });
  const page = await ctx.newPage();
  // Uncaught errors of the web app, for the specs to assert there were none.
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`${err.message}\n${err.stack ?? ""}`));
  const login = await apiLogin(page.request, who, opts.baseURL);
  if (opts.theme) {
    const res = await page.request.put(`${opts.baseURL ?? BASE_URL}/api/users/${login.user.id}`, {
      headers: { authorization: `Bearer ${login.token}` },
      data: { defaultTheme: opts.theme },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  return { ctx, page, errors, token: login.token as string, user: login.user as { id: number; companyId: number; name: string } };
}

/** A ticket of the visitor's contact as the admin sees it (show-all). */
export async function ticketOf(request: APIRequestContext, token: string, lastMessage: string) {
  let found: any;
  await expect
    .poll(async () => {
      const r = await api(request, token, "GET", `/api/tickets?showAll=true&searchParam=&pageNumber=1`);
      found = (r.body?.tickets ?? []).find((t: any) => t.lastMessage?.includes(lastMessage));
      return !!found;
    })
    .toBe(true);
  return found as { id: number; uuid: string; contactId: number; contact: { name: string } };
}

/** A web-chat visitor through the visitor API only (no page): a session and one message; answers the ticket. */
export async function visitorTicket(request: APIRequestContext, adminToken: string, widgetKey: string, name: string, text: string) {
  const session = await request.post(`${BASE_URL}/api/webchat/${widgetKey}/sessions`, { data: { name } });
  expect(session.status(), await session.text()).toBeLessThan(300);
  const { visitorToken } = await session.json();
  const sent = await request.post(`${BASE_URL}/api/webchat/${widgetKey}/messages`, {
    data: { body: text, clientId: uid() },
    headers: { authorization: `Bearer ${visitorToken}` },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  return ticketOf(request, adminToken, text);
}

/** A w x h PNG: a diagonal gradient, so screenshots show a real picture. */
export function gradientPng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const o = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) rows.set([40 + Math.round((x / w) * 180), 90 + Math.round((y / h) * 120), 200], o + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
