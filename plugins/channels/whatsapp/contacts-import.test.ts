/**
 * The contacts import with this plugin inside the real core, the fake Baileys socket in place of WhatsApp: each
 * number checked on the connection (onWhatsApp) before the import, paced, resumed after a restart without asking
 * twice; and the import of the phone's contacts (listContacts) through the same job.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, sqliteOf } from "../../../tests/helpers/test-app";
import type { TestApp } from "../../../tests/helpers/test-app";
import { whatsappOnCore } from "./testing/core";
import { until } from "./testing/setup";

const INTERVAL_MS = 150;
const env = { CONTACT_IMPORT_CHECK_INTERVAL_MS: String(INTERVAL_MS) };
let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  apps = [];
});

const NUMBERS = ["5511988880001", "5511988880002", "5511988880003", "5511988880004"];

function form(whatsappId?: unknown): FormData {
  const f = new FormData();
  f.append("file", new File([`Nome,Telefone\n${NUMBERS.map((n, i) => `Pessoa ${i + 1},${n}`).join("\n")}\n`], "contatos.csv"));
  f.append("mapping", JSON.stringify({ name: 0, number: 1 }));
  if (whatsappId !== undefined) f.append("whatsappId", JSON.stringify(whatsappId));
  return f;
}

async function finish(t: TestApp, token: string, id: number) {
  for (let i = 0; i < 50; i++) {
    await t.ctx.jobs.runDue();
    const s = await t.json("GET", `/api/contacts/import/${id}`, { token });
    if (s.body.status === "done") return s.body;
  }
  throw new Error("the import did not finish");
}

const contactsOf = (t: TestApp) =>
  t.ctx.db.selectFrom("contacts").select(["name", "number"]).where("companyId", "=", 1).where("isGroup", "=", 0).orderBy("number").execute();

describe("contacts import: numbers checked on a WhatsApp connection", () => {
  test("each number is asked once through onWhatsApp, paced; numbers not on WhatsApp are ignored as notOnWhatsApp", async () => {
    const { t, sockets, adminToken, connect } = await whatsappOnCore({ env });
    apps.push(t);
    const id = await connect();
    sockets.last.numbers.set(NUMBERS[0]!, `${NUMBERS[0]}@s.whatsapp.net`);
    sockets.last.numbers.set(NUMBERS[2]!, `${NUMBERS[2]}@s.whatsapp.net`);
    const checkedSeen: number[] = [];
    t.ctx.bus.on("contactImport.progress", ({ importId }) => {
      void t.ctx.db
        .selectFrom("contact_imports")
        .select("checked")
        .where("id", "=", importId)
        .executeTakeFirst()
        .then((r) => r && checkedSeen.push(r.checked));
    });
    const r = await t.json("POST", "/api/contacts/import", { token: adminToken, body: form(id) });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ whatsappId: id, toCheck: 4, checked: 0 });
    const began = Date.now();
    const done = await finish(t, adminToken, r.body.id);
    expect(Date.now() - began).toBeGreaterThanOrEqual(3 * INTERVAL_MS - 20);
    expect(done).toMatchObject({ processed: 4, imported: 2, ignored: 2, checked: 4 });
    expect(done.reasons.notOnWhatsApp).toBe(2);
    expect(sockets.last.numberRequests).toEqual(NUMBERS);
    expect(checkedSeen).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect((await contactsOf(t)).map((c) => c.number)).toEqual([NUMBERS[0]!, NUMBERS[2]!]);
    const summary = await (await t.request("GET", `/api/contacts/import/${r.body.id}/summary.csv`, { token: adminToken })).text();
    expect(summary).toContain(`Pessoa 2,${NUMBERS[1]},ignored,notOnWhatsApp`);
    const audit = await t.ctx.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity", "=", "contactImport")
      .where("action", "=", "create")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after))).toMatchObject({ checkOn: id });
  }, 20_000);

  test("a process stopped mid-check: a new one on the same database goes on at the first unchecked row", async () => {
    // The death is SQLite's read-only switch, thrown synchronously at the right moment: this runs on SQLite.
    const first = await whatsappOnCore({ env, store: "sqlite" });
    apps.push(first.t);
    const id = await first.connect();
    for (const n of NUMBERS) first.sockets.last.numbers.set(n, `${n}@s.whatsapp.net`);
    const r = await first.t.json("POST", "/api/contacts/import", { token: first.adminToken, body: form(id) });
    // The process dies once the first check is committed: from then on its connection writes nothing more.
    first.t.ctx.bus.on("contactImport.progress", () => void sqliteOf(first.t).exec("PRAGMA query_only = ON"));
    await first.t.ctx.jobs.runDue();
    // The second number may have been asked, its answer never written: only the first row counts as checked.
    expect(first.sockets.last.numberRequests[0]).toBe(NUMBERS[0]!);
    await first.t.ctx.close().catch(() => undefined);

    const second = await whatsappOnCore({ env, dataDir: first.t.dataDir });
    apps.push(second.t);
    const token = await login(second.t, ADMIN.email, ADMIN.password);
    const midway = await second.t.json("GET", `/api/contacts/import/${r.body.id}`, { token });
    expect(midway.body).toMatchObject({ status: "running", checked: 1, processed: 0 });
    // The new process starts the connection's session from its stored credentials.
    await until(() => second.sockets.made.length === 1, 3_000);
    for (const n of NUMBERS) second.sockets.last.numbers.set(n, `${n}@s.whatsapp.net`);
    second.sockets.last.connecting();
    second.sockets.last.open();
    await until(() => second.t.ctx.channels.sessions.liveSession(id) !== undefined, 3_000);
    second.t.clock.advance(61_000);
    const done = await finish(second.t, token, r.body.id);
    expect(done).toMatchObject({ processed: 4, imported: 4, checked: 4 });
    expect(second.sockets.last.numberRequests).toEqual(NUMBERS.slice(1));
  }, 20_000);

  test("the connection must be the company's (else 404), able to check numbers and connected; only admins", async () => {
    const { t, adminToken, connect } = await whatsappOnCore({ env });
    apps.push(t);
    const id = await connect();
    const other = await createCompany(t, { name: "Outra" });
    const foreign = await createConnection(t.ctx, other.companyId, { name: "Deles", channel: "whatsapp-e2e", start: false } as never);
    const idle = await createConnection(t.ctx, 1, { name: "Parada", channel: "whatsapp-e2e", start: false } as never);
    const webchat = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat", start: false } as never);
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const refused = async (token: string, body: FormData) => {
      const r = await t.json("POST", "/api/contacts/import", { token, body });
      return [r.status, r.body.error];
    };
    expect(await refused(adminToken, form(foreign.id))).toEqual([404, "ERR_NOT_FOUND"]);
    expect(await refused(adminToken, form(idle.id))).toEqual([400, "ERR_WAPP_NOT_INITIALIZED"]);
    expect(await refused(adminToken, form(webchat.id))).toEqual([400, "ERR_CHANNEL_UNSUPPORTED"]);
    expect(await refused(adminToken, form("x"))).toEqual([400, "ERR_VALIDATION"]);
    expect(await refused(plain.token, form(id))).toEqual([403, "ERR_NO_PERMISSION"]);
    expect(await t.ctx.db.selectFrom("contact_imports").select("id").execute()).toEqual([]);
  }, 20_000);
});

describe("POST /api/contacts/import/chats: the phone's contacts", () => {
  test("the contacts WhatsApp synced go through the import job; a typed name is kept, an unnamed contact gets its number", async () => {
    const { t, sockets, adminToken, connect } = await whatsappOnCore({ env });
    apps.push(t);
    const id = await connect();
    await t.json("POST", "/api/contacts", { token: adminToken, body: { name: "Ana Typed", number: NUMBERS[0] } });
    sockets.last.emit("contacts.upsert", [
      { id: `${NUMBERS[0]}@s.whatsapp.net`, name: "Ana Agenda" },
      { id: "9988776655@lid", phoneNumber: `${NUMBERS[1]}@s.whatsapp.net`, notify: "Bruno" },
      { id: `${NUMBERS[2]}@s.whatsapp.net` },
    ]);
    const session = t.ctx.channels.sessions.session(id)!;
    for (let i = 0; i < 100 && (await session.listContacts!()).length < 3; i++) await Bun.sleep(5);
    const r = await t.json("POST", "/api/contacts/import/chats", { token: adminToken, body: { whatsappId: id } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ total: 3, toCheck: 0, fileName: "WhatsApp" });
    const done = await finish(t, adminToken, r.body.id);
    expect(done).toMatchObject({ processed: 3, imported: 2 });
    expect(await contactsOf(t)).toEqual([
      { name: "Ana Typed", number: NUMBERS[0]! },
      { name: "Bruno", number: NUMBERS[1]! },
      { name: NUMBERS[2]!, number: NUMBERS[2]! },
    ]);
    expect(sockets.last.numberRequests).toEqual([]);
  }, 20_000);

  test("another company's connection is 404, a channel without listContacts 400, a plain user 403, a bad body 400", async () => {
    const { t, adminToken, connect } = await whatsappOnCore({ env });
    apps.push(t);
    const id = await connect();
    const other = await createCompany(t, { name: "Outra" });
    const foreign = await createConnection(t.ctx, other.companyId, { name: "Deles", channel: "whatsapp-e2e", start: false } as never);
    const webchat = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat", start: false } as never);
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const post = async (token: string, body: unknown) => {
      const r = await t.json("POST", "/api/contacts/import/chats", { token, body });
      return [r.status, r.body.error];
    };
    expect(await post(adminToken, { whatsappId: foreign.id })).toEqual([404, "ERR_NOT_FOUND"]);
    expect(await post(adminToken, { whatsappId: webchat.id })).toEqual([400, "ERR_CHANNEL_UNSUPPORTED"]);
    expect(await post(adminToken, { whatsappId: "1" })).toEqual([400, "ERR_VALIDATION"]);
    expect(await post(adminToken, {})).toEqual([400, "ERR_VALIDATION"]);
    expect(await post(plain.token, { whatsappId: id })).toEqual([403, "ERR_NO_PERMISSION"]);
    // The phone has no contacts synced yet.
    expect(await post(adminToken, { whatsappId: id })).toEqual([400, "ERR_VALIDATION"]);
  }, 20_000);
});
