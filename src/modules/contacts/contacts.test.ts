import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel } from "../../../tests/helpers/test-channel";
import { createConnection } from "../../channels/connections";
import type { BusEvents } from "../../realtime/events";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const admin = await login(t, ADMIN.email, ADMIN.password);
  const plain = await createUser(t, { companyId: 1, name: "Plain" });
  const events: { name: string; payload: unknown }[] = [];
  for (const name of ["contact.created", "contact.updated", "contact.deleted"] as const) {
    t.ctx.bus.on(name, (payload: BusEvents[typeof name]) => void events.push({ name, payload }));
  }
  return { t, chan, admin, plain, events };
}

const maria = { name: "Maria Conceição", number: "+55 (11) 98765-4321", email: "Maria@Example.com", extraInfo: [{ name: "CPF", value: "123.456.789-00" }] };

describe("POST /api/contacts and GET /api/contacts/:id", () => {
  test("creates with normalised number, lower-case email and extra info; shows whatsapp, tags and extraInfo", async () => {
    const { t, admin, events } = await setup();
    const { id: connId } = await createConnection(t.ctx, 1, { name: "Loja", channel: "testchan" });
    const created = await t.json("POST", "/api/contacts", { token: admin, body: { ...maria, whatsappId: connId } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Maria Conceição",
      number: "5511987654321",
      email: "maria@example.com",
      channel: "whatsapp",
      isGroup: false,
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      whatsapp: { id: connId, name: "Loja" },
      tags: [],
      extraInfo: [{ name: "CPF", value: "123.456.789-00" }],
    });
    expect(events).toEqual([{ name: "contact.created", payload: { companyId: 1, contactId: created.body.id } }]);
    const shown = await t.json("GET", `/api/contacts/${created.body.id}`, { token: admin });
    expect(shown.body).toEqual(created.body);
  });

  test("validation: name 2-50, number 8-50 digits, email, channel, unknown connection; never a 500", async () => {
    const { t, admin } = await setup();
    const cases: [unknown, string][] = [
      [{ number: "5511999990000" }, "name"],
      [{ name: "A", number: "5511999990000" }, "name"],
      [{ name: "x".repeat(51), number: "5511999990000" }, "name"],
      [{ name: "Ana" }, "number"],
      [{ name: "Ana", number: "1234567" }, "number"],
      [{ name: "Ana", number: "1".repeat(51) }, "number"],
      [{ name: "Ana", number: "55 11 abc 9999" }, "number"],
      [{ name: "Ana", number: "5511999990000", email: "not-an-email" }, "email"],
      [{ name: "Ana", number: "5511999990000", channel: "telegram" }, "channel"],
      [{ name: "Ana", number: "5511999990000", extraInfo: [{ value: "x" }] }, "extraInfo.0.name"],
      [{ name: "Ana", number: "5511999990000", whatsappId: 999 }, "whatsappId"],
    ];
    for (const [body, field] of cases) {
      const r = await t.json("POST", "/api/contacts", { token: admin, body });
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "ERR_VALIDATION" });
      expect({ body, field: Object.keys(r.body.fields) }).toEqual({ body, field: [field] });
    }
    expect((await t.json("POST", "/api/contacts", { token: admin, body: "not json" })).status).toBe(400);
  });

  test("ERR_DUPLICATED_CONTACT for the same number on the same channel within the company only", async () => {
    const { t, admin } = await setup();
    expect((await t.json("POST", "/api/contacts", { token: admin, body: maria })).status).toBe(201);
    const dup = await t.json("POST", "/api/contacts", { token: admin, body: { name: "Outra", number: "5511987654321" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_DUPLICATED_CONTACT");
    expect((await t.json("POST", "/api/contacts", { token: admin, body: { name: "Outra", number: "5511987654321", channel: "instagram" } })).status).toBe(201);
    const other = await createCompany(t, { name: "Other" });
    expect((await t.json("POST", "/api/contacts", { token: other.admin.token, body: maria })).status).toBe(201);
  });

  test("another company's contact answers 404 on every contact route, and stays unchanged", async () => {
    const { t, admin } = await setup();
    const id = (await t.json("POST", "/api/contacts", { token: admin, body: maria })).body.id;
    const other = await createCompany(t, { name: "Other" });
    const token = other.admin.token;
    const before = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    for (const [method, path, body] of [
      ["GET", `/api/contacts/${id}`],
      ["PUT", `/api/contacts/${id}`, { name: "Hacked" }],
      ["DELETE", `/api/contacts/${id}`],
      ["PUT", `/api/contacts/block/${id}`, { active: false }],
      ["PUT", `/api/contacts/toggleDisableBot/${id}`],
      ["PUT", `/api/contacts/toggleAcceptAudio/${id}`],
      ["GET", `/api/contactTags/${id}`],
      ["GET", `/api/contacts/profile/5511987654321`],
    ] as const) {
      const r = await t.json(method, path, { token, body });
      expect({ path, method, status: r.status, error: r.body.error }).toEqual({ path, method, status: 404, error: "ERR_NO_CONTACT_FOUND" });
    }
    expect(await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await t.json("GET", "/api/contacts", { token })).body).toMatchObject({ contacts: [], count: 0 });
    expect((await t.json("GET", "/api/contacts/abc", { token: admin })).status).toBe(400);
    expect((await t.json("GET", "/api/contacts/999999", { token: admin })).status).toBe(404);
  });
});

