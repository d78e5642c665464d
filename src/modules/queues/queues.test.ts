import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { DEFAULT_SCHEDULES, WEEKDAYS } from "../business-hours/schema";

let t: TestApp;
/** Company 1's super admin and a plain user of company 1. */
let admin: string;
let agent: TestUser;
let events: Array<[string, unknown]>;

beforeEach(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.email, ADMIN.password);
  agent = await createUser(t, { companyId: 1, profile: "user" });
  events = [];
  for (const name of ["queue.created", "queue.updated", "queue.deleted"] as const) t.ctx.bus.on(name, (e) => void events.push([name, e]));
});
afterEach(() => t.close());

const create = (body: unknown, token = admin) => t.json("POST", "/api/queue", { token, body });
const queueRow = (id: number) => t.ctx.db.selectFrom("queues").selectAll().where("id", "=", id).executeTakeFirst();

describe("POST /api/queue", () => {
  test("creates with defaults: the default week, no messages, round-robin off", async () => {
    const r = await create({ name: " Vendas ", color: "#ff0000" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      companyId: 1,
      name: "Vendas",
      color: "#ff0000",
      greetingMessage: null,
      outOfHoursMessage: null,
      orderQueue: null,
      integrationId: null,
      fileListId: null,
      promptId: null,
      closeTicket: false,
      ativarRoteador: false,
      tempoRoteador: 0,
    });
    expect(r.body.schedules).toEqual(DEFAULT_SCHEDULES);
    expect(r.body.schedules[0]).toEqual({
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    });
    expect(events).toEqual([["queue.created", { companyId: 1, queueId: r.body.id }]]);
  });

  test("stores every field; schedules come back Monday to Sunday with our labels", async () => {
    const schedules = [...WEEKDAYS].reverse().map(({ weekdayEn }) => ({
      weekday: "whatever the client says",
      weekdayEn,
      startTimeA: weekdayEn === "sunday" ? "" : "09:00",
      endTimeA: weekdayEn === "sunday" ? "" : "17:30",
      startTimeB: "",
      endTimeB: "",
    }));
    const r = await create({
      name: "Suporte",
      color: "#00F",
      greetingMessage: "Olá!",
      outOfHoursMessage: "Fechado",
      orderQueue: 3,
      schedules,
      integrationId: null,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 15,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      greetingMessage: "Olá!",
      outOfHoursMessage: "Fechado",
      orderQueue: 3,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 15,
    });
    expect(r.body.schedules.map((s: any) => s.weekdayEn)).toEqual(WEEKDAYS.map((d) => d.weekdayEn));
    expect(r.body.schedules.map((s: any) => s.weekday)).toEqual(WEEKDAYS.map((d) => d.weekday));
    expect(r.body.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeA: "", endTimeA: "" });
    expect(r.body.schedules[0]).toMatchObject({ startTimeA: "09:00", endTimeA: "17:30" });
    expect((await t.json("GET", `/api/queue/${r.body.id}`, { token: agent.token })).body).toEqual(r.body);
  });

  /** A valid week whose Monday gets `monday` patched in. */
  const week = (monday: Record<string, string> = {}) =>
    WEEKDAYS.map(({ weekdayEn }, i) => ({ weekdayEn, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "", endTimeB: "", ...(i === 0 ? monday : {}) }));
  const invalid: Array<[label: string, body: Record<string, unknown>, fields: Record<string, string>]> = [
    ["nothing", {}, { name: "Required", color: "Required" }],
    ["empty name", { name: "  ", color: "#fff" }, { name: "Required" }],
    ["short name", { name: "a", color: "#fff" }, { name: "Too Short!" }],
    ["long name", { name: "x".repeat(51), color: "#fff" }, { name: "Too Long!" }],
    ["short colour", { name: "Ok", color: "#f" }, { color: "Too Short!" }],
    ["long colour", { name: "Ok", color: "#ff00ff001" }, { color: "Too Long!" }],
    ["odd colour", { name: "Ok", color: "#ff;x" }, { color: "Invalid colour" }],
    ["text order", { name: "Ok", color: "#fff", orderQueue: "1" }, { orderQueue: "Invalid number" }],
    ["fraction order", { name: "Ok", color: "#fff", orderQueue: 1.5 }, { orderQueue: "Invalid number" }],
    ["six days", { name: "Ok", color: "#fff", schedules: week().slice(1) }, { schedules: "One entry for each day of the week" }],
    ["a day twice", { name: "Ok", color: "#fff", schedules: [...week().slice(1), week()[1]] }, { schedules: "One entry for each day of the week" }],
    ["not a list", { name: "Ok", color: "#fff", schedules: "all week" }, { schedules: "Invalid schedules" }],
    ["bad time", { name: "Ok", color: "#fff", schedules: week({ endTimeA: "24:00" }) }, { "schedules.0.endTimeA": "Invalid time" }],
    ["half a period", { name: "Ok", color: "#fff", schedules: week({ startTimeB: "13:00" }) }, { "schedules.0.endTimeB": "Required" }],
    [
      "unknown weekday",
      { name: "Ok", color: "#fff", schedules: week().map((e, i) => (i ? e : { ...e, weekdayEn: "funday" })) },
      { "schedules.0.weekdayEn": "Invalid weekday" },
    ],
    ["round-robin minutes", { name: "Ok", color: "#fff", tempoRoteador: 3 }, { tempoRoteador: "Invalid value" }],
    ["integration id", { name: "Ok", color: "#fff", integrationId: 1 }, { integrationId: "Not found" }],
    ["file list id", { name: "Ok", color: "#fff", fileListId: 1 }, { fileListId: "Not found" }],
    ["prompt id", { name: "Ok", color: "#fff", promptId: 1 }, { promptId: "Not found" }],
    ["closeTicket text", { name: "Ok", color: "#fff", closeTicket: "yes" }, { closeTicket: "Invalid value" }],
  ];
  test("refuses invalid fields with per-field messages, storing nothing", async () => {
    for (const [label, body, fields] of invalid) {
      const r = await create(body);
      expect({ label, status: r.status, body: r.body }).toEqual({
        label,
        status: 400,
        body: { error: "ERR_VALIDATION", message: "Validation failed", fields },
      });
    }
    expect(await t.ctx.db.selectFrom("queues").select("id").execute()).toEqual([]);
  });

  test("malformed JSON is a validation error", async () => {
    const r = await t.json("POST", "/api/queue", { token: admin, body: "{nope", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("ERR_VALIDATION");
  });

  test("a colour is unique within the company, whatever its case", async () => {
    await create({ name: "One", color: "#ABCDEF" });
    const r = await create({ name: "Two", color: "#abcdef" });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const other = await createCompany(t, { name: "Other" });
    expect((await create({ name: "Two", color: "#abcdef" }, other.admin.token)).status).toBe(201);
  });

  test("the plan's queue limit (0 = unlimited)", async () => {
    await t.ctx.db.updateTable("plans").set({ queues: 2 }).execute();
    expect((await create({ name: "One", color: "#111" })).status).toBe(201);
    expect((await create({ name: "Two", color: "#222" })).status).toBe(201);
    const r = await create({ name: "Three", color: "#333" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "ERR_PLAN_LIMIT_QUEUES", limit: 2 });
    await t.ctx.db.updateTable("plans").set({ queues: 0 }).execute();
    expect((await create({ name: "Three", color: "#333" })).status).toBe(201);
  });

  test("only admins create", async () => {
    const r = await create({ name: "Mine", color: "#123" }, agent.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.json("POST", "/api/queue", { body: { name: "Mine", color: "#123" } })).status).toBe(401);
  });
});

