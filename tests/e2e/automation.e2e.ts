/**
 * The automation in the browser, on a server of its own whose clock the test moves (helpers/clock-server.ts: the app
 * from the sources with a movable clock, moved through a control port only the test has). A web-chat visitor (the
 * real widget page) gets the connection's greeting and queue menu, picks a queue, an option and a sub-option, and
 * lands in the right queue on the right agent: a sub-option of type queue moves the ticket to that queue, whose online
 * agent gets it (userRandom) and sees it arrive in her list live; a sub-option naming an online agent hands it to her,
 * and the queue's other agent, who saw it during the dialogue, loses it live. With the company's week (scheduleType
 * company) read in the company's time zone, a visitor writing in a closed period gets the out-of-hours text and no
 * menu, and the menu once the week opens again. With ratings on, an agent resolving the visitor's ticket in the
 * browser has the visitor asked for a rating; the answer 9 closes it with the completion message and the rating shows
 * as the top emoji in the agent's closed list, live; a question left unanswered past expiresTicketNPS (the clock moved,
 * the scheduler's own polling) closes the ticket, and the visitor's next message opens a new one.
 */
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { agentPage, openVisitor, uid } from "./helpers/inbox";
import { apiCall, type OwnServer, startOwnServer } from "./helpers/own-server";
import { apiLogin, freePort, screenshotPath } from "./helpers/server";

test.use({ locale: "en-US" });
test.setTimeout(120_000);

const ADMIN = { email: "admin@automation.local", password: "Admin123!" } as const;
const PASSWORD = "Agent123!";
/** Live updates on a loaded 2-core machine: pushed at once, but the page may take a while to paint. */
const LIVE = { timeout: 10_000 };

let own: OwnServer;
let control: string;
/** The browser contexts a test opened (visitor and agents), closed after it: open sockets would hold the server's stop. */
const contexts: BrowserContext[] = [];
const base = () => own.server.baseURL;

test.beforeAll(async () => {
  const controlPort = await freePort();
  control = `http://127.0.0.1:${controlPort}`;
  own = await startOwnServer({
    script: "tests/e2e/helpers/clock-server.ts",
    name: "automation",
    admin: ADMIN,
    env: {
      CONTROL_PORT: String(controlPort),
      // The server's own zone is UTC, so the company's zone below differs from it.
      TZ: "UTC",
      // The clock jumps days ahead; the spec's and the agents' sessions must outlive the jump.
      ACCESS_TOKEN_TTL_S: String(30 * 24 * 3600),
      REFRESH_TOKEN_TTL_S: String(60 * 24 * 3600),
      WEBCHAT_SESSIONS_PER_MIN_IP: "1000",
    },
  });
});

test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

test.afterAll(async () => {
  await own?.stop();
});

const call = (request: APIRequestContext, method: string, path: string, data?: unknown) => apiCall(request, base(), own.apiToken, method, path, data);

/** The server's time now, and moving it (it runs on from there). */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const res = await request.get(`${control}/clock`);
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