describe("GET /api/contacts", () => {
  async function seedContacts(t: ChannelTestApp) {
    const db = t.ctx.db;
    const ids: Record<string, number> = {};
    const rows = [
      ["João Câmara", "5511900000001", "whatsapp", 0],
      ["Ana Souza", "5511900000002", "whatsapp", 0],
      ["Grupo Vendas", "120363000000000001", "whatsapp", 1],
      ["Zé Insta", "17841400000000001", "instagram", 0],
    ] as const;
    for (const [name, number, channel, isGroup] of rows) {
      ids[name] = (await db.insertInto("contacts").values({ companyId: 1, name, number, channel, isGroup }).returning("id").executeTakeFirstOrThrow()).id;
    }
    for (let i = 0; i < 25; i++)
      await db
        .insertInto("contacts")
        .values({ companyId: 1, name: `Cliente ${String(i).padStart(2, "0")}`, number: `55119100000${String(i).padStart(2, "0")}` })
        .execute();
    return ids;
  }

  test("20 a page by name with count and hasMore; search by name or number ignoring case and accents; channel and isGroup", async () => {
    const { t, plain } = await setup();
    const ids = await seedContacts(t);
    const token = plain.token;
    const p1 = await t.json("GET", "/api/contacts?pageNumber=1", { token });
    expect(p1.body.contacts).toHaveLength(20);
    expect(p1.body).toMatchObject({ count: 29, hasMore: true });
    expect(p1.body.contacts[0].name).toBe("Ana Souza");
    const p2 = await t.json("GET", "/api/contacts?pageNumber=2", { token });
    expect(p2.body.contacts).toHaveLength(9);
    expect(p2.body.hasMore).toBe(false);

    const names = async (query: string) => (await t.json("GET", `/api/contacts?${query}`, { token })).body.contacts.map((c: { name: string }) => c.name);
    expect(await names("searchParam=joao")).toEqual(["João Câmara"]);
    expect(await names("searchParam=CAMARA")).toEqual(["João Câmara"]);
    expect(await names("searchParam=900000002")).toEqual(["Ana Souza"]);
    // Under 3 characters there are no trigrams: lower() on both sides of a LIKE, which folds ASCII letters only on
    // SQLite and every letter on PostgreSQL.
    expect(await names(`searchParam=${encodeURIComponent("zÉ")}`)).toEqual(t.ctx.store.kind === "postgres" ? ["Zé Insta"] : []);
    expect(await names(`searchParam=${encodeURIComponent("Zé")}`)).toEqual(["Zé Insta"]);
    expect(await names("channel=instagram")).toEqual(["Zé Insta"]);
    expect(await names("isGroup=true")).toEqual(["Grupo Vendas"]);
    expect(await names("searchParam=%25")).toEqual([]);
    expect((await t.json("GET", "/api/contacts?channel=telegram", { token })).status).toBe(400);
    expect(ids["Ana Souza"]).toBeGreaterThan(0);
  });

  test("contactTag keeps contacts carrying every given tag; a foreign tag id is ERR_VALIDATION", async () => {
    const { t, admin } = await setup();
    const ids = await seedContacts(t);
    const vip = (await t.json("POST", "/api/tags", { token: admin, body: { name: "VIP" } })).body.id;
    const sp = (await t.json("POST", "/api/tags", { token: admin, body: { name: "São Paulo" } })).body.id;
    await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: ids["Ana Souza"], tags: [{ id: vip }, { id: sp }] } });
    await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: ids["João Câmara"], tags: [{ id: vip }] } });
    const names = async (query: string) => (await t.json("GET", `/api/contacts?${query}`, { token: admin })).body.contacts.map((c: { name: string }) => c.name);
    expect(await names(`contactTag=[${vip}]`)).toEqual(["Ana Souza", "João Câmara"]);
    expect(await names(`contactTag=${vip},${sp}`)).toEqual(["Ana Souza"]);
    const listed = (await t.json("GET", `/api/contacts?contactTag=[${sp}]`, { token: admin })).body.contacts[0];
    expect(listed.tags.map((x: { name: string }) => x.name)).toEqual(["São Paulo", "VIP"]);
    const other = await createCompany(t, { name: "Other" });
    const foreign = (await t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Deles" } })).body.id;
    const r = await t.json("GET", `/api/contacts?contactTag=[${foreign}]`, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.fields.contactTag).toBe("Unknown tag");
  });

  test("GET /api/contacts/list answers matching contacts without paging", async () => {
    const { t, plain } = await setup();
    await seedContacts(t);
    const r = await t.json("GET", "/api/contacts/list?searchParam=cliente", { token: plain.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(25);
    expect(r.body[0]).toMatchObject({ name: "Cliente 00", number: "5511910000000" });
  });
});

