import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
/** Company 1's super admin, a plain user of company 1 and company 1's queue. */
let admin: string;
let agent: TestUser;
let queueId: number;
let events: Array<[string, unknown]>;

beforeEach(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.email, ADMIN.password);
  agent = await createUser(t, { companyId: 1, profile: "user" });
  queueId = (await t.json("POST", "/api/queue", { token: admin, body: { name: "Vendas", color: "#ff0000" } })).body.id;
  events = [];
  for (const name of ["chatbot.created", "chatbot.updated", "chatbot.deleted"] as const) t.ctx.bus.on(name, (e) => void events.push([name, e]));
});
afterEach(() => t.close());

const create = (body: Record<string, unknown>, token = admin) => t.json("POST", "/api/chatbot", { token, body: { queueId, queueType: "text", ...body } });
/** Creates an option and answers its id (fails the test on a refusal). */
async function option(body: Record<string, unknown>): Promise<number> {
  const r = await create(body);
  expect({ status: r.status, body: r.status === 201 ? undefined : r.body }).toEqual({ status: 201, body: undefined });
  return r.body.id;
}
const update = (id: number, body: unknown, token = admin) => t.json("PUT", `/api/chatbot/${id}`, { token, body });
const tree = async (q = queueId) => (await t.json("GET", `/api/chatbot?queueId=${q}`, { token: admin })).body;
const rows = () => t.ctx.db.selectFrom("chatbots").selectAll().orderBy("id").execute();
/** An option tree as names only: [name, [children...]]. */
type Shape = [string, Shape[]];
const shape = (options: any[]): Shape[] => options.map((o) => [o.name, shape(o.options)]);