async function moveClock(request: APIRequestContext, at: Date): Promise<void> {
  const res = await request.post(`${control}/clock`, { data: { at: at.toISOString() } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Queue colours are unique in a company: a random one per queue. */
const color = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;

/**
 * A web-chat storefront of its own: two queues on the connection (the menu) and Vendas with a two-level option tree:
 * Produtos > Planos empresariais (attendent: Carla) and Planos pessoais (queue: Financeiro). Bruno and Carla work
 * Vendas, Ana works Financeiro.
 */
async function storefront(request: APIRequestContext, tag: string, connection: Record<string, unknown> = {}) {
  const queue = (name: string, greetingMessage: string) =>
    call(request, "POST", "/api/queue", { name: `${name} ${tag}`, color: color(), greetingMessage }) as Promise<{ id: number; name: string }>;
  const sales = await queue("Vendas", "Vendas: como podemos ajudar?");
  const billing = await queue("Financeiro", "Financeiro: um momento, {{firstName}}.");
  const agent = async (name: string, queueIds: number[]) => {
    const email = `${name.toLowerCase()}-${tag}@automation.local`;
    const user = (await call(request, "POST", "/api/users", { name: `${name} ${tag}`, email, password: PASSWORD, profile: "user", queueIds })) as {
      id: number;
      name: string;
    };
    return { ...user, email, password: PASSWORD };
  };
  const ana = await agent("Ana", [billing.id]);
  const bruno = await agent("Bruno", [sales.id]);
  const carla = await agent("Carla", [sales.id]);
  const option = (values: Record<string, unknown>) =>
    call(request, "POST", "/api/chatbot", { queueId: sales.id, queueType: "text", ...values }) as Promise<{ id: number }>;
  const products = await option({ name: "Produtos", greetingMessage: "Qual produto?", order: 1 });
  await option({ name: "Outros assuntos", order: 2 });
  await option({
    parentId: products.id,
    name: "Planos empresariais",
    queueType: "attendent",
    optUserId: carla.id,
    greetingMessage: "Um especialista já vai te atender, {{firstName}}.",
    order: 1,
  });
  await option({
    parentId: products.id,
    name: "Planos pessoais",
    queueType: "queue",
    optQueueId: billing.id,
    greetingMessage: "Vou te passar ao Financeiro.",
    order: 2,
  });
  const conn = (await call(request, "POST", "/api/whatsapp", {
    name: `Loja ${tag}`,
    channel: "webchat",
    queueIds: [sales.id, billing.id],
    greetingMessage: "Olá {{firstName}}! Escolha um setor:",
    ...connection,
  })) as { id: number; widgetKey: string };
  return { sales, billing, ana, bruno, carla, widgetKey: conn.widgetKey };
}

/** The menus as the bot writes them (WhatsApp bold marks around the numbers). */
const menu = (header: string, items: string[], back: boolean) =>
  [header, "", ...items.map((name, i) => `*[ ${i + 1} ]* - ${name}`), ...(back ? ["*[ # ]* - Voltar"] : []), "*[ Sair ]* - Encerrar atendimento"].join("\n");

/** The visitor's side: the widget page, what they type, and the bot's messages as the widget shows them. */
async function visitorOf(browser: Browser, widgetKey: string, name: string) {
  const v = await openVisitor(browser, widgetKey, name, base());
  contexts.push(v.ctx);
  const theirs = v.page.getByTestId("webchat-message").and(v.page.locator(".theirs"));
  return {
    ...v,
    theirs,
    /** Types and sends (digits too: no text search for what was typed). */
    type: async (text: string) => {
      const input = v.page.getByTestId("webchat-input");
      await input.fill(text);
      await input.press("Enter");
      await expect(input).toHaveValue("");
    },
    /**
     * Waits for the bot's message and checks its whole text as shown: line breaks kept, the marks rendered as bold
     * (the text without its asterisks), each bold part in a <strong>.
     */
    expectBot: async (text: string) => {
      const bubble = theirs.filter({ hasText: text.split("\n")[0]!.replaceAll("*", "") }).last();
      await expect(bubble).toBeVisible(LIVE);
      const body = bubble.locator(".body");
      await expect(body).toHaveJSProperty("textContent", text.replaceAll("*", ""));
      await expect(body.locator("strong")).toHaveText([...text.matchAll(/\*([^*]+)\*/g)].map((m) => m[1]!));
    },
  };
}

/** The visitor's ticket as the admin sees it. */
async function ticketOfContact(request: APIRequestContext, contactName: string) {
  let found: { id: number; uuid: string; status: string; queueId: number | null; userId: number | null } | undefined;
  await expect
    .poll(async () => {
      const r = (await call(request, "GET", `/api/tickets?showAll=true&searchParam=&pageNumber=1`)) as { tickets: any[] };
      found = r.tickets.find((t) => t.contact?.name === contactName);
      return !!found;
    }, LIVE)
    .toBe(true);
  return found!;
}

async function inbox(browser: Browser, who: { email: string; password: string; id: number }) {
  const agent = await agentPage(browser, who, { baseURL: base() });
  contexts.push(agent.ctx);
  await agent.page.goto("/tickets");
  await expect(agent.page.getByTestId("tickets-manager")).toBeVisible();
  await agent.page.getByTestId("tab-pending").click();
  return agent;
}

const isOnline = async (request: APIRequestContext, userId: number) => ((await call(request, "GET", `/api/users/${userId}`)) as { online: boolean }).online;

const pendingItem = (page: Page, name: string) => page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: name });

test("a visitor answers the greeting's menu two levels down into another queue and lands on its online agent, live in her list", async ({
  browser,
  request,
}) => {
  const tag = uid();
  await call(request, "PUT", "/api/settings/scheduleType", { value: "disabled" });
  await call(request, "PUT", "/api/settings/userRandom", { value: "enabled" });
  const shop = await storefront(request, tag);

  // Both agents at work: their web app's socket makes them online (the bot hands tickets only to someone online).
  const ana = await inbox(browser, shop.ana);
  const bruno = await inbox(browser, shop.bruno);
  await expect.poll(() => isOnline(request, shop.ana.id), LIVE).toBe(true);

  const name = `Marina Costa ${tag}`;
  const visitor = await visitorOf(browser, shop.widgetKey, name);

  await test.step("the first message gets the connection's greeting with the queue menu", async () => {
    await visitor.type("Olá, quero contratar um plano");
    await visitor.expectBot(menu("Olá Marina! Escolha um setor:", [shop.sales.name, shop.billing.name], false));
    await visitor.page.screenshot({ path: screenshotPath("automation-widget-menu-375") });
  });

  await test.step("1 picks Vendas, which greets with its first level; Bruno, of Vendas, sees the ticket waiting", async () => {
    await visitor.type("1");
    await visitor.expectBot(menu("Vendas: como podemos ajudar?", ["Produtos", "Outros assuntos"], true));
    await expect(pendingItem(bruno.page, name)).toBeVisible(LIVE);
    await expect(pendingItem(bruno.page, name).getByTestId("ticket-queue")).toHaveText(shop.sales.name);
  });

  await test.step("1 opens Produtos: its sub-options", async () => {
    await visitor.type("1");
    await visitor.expectBot(menu("Qual produto?", ["Planos empresariais", "Planos pessoais"], true));
    await visitor.page.screenshot({ path: screenshotPath("automation-widget-tree-375") });
  });

  await test.step("2 picks Planos pessoais: Financeiro greets and the ticket goes to Ana, live in her list and out of Bruno's", async () => {
    await expect(pendingItem(ana.page, name)).toHaveCount(0);
    await visitor.type("2");
    await visitor.expectBot("Vou te passar ao Financeiro.");
    await visitor.expectBot("Financeiro: um momento, Marina.");
    const item = pendingItem(ana.page, name);
    await expect(item).toBeVisible(LIVE);
    await expect(item.getByTestId("ticket-queue")).toHaveText(shop.billing.name);
    await expect(pendingItem(bruno.page, name)).toHaveCount(0, LIVE);
    expect(await ticketOfContact(request, name)).toMatchObject({ status: "pending", queueId: shop.billing.id, userId: shop.ana.id });
    await ana.page.screenshot({ path: screenshotPath("automation-agent-handed-1280") });
  });

  expect(ana.errors).toEqual([]);
  expect(bruno.errors).toEqual([]);
});

test("an option naming an online agent hands the ticket to her in the queue: the queue's other agent loses it live", async ({ browser, request }) => {
  const tag = uid();
  await call(request, "PUT", "/api/settings/scheduleType", { value: "disabled" });
  await call(request, "PUT", "/api/settings/userRandom", { value: "disabled" });
  const shop = await storefront(request, tag);
  const bruno = await inbox(browser, shop.bruno);
  const carla = await inbox(browser, shop.carla);
  await expect.poll(() => isOnline(request, shop.carla.id), LIVE).toBe(true);

  const name = `Paula Souza ${tag}`;
  const visitor = await visitorOf(browser, shop.widgetKey, name);
  await visitor.type("Boa tarde");
  await visitor.expectBot(menu("Olá Paula! Escolha um setor:", [shop.sales.name, shop.billing.name], false));
  await visitor.type("1");
  await visitor.expectBot(menu("Vendas: como podemos ajudar?", ["Produtos", "Outros assuntos"], true));
  await visitor.type("1");
  await visitor.expectBot(menu("Qual produto?", ["Planos empresariais", "Planos pessoais"], true));
  // Waiting in Vendas while the bot talks: both of its agents see it.
  await expect(pendingItem(bruno.page, name)).toBeVisible(LIVE);
  await expect(pendingItem(carla.page, name)).toBeVisible(LIVE);

  await visitor.type("1");
  await visitor.expectBot("Um especialista já vai te atender, Paula.");
  await expect(pendingItem(bruno.page, name)).toHaveCount(0, LIVE);
  await expect(pendingItem(carla.page, name)).toBeVisible();
  await expect(pendingItem(carla.page, name).getByTestId("ticket-queue")).toHaveText(shop.sales.name);
  expect(await ticketOfContact(request, name)).toMatchObject({ status: "pending", queueId: shop.sales.id, userId: shop.carla.id });
  expect(bruno.errors).toEqual([]);
  expect(carla.errors).toEqual([]);
});

/** The next instant after `from` when the wall clock of a fixed-offset zone shows that weekday (0 = Sunday) and time. */
function nextWall(from: Date, offsetHours: number, weekday: number, hour: number, minute: number): Date {
  const wall = new Date(from.getTime() + offsetHours * 3_600_000);
  const days = (weekday - wall.getUTCDay() + 7) % 7 || 7;
  const at = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days, hour, minute) - offsetHours * 3_600_000;
  return new Date(at);
}

