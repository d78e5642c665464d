import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { createConnection } from "../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../fakes/meta-graph";
import { createUser, login, type TestUser } from "../helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../helpers/test-app";
import {
  BODY_NAMES,
  CANDIDATES,
  fieldsIn,
  HOSTILE_FILE_NAMES,
  HOSTILE_STRINGS,
  MEGABYTE,
  malformedCloudBodies,
  malformedMetaBodies,
  PNG,
  QUERY_BASE,
  QUERY_IDS,
  QUERY_NAMES,
  UPLOAD_FIELDS,
  WRONG_TYPES,
} from "./walk-inputs";

/**
 * Walks every route the app registers, so a route added later is covered without anyone
 * remembering to write its security test. A new public route must be listed here on purpose.
 */
const PUBLIC = new Set([
  // Health: container and load-balancer probes call it without credentials; it names only each part's state.
  "GET /api/health",
  // Metrics: not a user's route; its own rule (loopback peers, or the METRICS_TOKEN bearer) is tested in src/metrics/metrics.test.ts.
  "GET /metrics",
  "GET /api/version",
  "GET /api/public-settings/:key",
  "GET /api/plans/list",
  "POST /api/auth/login",
  "POST /api/auth/refresh_token",
  "POST /api/auth/signup",
  "POST /api/forgetpassword/:email",
  "POST /api/resetpasswords",
  "GET /api/media/:key",
  // The platform's logos: the login page shows them before anyone logs in.
  "GET /api/whitelabel/:file",
  // The API document and its reference page: they describe the API and give access to nothing.
  "GET /api/openapi.json",
  "GET /api/reference",
  "GET /api/reference/reference.js",
  // Web-chat visitor API: the widgetKey is public; the messages routes take a visitor token, not a user's (webchat.test.ts).
  "GET /api/webchat/:widgetKey/config",
  "POST /api/webchat/:widgetKey/sessions",
  "GET /api/webchat/:widgetKey/messages",
  "POST /api/webchat/:widgetKey/messages",
  // Channel webhooks: authenticated by the provider's signature, not a user's token (verified in each plugin's tests;
  // the walk sends them correctly signed malformed bodies).
  "GET /api/webhooks/whatsappapi/:connectionId",
  "POST /api/webhooks/whatsappapi/:connectionId",
  "GET /api/webhooks/meta",
  "POST /api/webhooks/meta",
  "GET /*",
  "ALL /api/*",
]);

let t: TestApp;
let fake: FakeGraph;
let routes: { method: string; path: string }[];
let adminA: string;
let adminB: string;
/** Values for path parameters that name real rows of company A, so hostile input reaches the code behind the lookups. */
const real: Record<string, string> = {};
const CLOUD_SECRET = "walk-cloud-app-secret-0123456789";

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
  "chatbots",
  "file_lists",
  "file_list_options",
] as const;

async function snapshotCompanyA() {
  const out: Record<string, unknown[]> = {};
  for (const table of tenantTables) {
    const column = table === "companies" ? "id" : "companyId";
    out[table] = await t.ctx.db
      .selectFrom(table)
      .selectAll()
      .where(column as never, "=", 1 as never)
      .execute();
  }
  return out;
}