describe("POST /api/chatbot", () => {
  test("creates a root option with its defaults and the queue's tree lists it", async () => {
    const r = await create({ name: " Vendas novas ", greetingMessage: "Escolha:" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: r.body.id,
      companyId: 1,
      queueId,
      parentId: null,
      name: "Vendas novas",
      greetingMessage: "Escolha:",
      queueType: "text",
      optQueueId: null,
      optUserId: null,
      optIntegrationId: null,
      optFileId: null,
      closeTicket: false,
      order: 0,
      createdAt: r.body.createdAt,
      updatedAt: r.body.createdAt,
      options: [],
    });
    expect(events).toEqual([["chatbot.created", { companyId: 1, queueId, chatbotId: r.body.id }]]);
    expect(await tree()).toEqual([r.body]);
    expect((await t.json("GET", `/api/chatbot/${r.body.id}`, { token: agent.token })).body).toEqual(r.body);
  });

  test("stores every field; a blank message is none", async () => {
    const other = (await t.json("POST", "/api/queue", { token: admin, body: { name: "Suporte", color: "#00ff00" } })).body.id;
    const r = await create({ name: "Falar com suporte", greetingMessage: "   ", queueType: "queue", optQueueId: other, closeTicket: true, order: 7 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ greetingMessage: null, queueType: "queue", optQueueId: other, closeTicket: true, order: 7 });
  });

  const invalid: Array<[label: string, body: Record<string, unknown>, fields: Record<string, string>]> = [
    ["nothing", { queueId: undefined, queueType: undefined }, { queueId: "Required", name: "Required", queueType: "Required" }],
    ["blank name", { name: "   " }, { name: "Required" }],
    ["short name", { name: " abc " }, { name: "Too Short!" }],
    ["long name", { name: "x".repeat(51) }, { name: "Too Long!" }],
    ["name not text", { name: 1234 }, { name: "Required" }],
    ["unknown type", { name: "Opção", queueType: "menu" }, { queueType: "Invalid value" }],
    ["queue id as text", { name: "Opção", queueId: "1" }, { queueId: "Invalid id" }],
    ["queue id zero", { name: "Opção", queueId: 0 }, { queueId: "Invalid id" }],
    ["parent id fraction", { name: "Opção", parentId: 1.5 }, { parentId: "Invalid id" }],
    ["long message", { name: "Opção", greetingMessage: "x".repeat(4001) }, { greetingMessage: "Too Long!" }],
    ["message not text", { name: "Opção", greetingMessage: 5 }, { greetingMessage: "Invalid value" }],
    ["negative order", { name: "Opção", order: -1 }, { order: "Invalid number" }],
    ["fraction order", { name: "Opção", order: 1.5 }, { order: "Invalid number" }],
    ["closeTicket text", { name: "Opção", closeTicket: "yes" }, { closeTicket: "Invalid value" }],
    ["user id text", { name: "Opção", queueType: "attendent", optUserId: "1" }, { optUserId: "Invalid id" }],
    ["unknown queue", { name: "Opção", queueId: 999 }, { queueId: "Not found" }],
    ["unknown parent", { name: "Opção", parentId: 999 }, { parentId: "Not found" }],
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
    expect(await rows()).toEqual([]);
    expect(events).toEqual([]);
  });

  test("each type needs its own field naming a row of the company; the fields of other types are stored as null", async () => {
    const cases: Array<[body: Record<string, unknown>, fields: Record<string, string>]> = [
      [{ queueType: "attendent" }, { optUserId: "Required" }],
      [{ queueType: "attendent", optUserId: 999 }, { optUserId: "Not found" }],
      [{ queueType: "queue" }, { optQueueId: "Required" }],
      [{ queueType: "queue", optQueueId: null }, { optQueueId: "Required" }],
      [{ queueType: "queue", optQueueId: 999 }, { optQueueId: "Not found" }],
      // No integration exists yet; file list 1 does not exist.
      [{ queueType: "integration" }, { optIntegrationId: "Required" }],
      [{ queueType: "integration", optIntegrationId: 1 }, { optIntegrationId: "Not found" }],
      [{ queueType: "file" }, { optFileId: "Required" }],
      [{ queueType: "file", optFileId: 1 }, { optFileId: "Not found" }],
    ];
    for (const [body, fields] of cases) {
      const r = await create({ name: "Opção", ...body });
      expect({ body, status: r.status, fields: r.body.fields }).toEqual({ body, status: 400, fields });
    }
    expect(await rows()).toEqual([]);

    const person = await create({ name: "Falar com Ana", queueType: "attendent", optUserId: agent.id, optQueueId: queueId, optFileId: 3 });
    expect(person.body).toMatchObject({ queueType: "attendent", optUserId: agent.id, optQueueId: null, optFileId: null, optIntegrationId: null });
    const plain = await create({ name: "Horários", optUserId: agent.id, optQueueId: queueId });
    expect(plain.body).toMatchObject({ queueType: "text", optUserId: null, optQueueId: null });
    // An option may send the contact to its own queue.
    expect((await create({ name: "Voltar ao início", queueType: "queue", optQueueId: queueId })).status).toBe(201);
  });

  test("a file option names one of the company's file lists; the list stays while an option sends it", async () => {
    const list = await t.json("POST", "/api/files", { token: admin, body: { name: "Catálogo", message: "Segue o catálogo", options: [{ name: "PDF" }] } });
    const other = await createCompany(t, { name: "Other" });
    const foreign = await t.json("POST", "/api/files", { token: other.admin.token, body: { name: "Da outra", message: "x" } });
    expect((await create({ name: "Catálogo", queueType: "file", optFileId: foreign.body.id })).body.fields).toEqual({ optFileId: "Not found" });
    const sent = await create({ name: "Catálogo", queueType: "file", optFileId: list.body.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ queueType: "file", optFileId: list.body.id });
    const refused = await t.json("DELETE", `/api/files/${list.body.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "ERR_FILE_LIST_IN_USE", usedBy: [{ id: sent.body.id, name: "Catálogo", queueId }] });
    await update(sent.body.id, { queueType: "text" });
    expect((await t.json("DELETE", `/api/files/${list.body.id}`, { token: admin })).status).toBe(200);
  });

  test("a sub-option needs a parent of the same queue that has a message", async () => {
    const silent = await option({ name: "Sem mensagem" });
    const r = await create({ name: "Filha", parentId: silent });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ parentId: "The parent option needs a message" });

    const other = (await t.json("POST", "/api/queue", { token: admin, body: { name: "Suporte", color: "#00ff00" } })).body.id;
    const foreignParent = await option({ queueId: other, name: "Menu suporte", greetingMessage: "Escolha:" });
    expect((await create({ name: "Filha", parentId: foreignParent })).body.fields).toEqual({ parentId: "Not found" });
    expect((await rows()).map((o) => o.name)).toEqual(["Sem mensagem", "Menu suporte"]);
  });

  test("nests to any depth: the list gives each root its whole subtree, one option gives its own", async () => {
    const level1 = await option({ name: "Nível um", greetingMessage: "1" });
    const level2 = await option({ name: "Nível dois", parentId: level1, greetingMessage: "2" });
    const level3 = await option({ name: "Nível três", parentId: level2, greetingMessage: "3" });
    await option({ name: "Nível quatro", parentId: level3 });
    await option({ name: "Outra raiz" });
    expect(shape(await tree())).toEqual([
      ["Nível um", [["Nível dois", [["Nível três", [["Nível quatro", []]]]]]]],
      ["Outra raiz", []],
    ]);
    const sub = await t.json("GET", `/api/chatbot/${level2}`, { token: agent.token });
    expect(sub.status).toBe(200);
    expect(shape([sub.body])).toEqual([["Nível dois", [["Nível três", [["Nível quatro", []]]]]]]);
    expect(sub.body.options[0]).toMatchObject({ id: level3, parentId: level2, queueId });
  });

  test("ordering: a new option goes after its last sibling; siblings are listed by order, then id", async () => {
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const a = await create({ name: "Opção A", parentId: menu });
    const b = await create({ name: "Opção B", parentId: menu });
    const c = await create({ name: "Opção C", parentId: menu, order: 1 });
    expect([a.body.order, b.body.order, c.body.order]).toEqual([0, 1, 1]);
    // Another level counts its own siblings.
    expect((await create({ name: "Segunda raiz" })).body.order).toBe(1);
    expect(shape((await tree())[0].options).map(([n]) => n)).toEqual(["Opção A", "Opção B", "Opção C"]);
    await update(a.body.id, { order: 5 });
    expect(shape((await tree())[0].options).map(([n]) => n)).toEqual(["Opção B", "Opção C", "Opção A"]);
    expect((await create({ name: "Opção D", parentId: menu })).body.order).toBe(6);
  });
});

describe("PUT /api/chatbot/:id", () => {
  test("edits the option's fields; its queue and parent stay", async () => {
    const other = (await t.json("POST", "/api/queue", { token: admin, body: { name: "Suporte", color: "#00ff00" } })).body.id;
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const id = await option({ name: "Opção A", parentId: menu });
    events.length = 0;
    const r = await update(id, { name: "Opção nova", greetingMessage: "Olá", closeTicket: true, queueId: other, parentId: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, name: "Opção nova", greetingMessage: "Olá", closeTicket: true, queueId, parentId: menu, options: [] });
    expect(events).toEqual([["chatbot.updated", { companyId: 1, queueId, chatbotId: id }]]);
  });

  test("the type rules hold for the stored result: a new type needs its field, the old type's field is cleared", async () => {
    const id = await option({ name: "Falar com Ana", queueType: "attendent", optUserId: agent.id });
    expect((await update(id, { queueType: "queue" })).body.fields).toEqual({ optQueueId: "Required" });
    expect((await update(id, { optUserId: null })).body.fields).toEqual({ optUserId: "Required" });
    expect((await update(id, { queueType: "file", optFileId: 2 })).body.fields).toEqual({ optFileId: "Not found" });
    expect((await rows())[0]).toMatchObject({ queueType: "attendent", optUserId: agent.id });
    const moved = await update(id, { queueType: "queue", optQueueId: queueId });
    expect(moved.body).toMatchObject({ queueType: "queue", optQueueId: queueId, optUserId: null });
    expect((await update(id, { queueType: "text" })).body).toMatchObject({ queueType: "text", optQueueId: null, optUserId: null });
  });

  test("the message of an option with sub-options cannot be emptied; a leaf's can", async () => {
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const leaf = await option({ name: "Opção A", parentId: menu, greetingMessage: "Texto" });
    for (const greetingMessage of [null, "", "  "]) {
      const r = await update(menu, { greetingMessage, name: "Menu renomeado" });
      expect({ status: r.status, fields: r.body.fields }).toEqual({ status: 400, fields: { greetingMessage: "Required while the option has sub-options" } });
    }
    expect((await rows())[0]).toMatchObject({ name: "Menu principal", greetingMessage: "Escolha:" });
    expect((await update(leaf, { greetingMessage: "" })).body.greetingMessage).toBeNull();
  });

  test("validates like create; unknown and malformed ids", async () => {
    const id = await option({ name: "Opção A" });
    expect((await update(id, { name: "abc" })).body.fields).toEqual({ name: "Too Short!" });
    expect((await update(id, { queueType: "menu", order: -2 })).body.fields).toEqual({ queueType: "Invalid value", order: "Invalid number" });
    expect((await update(999, { name: "Fantasma" })).status).toBe(404);
    expect((await update(999, { name: "Fantasma" })).body.error).toBe("ERR_NOT_FOUND");
    expect((await t.json("PUT", "/api/chatbot/abc", { token: admin, body: { name: "Fantasma" } })).status).toBe(400);
    expect((await rows())[0]!.name).toBe("Opção A");
  });
});

describe("DELETE /api/chatbot/:id", () => {
  test("deletes the option and its whole subtree, nothing else; tickets forget the deleted options", async () => {
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const sales = await option({ name: "Vendas", parentId: menu, greetingMessage: "Qual produto?" });
    const phones = await option({ name: "Telefones", parentId: sales, greetingMessage: "Qual marca?" });
    await option({ name: "Marca X", parentId: phones });
    const support = await option({ name: "Suporte", parentId: menu });
    await t.ctx.db.insertInto("contacts").values({ companyId: 1, name: "Contato", number: "5511900000001" }).execute();
    for (const [i, queueOptionId] of [phones, support].entries()) {
      await t.ctx.db
        .insertInto("tickets")
        .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: 1, queueId, queueOptionId, status: i ? "closed" : "pending" })
        .execute();
    }
    events.length = 0;
    const r = await t.json("DELETE", `/api/chatbot/${sales}`, { token: admin });
    expect(r.status).toBe(200);
    expect(shape(await tree())).toEqual([["Menu principal", [["Suporte", []]]]]);
    expect(events).toEqual([["chatbot.deleted", { companyId: 1, queueId, chatbotId: sales }]]);
    const tickets = await t.ctx.db.selectFrom("tickets").select("queueOptionId").orderBy("id").execute();
    expect(tickets).toEqual([{ queueOptionId: null }, { queueOptionId: support }]);
    expect((await t.json("DELETE", `/api/chatbot/${sales}`, { token: admin })).status).toBe(404);
    expect((await t.json("GET", `/api/chatbot/${phones}`, { token: admin })).status).toBe(404);
  });

  test("deleting the queue deletes its options", async () => {
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    await option({ name: "Vendas", parentId: menu });
    expect((await t.json("DELETE", `/api/queue/${queueId}`, { token: admin })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});

describe("GET /api/chatbot", () => {
  test("needs a queue of the company", async () => {
    const none = await t.json("GET", "/api/chatbot", { token: agent.token });
    expect({ status: none.status, fields: none.body.fields }).toEqual({ status: 400, fields: { queueId: "Required" } });
    expect((await t.json("GET", "/api/chatbot?queueId=abc", { token: agent.token })).body.fields).toEqual({ queueId: "Invalid id" });
    const unknown = await t.json("GET", "/api/chatbot?queueId=999", { token: agent.token });
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    const empty = await t.json("GET", `/api/chatbot?queueId=${queueId}`, { token: agent.token });
    expect({ status: empty.status, body: empty.body }).toEqual({ status: 200, body: [] });
  });
});

describe("permissions", () => {
  test("any user of the company reads; only admins write; no token is 401", async () => {
    const id = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    expect((await t.json("GET", `/api/chatbot?queueId=${queueId}`, { token: agent.token })).status).toBe(200);
    expect((await t.json("GET", `/api/chatbot/${id}`, { token: agent.token })).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/api/chatbot", { queueId, name: "Do agente", queueType: "text" }],
      ["PUT", `/api/chatbot/${id}`, { name: "Do agente" }],
      ["DELETE", `/api/chatbot/${id}`, undefined],
    ] as const) {
      const denied = await t.json(method, path, { token: agent.token, body });
      expect({ method, status: denied.status, error: denied.body.error }).toEqual({ method, status: 403, error: "ERR_NO_PERMISSION" });
      expect({ method, status: (await t.json(method, path, { body })).status }).toEqual({ method, status: 401 });
    }
    for (const path of [`/api/chatbot?queueId=${queueId}`, `/api/chatbot/${id}`]) expect((await t.json("GET", path)).status).toBe(401);
    expect((await rows()).map((o) => o.name)).toEqual(["Menu principal"]);
  });
});

describe("tenancy", () => {
  test("company B gets 404 for company A's options and queue in paths, and A's rows stay", async () => {
    const id = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const before = await rows();
    const b = await createCompany(t, { name: "Beta" });
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { name: "Invadido" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await t.json(method, `/api/chatbot/${id}`, { token: b.admin.token, body });
      expect({ method, status: r.status, error: r.body.error }).toEqual({ method, status: 404, error: "ERR_NOT_FOUND" });
    }
    expect((await t.json("GET", `/api/chatbot?queueId=${queueId}`, { token: b.admin.token })).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  test("ids of another company in the body are not found: queueId, parentId, optQueueId, optUserId", async () => {
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const b = await createCompany(t, { name: "Beta" });
    const bQueue = (await t.json("POST", "/api/queue", { token: b.admin.token, body: { name: "Fila B", color: "#0000ff" } })).body.id;
    const asB = (body: Record<string, unknown>) =>
      t.json("POST", "/api/chatbot", { token: b.admin.token, body: { queueId: bQueue, name: "Opção B", queueType: "text", ...body } });
    expect((await asB({ queueId })).body.fields).toEqual({ queueId: "Not found" });
    expect((await asB({ parentId: menu })).body.fields).toEqual({ parentId: "Not found" });
    expect((await asB({ queueType: "queue", optQueueId: queueId })).body.fields).toEqual({ optQueueId: "Not found" });
    expect((await asB({ queueType: "attendent", optUserId: agent.id })).body.fields).toEqual({ optUserId: "Not found" });
    const own = (await asB({})).body.id;
    const put = await t.json("PUT", `/api/chatbot/${own}`, { token: b.admin.token, body: { queueType: "attendent", optUserId: agent.id } });
    expect(put.body.fields).toEqual({ optUserId: "Not found" });
    expect((await rows()).map((o) => [o.companyId, o.name])).toEqual([
      [1, "Menu principal"],
      [b.companyId, "Opção B"],
    ]);
  });
});

describe("audit", () => {
  test("create, edit and delete write entries in the change's transaction; a subtree delete names every option", async () => {
    const entries = () => t.ctx.db.selectFrom("audit_log").selectAll().where("entity", "=", "chatbot").orderBy("id").execute();
    const menu = await option({ name: "Menu principal", greetingMessage: "Escolha:" });
    const child = await option({ name: "Vendas", parentId: menu });
    await update(menu, { name: "Menu renomeado" });
    await update(menu, { name: "Menu renomeado" });
    // A refused edit writes nothing.
    await update(menu, { greetingMessage: null });
    await t.json("DELETE", `/api/chatbot/${menu}`, { token: admin });
    const log = (await entries()).map((e) => ({
      userId: e.userId,
      entityId: e.entityId,
      action: e.action,
      before: e.before && JSON.parse(e.before),
      after: e.after && JSON.parse(e.after),
    }));
    expect(log.map((e) => [e.entityId, e.action])).toEqual([
      [String(menu), "create"],
      [String(child), "create"],
      [String(menu), "update"],
      [String(menu), "delete"],
      [String(child), "delete"],
    ]);
    expect(log[0]).toMatchObject({ userId: 1, before: null, after: { name: "Menu principal", greetingMessage: "Escolha:", queueId, parentId: null } });
    expect(log[2]).toMatchObject({ before: { name: "Menu principal" }, after: { name: "Menu renomeado" } });
    expect(log[4]).toMatchObject({ before: { name: "Vendas", parentId: menu }, after: null });
  });
});