test("outside the company's week, read in its time zone, the visitor gets the out-of-hours text instead of the menu", async ({ browser, request }) => {
  const tag = uid();
  const closed = "Estamos fechados agora, {{firstName}}. Atendemos de segunda a sábado, das 8h às 18h.";
  const shop = await storefront(request, tag, { outOfHoursMessage: closed });
  const me = (await call(request, "GET", "/api/auth/me")) as { companyId: number };
  // Monday to Saturday 08:00-18:00, Sunday closed; Tokyo is UTC+9 all year (no daylight saving).
  const open = { startTimeA: "08:00", endTimeA: "18:00", startTimeB: "", endTimeB: "" };
  const week = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekdayEn) => ({ weekdayEn, ...open }));
  week.push({ weekdayEn: "sunday", startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" });
  await call(request, "PUT", `/api/companies/${me.companyId}/schedules`, { schedules: week });
  await call(request, "PUT", "/api/settings/timezone", { value: "Asia/Tokyo" });
  await call(request, "PUT", "/api/settings/scheduleType", { value: "company" });

  // Sunday 02:30 in Tokyo: closed there, while the server's own zone (UTC) still reads Saturday 17:30, an open hour.
  const sunday = nextWall(await serverNow(request), 9, 0, 2, 30);
  await moveClock(request, sunday);

  const name = `Joana Lima ${tag}`;
  const visitor = await visitorOf(browser, shop.widgetKey, name);
  await visitor.type("Bom dia, vocês estão abertos?");
  await visitor.expectBot("Estamos fechados agora, Joana. Atendemos de segunda a sábado, das 8h às 18h.");
  // The notice is the bot's only message: no menu went with it (a turn's texts are written and sent together).
  const ticket = await ticketOfContact(request, name);
  const bot = async () =>
    (((await call(request, "GET", `/api/messages/${ticket.id}`)) as { messages: { fromMe: boolean; body: string }[] }).messages ?? [])
      .filter((m) => m.fromMe)
      .map((m) => m.body);
  expect(await bot()).toEqual(["Estamos fechados agora, Joana. Atendemos de segunda a sábado, das 8h às 18h."]);
  await expect(visitor.theirs).toHaveCount(1);
  await visitor.page.screenshot({ path: screenshotPath("automation-widget-out-of-hours-375") });

  // Monday 10:00 in Tokyo (01:00 UTC, closed if read in the server's zone): open, and the next message gets the menu.
  await moveClock(request, nextWall(sunday, 9, 1, 10, 0));
  await visitor.type("Olá de novo");
  await visitor.expectBot(menu("Olá Joana! Escolha um setor:", [shop.sales.name, shop.billing.name], false));
  await expect(visitor.theirs).toHaveCount(2);
});

