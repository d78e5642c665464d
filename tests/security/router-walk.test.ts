import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Walks every route the app registers, so a route added later is covered without anyone
 * remembering to write its security test. A new public route must be listed here on purpose.
 */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/version",
  "GET /api/public-settings/:key",
  "GET /api/plans/list",
  "POST /api/auth/login",
  "POST /api/auth/refresh_token",
  "POST /api/auth/signup",
  "POST /api/forgetpassword/:email",
  "POST /api/resetpasswords",
  "GET /api/media/:key",
  // Web-chat visitor API: the widgetKey is public; the messages routes take a visitor token, not a user's (webchat.test.ts).
  "GET /api/webchat/:widgetKey/config",
  "POST /api/webchat/:widgetKey/sessions",
  "GET /api/webchat/:widgetKey/messages",
  "POST /api/webchat/:widgetKey/messages",
  // Channel webhooks: authenticated by the provider's signature, not a user's token (verified in each plugin's tests;
  // malformed bodies still never get a 5xx: without META_APP_SECRET the Meta endpoint answers 403).
  "GET /api/webhooks/whatsappapi/:connectionId",
  "POST /api/webhooks/whatsappapi/:connectionId",
  "GET /api/webhooks/meta",
  "POST /api/webhooks/meta",
  "GET /*",
  "ALL /api/*",
]);

let t: TestApp;
let routes: { method: string; path: string }[];
let adminA: string;
let adminB: string;

const fill = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);
const tenantTables = [
  "users",
  "queues",
  "user_queues",
  "company_settings",
  "media",
  "companies",
  "connections",
  "connection_queues",
  "contacts",
  "contact_extra_info",
  "tags",
  "contact_tags",
  "ticket_notes",
  "quick_messages",
] as const;

async function snapshotCompanyA() {
  const out: Record<string, unknown[]> = {};
  for (const table of tenantTables) {
    const column = table === "companies" ? "id" : "companyId";
    out[table] = await t.ctx.db.selectFrom(table).selectAll().where(column as never, "=", 1 as never).execute();
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routes
    .filter((r) => r.method !== "WS" && !(r.path === "/api/socket"))
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !PUBLIC.has(`${r.method} ${r.path}`));
  adminA = (await t.json("POST", "/api/auth/login", { body: ADMIN })).body.token;
  await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Vendas A", color: "#aa0000" }).execute();
  await t.ctx.db.insertInto("user_queues").values({ companyId: 1, userId: 1, queueId: 1 }).execute();
  await t.ctx.db.insertInto("company_settings").values({ companyId: 1, key: "requiredTag", value: "enabled" }).execute();
  // A connection with no plugin behind it (no session starts), so the walk can aim at /api/whatsapp/1 and friends.
  await t.ctx.db.insertInto("connections").values({ id: 1, companyId: 1, name: "Conexão A", channel: "walkchan", token: "A".repeat(30), isDefault: 1 }).execute();
  await t.ctx.db.insertInto("connection_queues").values({ connectionId: 1, queueId: 1, companyId: 1 }).execute();
  // Contacts, tags, notes and quick messages with id 1 (issue 6), so their /:id routes aim at company A's rows.
  await t.ctx.db.insertInto("contacts").values({ id: 1, companyId: 1, name: "Contato A", number: "5511900000001" }).execute();
  await t.ctx.db.insertInto("contact_extra_info").values({ contactId: 1, companyId: 1, name: "CPF", value: "123" }).execute();
  await t.ctx.db.insertInto("tags").values({ id: 1, companyId: 1, name: "Tag A" }).execute();
  await t.ctx.db.insertInto("contact_tags").values({ contactId: 1, tagId: 1, companyId: 1 }).execute();
  const ticketA = await t.ctx.db.insertInto("tickets").values({ uuid: crypto.randomUUID(), companyId: 1, contactId: 1, userId: 1 }).returning("id").executeTakeFirstOrThrow();
  await t.ctx.db.insertInto("ticket_notes").values({ id: 1, companyId: 1, note: "Nota A", userId: 1, contactId: 1, ticketId: ticketA.id }).execute();
  await t.ctx.db.insertInto("quick_messages").values({ id: 1, companyId: 1, userId: 1, shortcode: "oi", message: "Olá!", geral: 1 }).execute();

  const companyB = await t.ctx.db.insertInto("companies").values({ name: "B", planId: 1, dueDate: "2999-01-01" }).returning("id").executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("users")
    .values({ companyId: companyB.id, name: "Admin B", email: "admin@b.test", passwordHash: await Bun.password.hash("secretB"), profile: "admin" })
    .execute();
  adminB = (await t.json("POST", "/api/auth/login", { body: { email: "admin@b.test", password: "secretB" } })).body.token;
});
afterAll(() => t.close());

describe("router walk", () => {
  test("the walk sees the private routes", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("GET /api/auth/me");
    expect(names).toContain("DELETE /api/auth/logout");
    expect(names).toContain("GET /api/companies/listPlan/:companyId");
  });

  test("every private route answers 401 to no token, a junk token and a forged unsigned token", async () => {
    const [, payload] = adminA.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const failures: string[] = [];
    for (const r of routes) {
      for (const token of [undefined, "junk", unsigned]) {
        const res = await t.request(r.method, fill(r.path, "1"), { token, body: r.method === "GET" ? undefined : {} });
        if (res.status !== 401) failures.push(`${r.method} ${r.path} token=${token?.slice(0, 8)} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("company B's admin never reaches company A's rows through an id in the path", async () => {
    const before = await snapshotCompanyA();
    const body = { name: "Hacked", email: "hacked@b.test", color: "#bb0000", value: "disabled", key: "requiredTag", column: "requiredTag", data: "disabled", defaultTicketsManagerWidth: 600 };
    const failures: string[] = [];
    for (const r of routes.filter((r) => r.path.includes(":"))) {
      const res = await t.request(r.method, fill(r.path, "1"), { token: adminB, body: r.method === "GET" ? undefined : body });
      if (res.status < 400 || res.status >= 500) failures.push(`${r.method} ${r.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotCompanyA()).toEqual(before);
  });

  test("malformed ids and bodies never get a 5xx", async () => {
    const ids = ["abc", "-1", "0", "1.5", "99999999999999999999999", "%00", "'%20OR%201=1", "1e3"];
    const bodies: unknown[] = ["not json", "[]", "null", '{"name":{"$gt":""}}', JSON.stringify({ a: { b: { c: { d: [1, 2, { e: null }] } } } }), '{"id":"1","companyId":2}'];
    const failures: string[] = [];
    for (const r of [...routes, ...[...PUBLIC].map((p) => ({ method: p.split(" ")[0]!, path: p.split(" ")[1]! }))]) {
      if (r.method === "ALL" || r.path === "/*") continue;
      const paths = r.path.includes(":") ? ids.map((id) => fill(r.path, id)) : [r.path];
      for (const path of paths) {
        for (const body of r.method === "GET" ? [undefined] : bodies) {
          const res = await t.request(r.method, path, { token: adminA, body, headers: { "content-type": "application/json" } });
          if (res.status >= 500) failures.push(`${r.method} ${path} body=${String(body).slice(0, 20)} -> ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