describe("GET /api/queue", () => {
  test("lists the company's queues by orderQueue, then id, for any company user", async () => {
    const c = (await create({ name: "CC", color: "#333", orderQueue: 2 })).body.id;
    const a = (await create({ name: "AA", color: "#111", orderQueue: 1 })).body.id;
    const b = (await create({ name: "BB", color: "#222", orderQueue: 1 })).body.id;
    const other = await createCompany(t, { name: "Other" });
    await create({ name: "Theirs", color: "#444" }, other.admin.token);
    const r = await t.json("GET", "/api/queue", { token: agent.token });
    expect(r.status).toBe(200);
    expect(r.body.map((q: any) => q.id)).toEqual([a, b, c]);
  });

  test("one queue; unknown and malformed ids", async () => {
    const id = (await create({ name: "AA", color: "#111" })).body.id;
    expect((await t.json("GET", `/api/queue/${id}`, { token: agent.token })).body.name).toBe("AA");
    const missing = await t.json("GET", "/api/queue/999", { token: agent.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("ERR_NOT_FOUND");
    const bad = await t.json("GET", "/api/queue/1x", { token: agent.token });
    expect(bad.body).toMatchObject({ error: "ERR_VALIDATION", fields: { id: "Invalid id" } });
  });
});

describe("PUT /api/queue/:id", () => {
  test("changes only the fields given", async () => {
    const created = (await create({ name: "AA", color: "#111", greetingMessage: "Hi", tempoRoteador: 5 })).body;
    events.length = 0;
    const r = await t.json("PUT", `/api/queue/${created.id}`, {
      token: admin,
      body: { name: "AA2", closeTicket: true, orderQueue: null, schedules: DEFAULT_SCHEDULES },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "AA2", color: "#111", greetingMessage: "Hi", tempoRoteador: 5, closeTicket: true });
    expect(r.body.updatedAt >= created.updatedAt).toBe(true);
    expect(events).toEqual([["queue.updated", { companyId: 1, queueId: created.id }]]);
  });

  test("keeps colours unique but lets a queue keep its own", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    await create({ name: "BB", color: "#222" });
    expect((await t.json("PUT", `/api/queue/${a}`, { token: admin, body: { color: "#111", name: "AA" } })).status).toBe(200);
    const clash = await t.json("PUT", `/api/queue/${a}`, { token: admin, body: { color: "#222" } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    expect((await queueRow(a))!.color).toBe("#111");
  });

  test("validates like create; only admins; unknown id", async () => {
    const id = (await create({ name: "AA", color: "#111" })).body.id;
    expect((await t.json("PUT", `/api/queue/${id}`, { token: admin, body: { name: "a" } })).body).toMatchObject({ fields: { name: "Too Short!" } });
    expect((await t.json("PUT", `/api/queue/${id}`, { token: agent.token, body: { name: "Agent's" } })).status).toBe(403);
    expect((await t.json("PUT", "/api/queue/999", { token: admin, body: { name: "Ghost" } })).status).toBe(404);
    expect((await queueRow(id))!.name).toBe("AA");
  });
});

describe("DELETE /api/queue/:id", () => {
  test("deletes the queue and its user links, nothing else", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    const b = (await create({ name: "BB", color: "#222" })).body.id;
    await t.ctx.db
      .insertInto("user_queues")
      .values([
        { userId: agent.id, queueId: a, companyId: 1 },
        { userId: agent.id, queueId: b, companyId: 1 },
      ])
      .execute();
    events.length = 0;
    const r = await t.json("DELETE", `/api/queue/${a}`, { token: admin });
    expect(r.status).toBe(200);
    expect(await queueRow(a)).toBeUndefined();
    expect(await t.ctx.db.selectFrom("user_queues").select("queueId").execute()).toEqual([{ queueId: b }]);
    expect(events).toEqual([["queue.deleted", { companyId: 1, queueId: a }]]);
    expect((await t.json("DELETE", `/api/queue/${a}`, { token: admin })).status).toBe(404);
  });

  test("only admins", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    expect((await t.json("DELETE", `/api/queue/${a}`, { token: agent.token })).status).toBe(403);
    expect(await queueRow(a)).toMatchObject({ id: a, name: "AA" });
  });
});

describe("DELETE /api/queue/:id: what points at it and its live tickets", () => {
  /** Everything a refused delete must leave as it was. */
  const state = async () => ({
    tables: await Promise.all(
      (["queues", "user_queues", "connection_queues", "connections", "chatbots", "tickets", "ticket_logs", "audit_log"] as const).map((n) =>
        t.ctx.db.selectFrom(n).selectAll().execute(),
      ),
    ),
    events: [...events],
  });
  const connection = async (name: string, values: Record<string, unknown> = {}) =>
    (
      await t.ctx.db
        .insertInto("connections")
        .values({ companyId: 1, name, channel: "webchat", token: name.padEnd(30, "x"), ...values })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const option = async (queueId: number, body: Record<string, unknown>) =>
    (await t.json("POST", "/api/chatbot", { token: admin, body: { queueId, name: "Opção", queueType: "text", ...body } })).body.id;

  test("refused while a connection or another queue's chatbot option points at it, naming them; the lists it is in are not", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    const b = (await create({ name: "BB", color: "#222" })).body.id;
    const redirect = await connection("Redirect", { timeSendQueue: 5, sendIdQueue: a });
    const importer = await connection("Importer", { queueIdImportMessages: a });
    const removed = await connection("Removed", { sendIdQueue: a, deletedAt: "2026-01-01T00:00:00.000Z" });
    const listed = await connection("Listed");
    await t.ctx.db.insertInto("connection_queues").values({ connectionId: listed, queueId: a, companyId: 1 }).execute();
    await t.ctx.db.insertInto("user_queues").values({ userId: agent.id, queueId: a, companyId: 1 }).execute();
    const pointing = await option(b, { name: "Ir para AA", queueType: "queue", optQueueId: a });
    await option(a, { name: "Recomeçar", queueType: "queue", optQueueId: a });
    const before = await state();
    const r = await t.json("DELETE", `/api/queue/${a}`, { token: admin });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: "ERR_QUEUE_IN_USE",
      usedBy: [
        { kind: "connection", id: redirect, name: "Redirect" },
        { kind: "connection", id: importer, name: "Importer" },
        { kind: "chatbot", id: pointing, name: "Ir para AA", queueId: b },
      ],
    });
    expect(await state()).toEqual(before);

    await t.ctx.db
      .updateTable("connections")
      .set({ sendIdQueue: null, timeSendQueue: 0, queueIdImportMessages: null })
      .where("id", "in", [redirect, importer])
      .execute();
    await t.json("PUT", `/api/chatbot/${pointing}`, { token: admin, body: { queueType: "text" } });
    expect((await t.json("DELETE", `/api/queue/${a}`, { token: admin })).status).toBe(200);
    expect(await t.ctx.db.selectFrom("connection_queues").selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("user_queues").selectAll().execute()).toEqual([]);
    expect((await t.ctx.db.selectFrom("chatbots").select("name").execute()).map((o) => o.name)).toEqual(["Ir para AA"]);
    expect(await t.ctx.db.selectFrom("connections").select("sendIdQueue").where("id", "=", removed).executeTakeFirst()).toEqual({ sendIdQueue: null });
  });

  test("tickets that are not closed: refused without a target, with their count; with one they move there in the same transaction", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    const b = (await create({ name: "BB", color: "#222" })).body.id;
    const menu = await option(a, { name: "Menu AA" });
    await t.ctx.db.insertInto("contacts").values({ companyId: 1, name: "Contato", number: "5511900000001" }).execute();
    const ticket = async (values: Record<string, unknown>) =>
      (
        await t.ctx.db
          .insertInto("tickets")
          .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: 1, queueId: a, queueOptionId: menu, ...values })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const pending = await ticket({ status: "pending" });
    const open = await ticket({ status: "open", userId: agent.id });
    const group = await ticket({ status: "group", isGroup: 1 });
    const closed = await ticket({ status: "closed" });
    const deleted = await ticket({ status: "closed", deletedAt: "2026-01-01T00:00:00.000Z" });
    const before = await state();
    const refused = await t.json("DELETE", `/api/queue/${a}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "ERR_QUEUE_HAS_TICKETS", tickets: 3 });
    expect(await state()).toEqual(before);

    const moves: unknown[] = [];
    t.ctx.bus.on("ticket.reassigned", (e) => void moves.push(e));
    const r = await t.json("DELETE", `/api/queue/${a}?targetQueueId=${b}`, { token: admin });
    expect(r.status).toBe(200);
    expect(await queueRow(a)).toBeUndefined();
    const tickets = await t.ctx.db.selectFrom("tickets").select(["id", "status", "userId", "queueId", "queueOptionId"]).orderBy("id").execute();
    expect(tickets).toEqual([
      { id: pending, status: "pending", userId: null, queueId: b, queueOptionId: null },
      { id: open, status: "open", userId: agent.id, queueId: b, queueOptionId: null },
      { id: group, status: "group", userId: null, queueId: b, queueOptionId: null },
      { id: closed, status: "closed", userId: null, queueId: null, queueOptionId: null },
      { id: deleted, status: "closed", userId: null, queueId: null, queueOptionId: null },
    ]);
    const logs = await t.ctx.db.selectFrom("ticket_logs").select(["ticketId", "type", "userId", "queueId"]).orderBy("id").execute();
    expect(logs).toEqual([pending, open, group].map((ticketId) => ({ ticketId, type: "queue", userId: 1, queueId: b })));
    const audit = await t.ctx.db
      .selectFrom("audit_log")
      .select(["entity", "entityId", "action", "before", "after"])
      .where("action", "in", ["transfer", "delete"])
      .execute();
    expect(audit).toEqual([
      ...[pending, open, group].map((id) => ({
        entity: "ticket",
        entityId: String(id),
        action: "transfer",
        before: `{"queueId":${a}}`,
        after: `{"queueId":${b}}`,
      })),
      { entity: "queue", entityId: String(a), action: "delete", before: expect.stringContaining('"name":"AA"'), after: null },
    ]);
    expect(moves).toEqual([
      { companyId: 1, ticketId: pending, previous: { userId: null, queueId: a, isGroup: 0 } },
      { companyId: 1, ticketId: open, previous: { userId: agent.id, queueId: a, isGroup: 0 } },
      { companyId: 1, ticketId: group, previous: { userId: null, queueId: a, isGroup: 1 } },
    ]);
  });

  test("the target must be another queue of the company; a refused delete writes nothing", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body.id;
    const other = await createCompany(t, { name: "Other" });
    const theirs = (await create({ name: "Theirs", color: "#444" }, other.admin.token)).body.id;
    const before = await state();
    for (const [target, message] of [
      [a, "Not found"],
      [999, "Not found"],
      [theirs, "Not found"],
      ["abc", "Invalid id"],
      ["0", "Invalid id"],
    ] as const) {
      const r = await t.json("DELETE", `/api/queue/${a}?targetQueueId=${target}`, { token: admin });
      expect({ target, status: r.status, body: r.body }).toEqual({
        target,
        status: 400,
        body: { error: "ERR_VALIDATION", message: "Validation failed", fields: { targetQueueId: message } },
      });
    }
    expect(await state()).toEqual(before);
    const b = (await create({ name: "BB", color: "#222" })).body.id;
    expect((await t.json("DELETE", `/api/queue/${a}?targetQueueId=${b}`, { token: admin })).status).toBe(200);
  });
});

describe("tenancy", () => {
  test("company B's admin gets 404 for company A's queue on every route, and A's row is unchanged", async () => {
    const a = (await create({ name: "AA", color: "#111" })).body;
    const b = await createCompany(t, { name: "Beta" });
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { name: "Hijacked" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await t.json(method, `/api/queue/${a.id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("ERR_NOT_FOUND");
    }
    expect((await t.json("GET", "/api/queue", { token: b.admin.token })).body).toEqual([]);
    expect((await t.json("GET", `/api/queue/${a.id}`, { token: admin })).body).toEqual(a);
  });
});