const RATING = "{{firstName}}, de 0 a 10, como foi o atendimento de {{user}}?";
const THANKS = "Obrigado pela avaliação, {{firstName}}!";

/**
 * A web-chat help desk that asks for ratings (the company's userRating, the connection's ratingMessage): one queue
 * (no menu: the visitor's ticket waits in it, nobody greets) and its agent Ana.
 */
async function ratingDesk(request: APIRequestContext, tag: string) {
  await call(request, "PUT", "/api/settings/scheduleType", { value: "disabled" });
  await call(request, "PUT", "/api/settings/userRandom", { value: "disabled" });
  await call(request, "PUT", "/api/settings/userRating", { value: "enabled" });
  const support = (await call(request, "POST", "/api/queue", { name: `Suporte ${tag}`, color: color() })) as { id: number; name: string };
  const email = `ana-nps-${tag}@automation.local`;
  const ana = (await call(request, "POST", "/api/users", { name: `Ana ${tag}`, email, password: PASSWORD, profile: "user", queueIds: [support.id] })) as {
    id: number;
    name: string;
  };
  const conn = (await call(request, "POST", "/api/whatsapp", {
    name: `Ajuda ${tag}`,
    channel: "webchat",
    queueIds: [support.id],
    ratingMessage: RATING,
    complationMessage: THANKS,
    expiresTicketNPS: 30,
    maxUseBotQueuesNPS: 1,
  })) as { widgetKey: string };
  return { support, ana: { ...ana, email, password: PASSWORD }, widgetKey: conn.widgetKey };
}