beforeAll(async () => {
  fake = await FakeGraph.start();
  t = await createTestApp({ META_GRAPH_URL: fake.url, META_APP_ID: FAKE_IDS.appId, META_APP_SECRET: FAKE_IDS.appSecret });
  routes = t.app.routes
    .filter((r) => r.method !== "WS" && !(r.path === "/api/socket"))
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !PUBLIC.has(`${r.method} ${r.path}`));
  adminA = (await t.json("POST", "/api/auth/login", { body: ADMIN })).body.token;
  await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Vendas A", color: "#aa0000" }).execute();
  await t.ctx.db.insertInto("user_queues").values({ companyId: 1, userId: 1, queueId: 1 }).execute();
  await t.ctx.db.insertInto("company_settings").values({ companyId: 1, key: "requiredTag", value: "enabled" }).execute();
  // A connection with no plugin behind it (no session starts), so the walk can aim at /api/whatsapp/1 and friends.
  await t.ctx.db
    .insertInto("connections")
    .values({ companyId: 1, name: "Conexão A", channel: "walkchan", token: "A".repeat(30), isDefault: 1 })
    .execute();
  await t.ctx.db.insertInto("connection_queues").values({ connectionId: 1, queueId: 1, companyId: 1 }).execute();
  // A chatbot menu of queue 1 (id 1) with a sub-option, so /api/chatbot/1 aims at company A's tree.
  await t.ctx.db
    .insertInto("chatbots")
    .values([
      { companyId: 1, queueId: 1, name: "Menu A", greetingMessage: "Escolha:", queueType: "text" },
      { companyId: 1, queueId: 1, parentId: 1, name: "Falar com A", queueType: "attendent", optUserId: 1 },
    ])
    .execute();
  // Contacts, tags, notes and quick messages with id 1, so their /:id routes aim at company A's rows.
  await t.ctx.db.insertInto("contacts").values({ companyId: 1, name: "Contato A", number: "5511900000001" }).execute();
  await t.ctx.db.insertInto("contact_extra_info").values({ contactId: 1, companyId: 1, name: "CPF", value: "123" }).execute();
  await t.ctx.db.insertInto("tags").values({ companyId: 1, name: "Tag A" }).execute();
  await t.ctx.db.insertInto("contact_tags").values({ contactId: 1, tagId: 1, companyId: 1 }).execute();
  const ticketA = await t.ctx.db
    .insertInto("tickets")
    .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: 1, userId: 1, status: "open", whatsappId: 1 })
    .returning(["id", "uuid"])
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto("ticket_notes").values({ companyId: 1, note: "Nota A", userId: 1, contactId: 1, ticketId: ticketA.id }).execute();
  await t.ctx.db.insertInto("quick_messages").values({ companyId: 1, userId: 1, shortcode: "oi", message: "Olá!", geral: 1 }).execute();
  // A file list with one file (both id 1), so /api/files/1 and its upload aim at company A's rows.
  await t.ctx.db.insertInto("file_lists").values({ companyId: 1, userId: 1, name: "Lista A", message: "Arquivos" }).execute();
  await t.ctx.db.insertInto("file_list_options").values({ companyId: 1, fileListId: 1, name: "Arquivo A" }).execute();

  const companyB = await t.ctx.db.insertInto("companies").values({ name: "B", planId: 1, dueDate: "2999-01-01" }).returning("id").executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("users")
    .values({ companyId: companyB.id, name: "Admin B", email: "admin@b.test", passwordHash: await Bun.password.hash("secretB"), profile: "admin" })
    .execute();
  adminB = (await t.json("POST", "/api/auth/login", { body: { email: "admin@b.test", password: "secretB" } })).body.token;

  // Live Meta connections of company A (Page, Instagram account, Cloud API number) behind the webhooks, a web chat.
  const page = { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken };
  await createConnection(t.ctx, 1, { name: "Page", channel: "facebook", config: page });
  await createConnection(t.ctx, 1, { name: "Insta", channel: "instagram", config: { ...page, instagramAccountId: FAKE_IDS.igAccountId } });
  const cloudConfig = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: CLOUD_SECRET };
  const cloud = await createConnection(t.ctx, 1, { name: "Cloud", channel: "whatsappapi", config: cloudConfig });
  const web = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat" });
  await t.ctx.channels.idle();
  Object.assign(real, {
    uuid: ticketA.uuid,
    ticketId: String(ticketA.id),
    connectionId: String(cloud.id),
    widgetKey: web.widgetKey!,
    number: "5511900000001",
    cloudToken: cloud.token,
  });
  real.visitor = (await t.json("POST", `/api/webchat/${web.widgetKey}/sessions`, { body: { name: "Visitor" } })).body.visitorToken;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("router walk", () => {
  test("the walk sees the private routes", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("GET /api/auth/me");
    expect(names).toContain("DELETE /api/auth/logout");
    expect(names).toContain("GET /api/companies/listPlan/:companyId");
    expect(names).toContain("GET /api/companies/:id/schedules");
    expect(names).toContain("PUT /api/companies/:id/schedules");
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
    const body = {
      name: "Hacked",
      email: "hacked@b.test",
      color: "#bb0000",
      value: "disabled",
      key: "requiredTag",
      column: "requiredTag",
      data: "disabled",
      defaultTicketsManagerWidth: 600,
    };
    const failures: string[] = [];
    for (const r of routes.filter((r) => r.path.includes(":"))) {
      const res = await t.request(r.method, fill(r.path, "1"), { token: adminB, body: r.method === "GET" ? undefined : body });
      if (res.status < 400 || res.status >= 500) failures.push(`${r.method} ${r.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotCompanyA()).toEqual(before);
  });

  test("company B's admin never reads company A's rows through an id in the query", async () => {
    // Names only company A's rows carry (set up above); the period around now reaches the routes that need one, and
    // files come as csv, whose text can be read.
    const marks = ["Contato A", "5511900000001", "Vendas A", "Conexão A", "Tag A", "Nota A", "Menu A", "Lista A"];
    const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);
    const [from, to] = [day(-86_400_000), day(86_400_000)];
    const period = { dateFrom: from, dateTo: to, dateStart: from, dateEnd: to, initialDate: from, finalDate: to, format: "csv" };
    const failures: string[] = [];
    for (const r of routes.filter((r) => r.method === "GET" && !r.path.includes(":"))) {
      for (const name of QUERY_IDS) {
        const res = await t.request("GET", `${r.path}?${new URLSearchParams({ ...period, [name]: "1" })}`, { token: adminB });
        const text = await res.text();
        const leaked = marks.filter((m) => text.includes(m));
        if (res.status >= 500 || leaked.length) failures.push(`GET ${r.path}?${name}=1 -> ${res.status} ${leaked.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("malformed ids and bodies never get a 5xx", async () => {
    const ids = ["abc", "-1", "0", "1.5", "99999999999999999999999", "%00", "1%00", "%01%1B", "'%20OR%201=1", "1e3", "9".repeat(1000)];
    const bodies: unknown[] = [
      "not json",
      "[]",
      "null",
      '{"name":{"$gt":""}}',
      JSON.stringify({ a: { b: { c: { d: [1, 2, { e: null }] } } } }),
      '{"id":"1","companyId":2}',
    ];
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

/** Logs the failures of one test: every answer of 500 or more. */
let failures: string[] = [];
const label = (v: unknown) => (typeof v === "string" ? `${JSON.stringify(v.slice(0, 12))}${v.length > 12 ? `(${v.length} chars)` : ""}` : JSON.stringify(v));

async function hit(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> }, what: string) {
  const res = await t.request(method, path, opts);
  if (res.status >= 500) failures.push(`${method} ${path.slice(0, 60)} ${what} -> ${res.status}`);
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: text as unknown };
  }
}

describe("hostile input never gets a 5xx", () => {
  let sweeper: TestUser;
  beforeAll(async () => {
    sweeper = await createUser(t, { companyId: 1, name: "Walker", profile: "admin", super: 1 });
  });

  /** Path parameters name company A's real rows (id 1 where nothing else is known), so input reaches what is behind the lookup. */
  const aim = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => real[name] ?? "1");
  /** Every route but the catch-alls, DELETEs last so the rows they remove serve the other routes first. */
  const walkable = () =>
    t.app.routes
      .filter((r) => r.method !== "WS" && r.method !== "ALL" && r.path !== "/*")
      .map((r) => ({ method: r.method, path: r.path }))
      .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  /** The integrators' endpoint takes a connection's token, the visitor API a visitor's; everything else the walker's. */
  const bearer = (path: string) => (path === "/api/messages/send" ? real.cloudToken : path.startsWith("/api/webchat/") ? real.visitor : sweeper.token);
  const send = (r: { method: string; path: string }, body: unknown, what: string) => hit(r.method, aim(r.path), { token: bearer(r.path), body }, what);
  /** Logout and the password routes are walked too: log in again when the walker's session ended. */
  async function keepSession() {
    if ((await t.request("GET", "/api/auth/me", { token: sweeper.token })).status === 200) return;
    await t.ctx.db.deleteFrom("auth_throttle").execute();
    sweeper.token = await login(t, sweeper.email, sweeper.password);
  }

  /**
   * What a write route reads, learnt from its ERR_VALIDATION answers: every known field set to a value no schema
   * takes names the fields it reads; an empty body names the required ones, which get the first candidate they take.
   */
  const profiles = new Map<string, Promise<{ fields: string[]; base: Record<string, unknown> }>>();
  function profileOf(r: { method: string; path: string }) {
    const key = `${r.method} ${r.path}`;
    if (!profiles.has(key)) profiles.set(key, learn(r));
    return profiles.get(key)!;
  }
  async function learn(r: { method: string; path: string }) {
    const fields = fieldsIn((await send(r, Object.fromEntries(BODY_NAMES.map((n) => [n, [[{}]]])), "probe")).body);
    const required = fieldsIn((await send(r, {}, "{}")).body);
    const base: Record<string, unknown> = {};
    for (const c of CANDIDATES) {
      const open = required.filter((f) => !(f in base));
      if (!open.length) break;
      const rejected = fieldsIn((await send(r, { ...base, ...Object.fromEntries(open.map((f) => [f, c])) }, `candidate ${label(c)}`)).body);
      for (const f of open) if (!rejected.includes(f)) base[f] = c;
    }
    return { fields: [...new Set([...fields, ...required])], base };
  }

  test("NUL, control characters, 1 MB strings and search syntax in every query parameter of every GET route", async () => {
    failures = [];
    for (const r of walkable().filter((r) => r.method === "GET")) {
      const path = aim(r.path);
      const token = bearer(r.path);
      const probe = new URLSearchParams(QUERY_NAMES.map((n) => [n, `[${"x".repeat(300)}`]));
      const read = fieldsIn((await hit("GET", `${path}?${probe}`, { token }, "probe")).body).filter((n) => QUERY_NAMES.includes(n));
      for (const v of HOSTILE_STRINGS) {
        // All at once reaches routes that read a parameter without a schema; one by one, past the others' validation.
        if (v !== MEGABYTE) await hit("GET", `${path}?${new URLSearchParams(QUERY_NAMES.map((n) => [n, v]))}`, { token }, `all=${label(v)}`);
        for (const n of new Set(v === MEGABYTE ? [...read, "searchParam"] : read)) {
          await hit("GET", `${path}?${new URLSearchParams({ ...QUERY_BASE, [n]: v })}`, { token }, `${n}=${label(v)}`);
        }
      }
      await keepSession();
    }
    expect(failures).toEqual([]);
  }, 60_000);

  test("empty and hostile upload file names: no 5xx, every upload route takes them, files live only under random keys", async () => {
    failures = [];
    const took = new Set<string>();
    for (const r of walkable().filter((r) => r.method === "POST" || r.method === "PUT")) {
      const { base } = await profileOf(r);
      for (const name of HOSTILE_FILE_NAMES) {
        const form = new FormData();
        for (const [k, v] of Object.entries(base)) if (!UPLOAD_FIELDS.includes(k)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
        for (const f of UPLOAD_FIELDS) form.append(f, new File([PNG], name, { type: "image/png" }));
        const res = await hit(r.method, aim(r.path), { token: bearer(r.path), body: form }, `file name ${label(name)}`);
        if (res.status < 300) took.add(`${r.method} ${r.path}`);
      }
      await keepSession();
    }
    expect(failures).toEqual([]);
    // The upload routes, found by name among the registered ones, stored the files (their hostile names only label them).
    const uploads = walkable()
      .filter((r) => r.method === "POST" && r.path.endsWith("/media-upload"))
      .map((r) => `${r.method} ${r.path}`);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    expect(uploads.filter((u) => !took.has(u))).toEqual([]);
    const files = readdirSync(t.dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    const stray = files
      .map((d) => relative(t.dataDir, join(d.parentPath, d.name)))
      .filter(
        (f) => !/^(media\/[0-9a-f]{2}\/[0-9a-f]{32}|whitelabel\/[0-9a-f]{32}\.(png|webp|ico)|multi100\.db(-wal|-shm)?|secrets\.json|backups\/.+)$/.test(f),
      );
    expect(stray).toEqual([]);
  }, 60_000);

  test("correctly signed malformed webhook bodies never get a 5xx", async () => {
    failures = [];
    const raw = ["not json", "[]", "null", "5", '"x"', "{}", '{"object":"page","entry":'];
    const signed = (payloads: unknown[], secret: string) => [
      ...payloads.map((p) => signedDelivery(p, secret)),
      ...raw.map((rawBody) => signedDelivery(undefined, secret, { rawBody })),
    ];
    const deliveries: Record<string, { url: string; bodies: ReturnType<typeof signed> }> = {
      "/api/webhooks/meta": { url: "/api/webhooks/meta", bodies: signed(malformedMetaBodies(FAKE_IDS.pageId, FAKE_IDS.igAccountId), FAKE_IDS.appSecret) },
      "/api/webhooks/whatsappapi/:connectionId": {
        url: `/api/webhooks/whatsappapi/${real.connectionId}`,
        bodies: signed(malformedCloudBodies(FAKE_IDS.phoneNumberId), CLOUD_SECRET),
      },
    };
    // The deliveries reach live sessions of the Page, the Instagram account and the number.
    await t.ctx.channels.idle();
    const live = await t.ctx.db.selectFrom("connections").select("status").where("channel", "in", ["facebook", "instagram", "whatsappapi"]).execute();
    expect(live.map((c) => c.status)).toEqual(["CONNECTED", "CONNECTED", "CONNECTED"]);
    // A webhook added later fails here until it gets its own malformed bodies.
    expect(
      walkable()
        .filter((r) => r.method === "POST" && r.path.startsWith("/api/webhooks/"))
        .map((r) => r.path)
        .sort(),
    ).toEqual(Object.keys(deliveries).sort());
    // Each body passes the signature check (a refused signature, 403, would leave the handler untried): signed JSON
    // of the wrong shape is acknowledged, 200; bytes that are not JSON at all are a 400.
    const isJson = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const unexpected: string[] = [];
    for (const { url, bodies } of Object.values(deliveries)) {
      for (const d of bodies) {
        const { status } = await hit("POST", url, { body: d.rawBody, headers: d.headers }, d.rawBody.slice(0, 120));
        if (status !== (isJson(d.rawBody) ? 200 : 400)) unexpected.push(`${url} ${d.rawBody.slice(0, 60)} -> ${status}`);
      }
    }
    await t.ctx.channels.idle();
    expect(failures).toEqual([]);
    expect(unexpected).toEqual([]);
  }, 60_000);

  // Last: its DELETEs remove the rows the other tests aim at.
  test("hostile strings in the string fields and wrong JSON types in every field of every write route's body", async () => {
    failures = [];
    for (const r of walkable().filter((r) => r.method !== "GET")) {
      const { fields, base } = await profileOf(r);
      const targets = fields.length ? fields : BODY_NAMES;
      for (const v of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
        if (v === MEGABYTE) {
          for (const f of fields.length ? fields : ["name", "body"]) await send(r, { ...base, [f]: v }, `${f}=${label(v)}`);
          continue;
        }
        // Every field at once, then again without the fields that refused the value, so it reaches the code past validation.
        const rejected = fieldsIn((await send(r, { ...base, ...Object.fromEntries(targets.map((f) => [f, v])) }, `all=${label(v)}`)).body);
        const kept = targets.filter((f) => !rejected.includes(f));
        if (rejected.length && kept.length) await send(r, { ...base, ...Object.fromEntries(kept.map((f) => [f, v])) }, `${kept.join(",")}=${label(v)}`);
      }
      await keepSession();
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
