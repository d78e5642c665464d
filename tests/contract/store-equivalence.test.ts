import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createUser, login } from "../helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../helpers/test-app";
import { createTestDatabase, dropTestDatabase, postgresServer } from "../helpers/test-databases";

// The same data written into both stores, then the web app's own searches and list filters asked of both: the
// answers must be the same, row for row and in the same order.

const server = postgresServer();
let sqliteApp: TestApp;
let postgresApp: TestApp;
let databaseUrl: string;
const tokens: { sqlite: Record<string, string>; postgres: Record<string, string> } = { sqlite: {}, postgres: {} };

/** A small deterministic generator, so both stores get the very same rows. */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const NAMES = ["João Câmara", "Maria", "José Antônio", "Ana Souza", "Zé Insta", "Conceição", "André", "Bruno", "Cláudia", "Édson"];
const WORDS = [
  "atenção",
  "cliente",
  "boleto",
  "pedido",
  "entrega",
  "atraso",
  "obrigado",
  "bom",
  "dia",
  "pagamento",
  "ação",
  "não",
  "olá",
  "Atencao",
  "ENTREGA",
];

async function seed(t: TestApp): Promise<Record<string, string>> {
  const random = generator(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const db = t.ctx.db;
  const queues: number[] = [];
  for (const [name, color] of [
    ["Vendas", "#112233"],
    ["Suporte", "#223344"],
    ["Financeiro", "#334455"],
  ]) {
    queues.push((await db.insertInto("queues").values({ companyId: 1, name: name!, color: color! }).returning("id").executeTakeFirstOrThrow()).id);
  }
  const tags: number[] = [];
  for (const name of ["VIP", "Atrasado", "Novo"]) {
    tags.push((await db.insertInto("tags").values({ companyId: 1, name, color: "#445566" }).returning("id").executeTakeFirstOrThrow()).id);
  }
  const agents = [];
  for (const [i, name] of ["Ana", "Bruno", "Carla"].entries()) {
    const agent = await createUser(t, { companyId: 1, name, email: `agent${i}@equivalence.test`, profile: "user", allTicket: "disable" });
    await db
      .insertInto("user_queues")
      .values([queues[i]!, queues[(i + 1) % 3]!].map((queueId) => ({ userId: agent.id, queueId, companyId: 1 })))
      .execute();
    agents.push(agent);
  }
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 240; i++) {
    const at = new Date(base + i * 3_600_000).toISOString();
    const contact = await db
      .insertInto("contacts")
      .values({ companyId: 1, name: `${pick(NAMES)} ${i}`, number: `55119${String(10_000_000 + i * 7919).slice(0, 8)}`, createdAt: at, updatedAt: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = pick(["open", "pending", "pending", "closed"] as const);
    const userId = status === "open" ? pick([null, ...agents.map((a) => a.id)]) : null;
    const ticket = await db
      .insertInto("tickets")
      .values({
        uuid: crypto.randomUUID(),
        companyId: 1,
        contactId: contact.id,
        status,
        queueId: pick([null, ...queues]),
        userId,
        unreadMessages: Math.floor(random() * 3),
        createdAt: at,
        updatedAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (random() < 0.3)
      await db
        .insertInto("ticket_tags")
        .values({ ticketId: ticket.id, tagId: pick(tags), companyId: 1 })
        .execute();
    const count = 1 + Math.floor(random() * 5);
    for (let m = 0; m < count; m++) {
      const mat = new Date(base + i * 3_600_000 + m * 60_000).toISOString();
      const body = Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(WORDS)).join(" ");
      await db
        .insertInto("messages")
        .values({ companyId: 1, ticketId: ticket.id, contactId: contact.id, body, origin: pick(["contact", "agent"]), createdAt: mat, updatedAt: mat })
        .execute();
    }
  }
  return {
    admin: await login(t, ADMIN.email, ADMIN.password),
    ...Object.fromEntries(agents.map((a, i) => [`agent${i}`, a.token])),
  };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase(server);
  sqliteApp = await createTestApp({}, { store: "sqlite" });
  postgresApp = await createTestApp({ DATABASE_URL: databaseUrl });
  tokens.sqlite = await seed(sqliteApp);
  tokens.postgres = await seed(postgresApp);
}, 60_000);

afterAll(async () => {
  await sqliteApp?.close();
  await postgresApp?.close();
  if (databaseUrl) await dropTestDatabase(server, databaseUrl);
});

/** What a list answer says, without the fields that differ by nature between two stores (random uuids, login times). */
function essentials(body: any): unknown {
  if (Array.isArray(body?.tickets)) {
    return {
      count: body.count,
      hasMore: body.hasMore,
      tickets: body.tickets.map((t: any) => ({
        id: t.id,
        status: t.status,
        queueId: t.queueId,
        userId: t.userId,
        contact: t.contact?.name,
        number: t.contact?.number,
        lastMessage: t.lastMessage,
        unread: t.unreadMessages,
        tags: (t.tags ?? []).map((tag: any) => tag.id),
      })),
    };
  }
  if (Array.isArray(body?.contacts)) return { count: body.count, hasMore: body.hasMore, contacts: body.contacts.map((c: any) => [c.id, c.name, c.number]) };
  return body;
}

async function both(who: string, path: string): Promise<{ sqlite: unknown; postgres: unknown }> {
  const [a, b] = await Promise.all([
    sqliteApp.json("GET", path, { token: tokens.sqlite[who] }),
    postgresApp.json("GET", path, { token: tokens.postgres[who] }),
  ]);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  return { sqlite: essentials(a.body), postgres: essentials(b.body) };
}

const ticketQueries = [
  "pageNumber=1&status=open&showAll=true&sortTickets=DESC",
  "pageNumber=2&status=pending&showAll=true&sortTickets=DESC",
  "pageNumber=1&status=closed&showAll=true&sortTickets=ASC",
  "pageNumber=1&status=pending&showAll=true&queueIds=%5B1%2C3%5D&sortTickets=DESC",
  "pageNumber=1&status=open&showAll=true&tags=%5B1%5D&sortTickets=DESC",
  "pageNumber=1&status=pending&showAll=true&withUnreadMessages=true&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=joao&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=CAMARA&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=5511&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=atencao&searchOnMessages=true&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=entrega%20atraso&searchOnMessages=true&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=pag&searchOnMessages=true&sortTickets=DESC",
  "pageNumber=1&showAll=true&searchParam=n%C3%A3o%20ol%C3%A1&searchOnMessages=true&sortTickets=DESC",
];

describe("SQLite and PostgreSQL answer alike", () => {
  test("the admin's ticket lists, filters and searches", async () => {
    let found = 0;
    for (const query of ticketQueries) {
      const { sqlite, postgres } = await both("admin", `/api/tickets?${query}`);
      expect({ query, answer: postgres }).toEqual({ query, answer: sqlite });
      if ((sqlite as { tickets: unknown[] }).tickets.length > 0) found++;
    }
    // Every query finds something: equal empty answers would prove nothing.
    expect(found).toBe(ticketQueries.length);
  });

  test("each agent's lists and searches, under the agent's visibility", async () => {
    for (const who of ["agent0", "agent1", "agent2"]) {
      for (const query of ticketQueries.map((q) => q.replace("showAll=true", "showAll=false"))) {
        const { sqlite, postgres } = await both(who, `/api/tickets?${query}`);
        expect({ who, query, answer: postgres }).toEqual({ who, query, answer: sqlite });
      }
    }
  });

  test("the contacts page's search and the tags and users filters", async () => {
    for (const path of [
      "/api/contacts?pageNumber=1",
      "/api/contacts?pageNumber=2",
      "/api/contacts?searchParam=jose",
      "/api/contacts?searchParam=Concei",
      "/api/contacts?searchParam=An",
      "/api/contacts?searchParam=551190",
      "/api/tags?searchParam=at",
      "/api/users?searchParam=an",
    ]) {
      const { sqlite, postgres } = await both("admin", path);
      if (path.startsWith("/api/users")) {
        const names = (body: any) => body.users.map((u: any) => [u.id, u.name, u.email]);
        expect({ path, answer: names(postgres) }).toEqual({ path, answer: names(sqlite) });
      } else if (path.startsWith("/api/tags")) {
        const rows = (body: any) => body.tags.map((tg: any) => [tg.id, tg.name]);
        expect({ path, answer: rows(postgres) }).toEqual({ path, answer: rows(sqlite) });
      } else {
        expect({ path, answer: postgres }).toEqual({ path, answer: sqlite });
      }
    }
  });
});