interface TicketView {
  id: number;
  uuid: string;
  status: string;
  userId: number | null;
  userRating: { rate: number } | null;
}

const ticketByUuid = async (request: APIRequestContext, uuid: string) => (await call(request, "GET", `/api/tickets/u/${uuid}`)) as TicketView;

/** The bodies of a ticket's messages, oldest first, with who wrote them. */
async function messagesOf(request: APIRequestContext, ticketId: number) {
  const r = (await call(request, "GET", `/api/messages/${ticketId}`)) as { messages: { fromMe: boolean; body: string }[] };
  return r.messages.map((m) => ({ fromMe: m.fromMe, body: m.body }));
}

test("resolving with ratings on asks the visitor; the answer 9 closes the ticket with the completion message and 😍 shows in the agent's closed list live", async ({
  browser,
  request,
}) => {
  const tag = uid();
  const desk = await ratingDesk(request, tag);
  const ana = await inbox(browser, desk.ana);
  const name = `Marina Costa ${tag}`;
  const visitor = await visitorOf(browser, desk.widgetKey, name);
  const question = `Marina, de 0 a 10, como foi o atendimento de ${desk.ana.name}?`;
  let uuid = "";

  await test.step("Ana accepts the visitor's ticket and resolves it with the farewell: the visitor is asked to rate her", async () => {
    await visitor.type("Oi, meu pedido não chegou");
    const item = pendingItem(ana.page, name);
    await expect(item).toBeVisible(LIVE);
    await item.getByTestId("ticket-accept").click();
    await expect(ana.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/, LIVE);
    await expect(ana.page.getByTestId("conversation")).toHaveAttribute("data-status", "open", LIVE);
    uuid = ana.page.url().split("/").at(-1)!;
    await ana.page.getByTestId("header-resolve").click();
    await ana.page.getByTestId("resolve-with-farewell").click();
    await expect(ana.page).toHaveURL(/\/tickets$/, LIVE);
    await visitor.expectBot(question);
    // The question stands in for the farewell: the ticket waits for the answer, held by Ana and out of her open list.
    expect(await ticketByUuid(request, uuid)).toMatchObject({ status: "nps", userId: desk.ana.id, userRating: null });
    await expect(ana.page.getByTestId("list-open").getByTestId("ticket-item").filter({ hasText: name })).toHaveCount(0);
    await visitor.page.screenshot({ path: screenshotPath("automation-widget-rating-question-375") });
  });

  await test.step("with Ana on her closed list, the visitor answers 9: thanked, and the ticket arrives there live with 😍", async () => {
    await ana.page.getByTestId("view-closed").click();
    const closed = ana.page.getByTestId("list-closed").getByTestId("ticket-item").filter({ hasText: name });
    // Her closed list, loaded and empty (a new agent): the ticket can only arrive in it through the live update.
    await expect(ana.page.getByTestId("list-closed").getByTestId("tickets-empty")).toBeVisible(LIVE);
    await visitor.type("9");
    await visitor.expectBot("Obrigado pela avaliação, Marina!");
    await expect(closed).toBeVisible(LIVE);
    const rating = closed.getByTestId("ticket-rating");
    await expect(rating).toHaveText("😍");
    await expect(rating).toHaveAccessibleName("Rating 5 of 5");
    await ana.page.screenshot({ path: screenshotPath("automation-agent-closed-rating-1280") });
    await visitor.page.screenshot({ path: screenshotPath("automation-widget-rating-thanks-375") });
  });

  await test.step("the API has the ticket closed with the rating, and the dialogue on the ticket", async () => {
    expect(await ticketByUuid(request, uuid)).toMatchObject({ status: "closed", userId: desk.ana.id, userRating: { rate: 5 } });
    const closedList = (await call(request, "GET", "/api/tickets?showAll=true&status=closed&searchParam=&pageNumber=1")) as { tickets: TicketView[] };
    expect(closedList.tickets.find((t) => t.uuid === uuid)?.userRating).toEqual({ rate: 5 });
    const { id } = await ticketByUuid(request, uuid);
    expect((await messagesOf(request, id)).slice(-3)).toEqual([
      { fromMe: true, body: question },
      { fromMe: false, body: "9" },
      { fromMe: true, body: "Obrigado pela avaliação, Marina!" },
    ]);
  });
  expect(ana.errors).toEqual([]);
});