describe("LGPD number masking", () => {
  test("with enableLGPD and lgpdHideNumber a plain user sees numbers masked (not groups) and cannot write them back", async () => {
    const { t, admin, plain } = await setup();
    const id = (await t.json("POST", "/api/contacts", { token: admin, body: { name: "Maria", number: "5511987654321" } })).body.id;
    const group = (
      await t.ctx.db
        .insertInto("contacts")
        .values({ companyId: 1, name: "Grupo", number: "120363000000000001", isGroup: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .insertInto("company_settings")
      .values([
        { companyId: 1, key: "enableLGPD", value: "enabled" },
        { companyId: 1, key: "lgpdHideNumber", value: "enabled" },
      ])
      .execute();

    const seen = await t.json("GET", `/api/contacts/${id}`, { token: plain.token });
    expect(seen.body.number).toBe("5511*******21");
    expect((await t.json("GET", `/api/contacts/${group}`, { token: plain.token })).body.number).toBe("120363000000000001");
    expect((await t.json("GET", "/api/contacts", { token: plain.token })).body.contacts.find((c: { id: number }) => c.id === id).number).toBe("5511*******21");
    expect((await t.json("GET", `/api/contacts/${id}`, { token: admin })).body.number).toBe("5511987654321");

    // The drawer sends the contact back as shown: the masked number is not written.
    const put = await t.json("PUT", `/api/contacts/${id}`, { token: plain.token, body: { ...seen.body, name: "Maria Silva" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Maria Silva", number: "5511*******21" });
    expect((await t.ctx.db.selectFrom("contacts").select("number").where("id", "=", id).executeTakeFirstOrThrow()).number).toBe("5511987654321");

    // Only enableLGPD: nothing masked.
    await t.ctx.db.updateTable("company_settings").set({ value: "disabled" }).where("key", "=", "enableLGPD").execute();
    expect((await t.json("GET", `/api/contacts/${id}`, { token: plain.token })).body.number).toBe("5511987654321");
  });
});

describe("PUT /api/contacts/:id", () => {
  test("changes fields, replaces extraInfo, checks a changed number and duplicates, keeps a channel's own id", async () => {
    const { t, admin, plain, events } = await setup();
    const id = (await t.json("POST", "/api/contacts", { token: admin, body: maria })).body.id;
    await t.json("POST", "/api/contacts", { token: admin, body: { name: "Outro", number: "5511900000099" } });
    events.length = 0;
    const r = await t.json("PUT", `/api/contacts/${id}`, {
      token: plain.token,
      body: { name: "Maria C.", extraInfo: [{ name: "Aniversário", value: "01/02" }], disableBot: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Maria C.", number: "5511987654321", disableBot: true, extraInfo: [{ name: "Aniversário", value: "01/02" }] });
    expect(events).toEqual([{ name: "contact.updated", payload: { companyId: 1, contactId: id } }]);
    const bad = await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { number: "123" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.number).toBe("Too Short!");
    const dup = await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { number: "5511900000099" } });
    expect(dup.body.error).toBe("ERR_DUPLICATED_CONTACT");
    expect((await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { number: "(55) 11 91234-5678" } })).body.number).toBe("5511912345678");
    expect((await t.json("PUT", `/api/contacts/${id}`, { token: admin, body: { name: "x" } })).status).toBe(400);

    // A web-chat visitor has no number: renaming it does not ask for one.
    const visitor = (
      await t.ctx.db
        .insertInto("contacts")
        .values({ companyId: 1, name: "Visitante", number: "", channel: "webchat" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const renamed = await t.json("PUT", `/api/contacts/${visitor}`, { token: admin, body: { name: "Visitante Ana", number: "" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Visitante Ana", number: "" });
  });
});

describe("block, bot and audio toggles", () => {
  test("PUT /api/contacts/block/:id sets active; the toggles flip their flag; each emits contact.updated", async () => {
    const { t, plain, events } = await setup();
    const id = (await t.json("POST", "/api/contacts", { token: plain.token, body: maria })).body.id;
    events.length = 0;
    const token = plain.token;
    expect((await t.json("PUT", `/api/contacts/block/${id}`, { token, body: { active: false } })).body.active).toBe(false);
    expect((await t.json("PUT", `/api/contacts/block/${id}`, { token, body: { active: true } })).body.active).toBe(true);
    expect((await t.json("PUT", `/api/contacts/block/${id}`, { token, body: {} })).status).toBe(400);
    expect((await t.json("PUT", `/api/contacts/toggleDisableBot/${id}`, { token })).body.disableBot).toBe(true);
    expect((await t.json("PUT", `/api/contacts/toggleDisableBot/${id}`, { token })).body.disableBot).toBe(false);
    expect((await t.json("PUT", `/api/contacts/toggleAcceptAudio/${id}`, { token })).body.acceptAudioMessage).toBe(false);
    expect(events.map((e) => e.name)).toEqual(Array(5).fill("contact.updated"));
  });
});

describe("DELETE /api/contacts/:id", () => {
  test("admins only; a contact with tickets is kept (ERR_CONTACT_HAS_TICKETS); one without is deleted with its tags and extra info", async () => {
    const { t, chan, admin, plain, events } = await setup();
    const lonely = (await t.json("POST", "/api/contacts", { token: admin, body: maria })).body.id;
    await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: lonely, tags: [{ name: "Efêmera" }] } });
    const { id: connId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    const r = await chan.session(connId)!.receive({ from: "5511955554444", body: "oi" });
    if (r.status !== "stored") throw new Error("not stored");

    expect((await t.json("DELETE", `/api/contacts/${lonely}`, { token: plain.token })).status).toBe(403);
    const kept = await t.json("DELETE", `/api/contacts/${r.contactId}`, { token: admin });
    expect(kept.status).toBe(409);
    expect(kept.body.error).toBe("ERR_CONTACT_HAS_TICKETS");
    events.length = 0;
    expect((await t.json("DELETE", `/api/contacts/${lonely}`, { token: admin })).status).toBe(200);
    expect(events).toEqual([{ name: "contact.deleted", payload: { companyId: 1, contactId: lonely } }]);
    expect((await t.json("GET", `/api/contacts/${lonely}`, { token: admin })).status).toBe(404);
    expect(await t.ctx.db.selectFrom("contact_extra_info").selectAll().where("contactId", "=", lonely).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("contact_tags").selectAll().where("contactId", "=", lonely).execute()).toEqual([]);
    // The search index forgot it too.
    expect((await t.json("GET", "/api/contacts?searchParam=conceicao", { token: admin })).body.count).toBe(0);
  });
});

describe("GET /api/contacts/profile/:number", () => {
  test("through a connected session that can fetch pictures; stored on the contact", async () => {
    const { t, chan, admin } = await setup();
    const { id: connId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    const r = await chan.session(connId)!.receive({ from: "5511955554444", body: "oi" });
    if (r.status !== "stored") throw new Error("not stored");
    const pic = await t.json("GET", "/api/contacts/profile/5511955554444", { token: admin });
    expect(pic.status).toBe(200);
    expect(pic.body).toEqual({ contactId: r.contactId, urlPicture: "https://pictures.test/5511955554444.jpg" });
    expect((await t.json("GET", `/api/contacts/${r.contactId}`, { token: admin })).body.urlPicture).toBe("https://pictures.test/5511955554444.jpg");
    expect((await t.json("GET", "/api/contacts/profile/5511000000000", { token: admin })).body.error).toBe("ERR_NO_CONTACT_FOUND");
  });

  test("clear errors when no connection of the contact's channel is connected or none can fetch pictures", async () => {
    const { t, chan, admin } = await setup();
    await t.json("POST", "/api/contacts", { token: admin, body: { name: "Sem canal", number: "5511911112222" } });
    const none = await t.json("GET", "/api/contacts/profile/5511911112222", { token: admin });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("ERR_WAPP_NOT_INITIALIZED");

    const { id: connId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    const r = await chan.session(connId)!.receive({ from: "5511955554444", body: "oi" });
    if (r.status !== "stored") throw new Error("not stored");
    (chan.session(connId) as unknown as { profilePicture?: unknown }).profilePicture = undefined;
    const unsupported = await t.json("GET", "/api/contacts/profile/5511955554444", { token: admin });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe("ERR_CHANNEL_UNSUPPORTED");
  });
});

describe("GET /api/contactTags/:contactId", () => {
  test("the contact's tags by name", async () => {
    const { t, plain } = await setup();
    const id = (await t.json("POST", "/api/contacts", { token: plain.token, body: maria })).body.id;
    await t.json("POST", "/api/tags/sync", { token: plain.token, body: { contactId: id, tags: [{ name: "Varejo" }, { name: "Atacado" }] } });
    const r = await t.json("GET", `/api/contactTags/${id}`, { token: plain.token });
    expect(r.body.map((x: { name: string }) => x.name)).toEqual(["Atacado", "Varejo"]);
  });
});