test("a rating question left unanswered past expiresTicketNPS closes the ticket; the visitor's next message opens a new one", async ({ browser, request }) => {
  const tag = uid();
  const desk = await ratingDesk(request, tag);
  const { token } = await apiLogin(request, desk.ana, base());
  const asAna = (method: string, path: string, data?: unknown) => apiCall(request, base(), token, method, path, data) as Promise<TicketView>;
  const name = `Rita Alves ${tag}`;
  const visitor = await visitorOf(browser, desk.widgetKey, name);
  await visitor.type("Olá, uma dúvida sobre a fatura");
  const first = await ticketOfContact(request, name);
  await asAna("PUT", `/api/tickets/${first.id}`, { status: "open", userId: desk.ana.id });
  expect(await asAna("PUT", `/api/tickets/${first.id}`, { status: "closed" })).toMatchObject({ status: "nps" });
  await visitor.expectBot(`Rita, de 0 a 10, como foi o atendimento de ${desk.ana.name}?`);

  // 31 minutes later the question has expired: the scheduler's own polling closes the ticket, silently.
  await moveClock(request, new Date((await serverNow(request)).getTime() + 31 * 60_000));
  await expect.poll(async () => (await ticketByUuid(request, first.uuid)).status, LIVE).toBe("closed");

  // A late "9" is no rating of the closed ticket: it opens a new ticket, waiting in the queue for the agents.
  await visitor.type("9");
  let next: TicketView | undefined;
  await expect
    .poll(async () => {
      const r = (await call(request, "GET", "/api/tickets?showAll=true&searchParam=&pageNumber=1")) as {
        tickets: (TicketView & { contact?: { name: string } })[];
      };
      next = r.tickets.find((t) => t.contact?.name === name && t.id !== first.id);
      return next?.status;
    }, LIVE)
    .toBe("pending");
  expect(next).toMatchObject({ userRating: null, userId: null });
  expect(await messagesOf(request, next!.id)).toEqual([{ fromMe: false, body: "9" }]);
  const old = await ticketByUuid(request, first.uuid);
  expect(old).toMatchObject({ status: "closed", userRating: null });
  expect((await messagesOf(request, old.id)).filter((m) => m.fromMe)).toEqual([
    { fromMe: true, body: `Rita, de 0 a 10, como foi o atendimento de ${desk.ana.name}?` },
  ]);
  await expect(visitor.theirs).toHaveCount(1);
});
