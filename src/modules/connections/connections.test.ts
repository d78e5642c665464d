import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { ChannelPlugin } from "../../channels/adapter";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestChannel } from "../../../tests/helpers/test-channel";
import { DEFAULT_SCHEDULES } from "../business-hours/schema";

const PNG_1PX = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

/** Channel ids gated by a plan flag: test plugins stand in for the product's (an injected plugin replaces it). */
const GATED = ["whatsapp", "facebook", "instagram"];

let t: ChannelTestApp;
let chan: TestChannel;
/** A test plugin whose manifest connects by QR code (an edit that changes the greeting media or the import pairs it again). */
let qr: TestChannel;
/** Company 1's super admin; a plain user; a plain user with allowConnections enabled. */
let admin: string;
let agent: TestUser;
let manager: TestUser;
type Frame = { companyId: number; event: string; data: any; opts: any };
let frames: Frame[];

beforeEach(async () => {
  chan = createTestChannel();
  qr = createTestChannel("testqr");
  qr.plugin.manifest.connect = "qrcode";
  const gated: ChannelPlugin<any>[] = GATED.map((id) => createTestChannel(id).plugin);
  t = await createChannelTestApp({ plugins: [chan.plugin, qr.plugin, ...gated] });
  admin = await login(t, ADMIN.email, ADMIN.password);
  agent = await createUser(t, { companyId: 1, profile: "user", name: "Agent" });
  manager = await createUser(t, { companyId: 1, profile: "user", name: "Manager", allowConnections: "enabled" });
  frames = [];
  const original = t.ctx.hub.emit.bind(t.ctx.hub);
  t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: unknown) => {
    frames.push({ companyId, event, data, opts });
    return original(companyId, event, data, opts as never);
  }) as typeof t.ctx.hub.emit;
});
afterEach(() => t.close());

const create = (body: Record<string, unknown>, token = admin) => t.json("POST", "/api/whatsapp", { token, body: { channel: "testchan", ...body } });
const update = (id: number, body: unknown, token = admin) => t.json("PUT", `/api/whatsapp/${id}`, { token, body });
const row = (id: number) => t.ctx.db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const setPlan = (values: Record<string, number>) => t.ctx.db.updateTable("plans").set(values).where("id", "=", 1).execute();
async function queue(companyId = 1, name = `Q${Math.random().toString(36).slice(2, 7)}`) {
  const r = await t.ctx.db
    .insertInto("queues")
    .values({
      companyId,
      name,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, "0")}`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}
const PICKER_KEYS = ["channel", "id", "isDefault", "name", "status"];

describe("GET /api/channels", () => {
  test("lists the registered plugins with JSON-schema config, secret fields and what the plan allows", async () => {
    const r = await t.json("GET", "/api/channels", { token: agent.token });
    expect(r.status).toBe(200);
    const test = r.body.find((c: any) => c.id === "testchan");
    expect(test).toMatchObject({ name: "Test channel", connect: "none", secretFields: ["apiKey"], allowedByPlan: true, planFlag: null });
    expect(test.capabilities).toMatchObject({ react: true, groups: true });
    expect(test.configSchema.type).toBe("object");
    expect(Object.keys(test.configSchema.properties).sort()).toEqual(["apiKey", "mode", "number"]);
    await setPlan({ useFacebook: 0, useWhatsapp: 0, useInstagram: 1 });
    const after = (await t.json("GET", "/api/channels", { token: admin })).body;
    const allowed = Object.fromEntries(after.map((c: any) => [c.id, c.allowedByPlan]));
    if (allowed.facebook !== undefined) expect(allowed.facebook).toBe(false);
    if (allowed.whatsapp !== undefined) expect(allowed.whatsapp).toBe(false);
    if (allowed.instagram !== undefined) expect(allowed.instagram).toBe(true);
    if (allowed.webchat !== undefined) expect(allowed.webchat).toBe(true);
    expect(allowed.testchan).toBe(true);
  });
});

describe("POST /api/whatsapp", () => {
  test("creates with the spec's defaults, a 30-character token, as the first default, and starts the session", async () => {
    const r = await create({ name: " Principal ", config: { number: "5511900000001", apiKey: "k-secret" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      companyId: 1,
      name: "Principal",
      channel: "testchan",
      isDefault: true,
      provider: "beta",
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      groupAsTicket: "disabled",
      whenExpiresTicket: "0",
      allowGroup: false,
      enableImportMessage: false,
      timeSendQueue: 0,
      sendIdQueue: null,
      timeCreateNewTicket: 0,
      expiresTicketNPS: 0,
      greetingMediaAttachment: null,
      integrationId: null,
      promptId: null,
      flowIdWelcome: null,
      flowIdNotPhrase: null,
      queueIds: [],
      queues: [],
      config: { number: "5511900000001", apiKey: "k-secret", mode: "connect" },
    });
    expect(r.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(r.body.schedules).toEqual(DEFAULT_SCHEDULES);
    expect(chan.session(r.body.id)!.starts).toBe(1);
    await t.ctx.channels.idle();
    expect(await row(r.body.id)).toMatchObject({ status: "CONNECTED", number: "5511900000001" });
  });

  test("stores every form field; queues come back with their names", async () => {
    const q1 = await queue();
    const q2 = await queue();
    const schedules = DEFAULT_SCHEDULES.map(({ weekday: _w, ...e }) => ({ ...e, startTimeB: "", endTimeB: "" })).reverse();
    const r = await create({
      name: "Completa",
      greetingMessage: "Olá",
      complationMessage: "Tchau",
      outOfHoursMessage: "Fechado",
      ratingMessage: "Avalie",
      provider: "stable",
      expiresTicket: "24",
      whenExpiresTicket: 1,
      allowGroup: true,
      groupAsTicket: "enabled",
      timeUseBotQueues: 5,
      maxUseBotQueues: 4,
      timeSendQueue: 10,
      sendIdQueue: q1,
      expiresTicketNPS: 30,
      maxUseBotQueuesNPS: 2,
      expiresInactiveMessage: "Encerrado por inatividade",
      timeInactiveMessage: 15,
      inactiveMessage: "Ainda aí?",
      timeCreateNewTicket: 60,
      collectiveVacationMessage: "Férias",
      collectiveVacationStart: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      collectiveVacationEnd: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      queueIds: [q2, q1, q1],
      schedules,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      provider: "stable",
      expiresTicket: 24,
      whenExpiresTicket: "1",
      allowGroup: true,
      groupAsTicket: "enabled",
      timeSendQueue: 10,
      sendIdQueue: q1,
      maxUseBotQueues: 4,
      timeCreateNewTicket: 60,
      collectiveVacationMessage: "Férias",
    });
    expect(r.body.queueIds.sort()).toEqual([q1, q2].sort());
    expect(r.body.queues.every((q: any) => typeof q.name === "string" && typeof q.color === "string")).toBe(true);
    expect(r.body.schedules.map((s: any) => s.weekdayEn)).toEqual(DEFAULT_SCHEDULES.map((s) => s.weekdayEn));
    expect(r.body.schedules[0]).toMatchObject({ weekday: "Segunda-feira", startTimeA: "08:00", startTimeB: "" });
    await t.ctx.channels.idle();
    const { status: _s, updatedAt: _u, number: _n, ...stable } = r.body;
    expect((await t.json("GET", `/api/whatsapp/${r.body.id}`, { token: admin })).body).toMatchObject({ ...stable, status: "CONNECTED" });
  });

  test("fields nobody may set are ignored: companyId, token, status, number, qrcode, widgetKey, statusImportMessages", async () => {
    const b = await createCompany(t, { name: "B" });
    const r = await create({
      name: "Whitelist",
      companyId: b.companyId,
      token: "x".repeat(30),
      status: "CONNECTED",
      number: "1",
      qrcode: "Q",
      widgetKey: "w",
      statusImportMessages: "done",
    });
    expect(r.status).toBe(201);
    const stored = await row(r.body.id);
    expect(stored.companyId).toBe(1);
    expect(stored.token).not.toBe("x".repeat(30));
    expect(stored.qrcode).toBe("");
    expect(stored.widgetKey).toBeNull();
    expect(stored.statusImportMessages).toBeNull();
  });

  test("the channel must be a registered plugin", async () => {
    const r = await create({ name: "Nope", channel: "smoke-signals" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "ERR_VALIDATION", fields: { channel: "Invalid value" } });
    expect((await create({ name: "Nope", channel: undefined })).body.fields).toMatchObject({ channel: "Required" });
  });

  test("the plugin's config is validated by its schema (errors under config.<key>)", async () => {
    const r = await create({ name: "Bad config", config: { mode: "telepathy", number: 5 } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(["config.mode", "config.number"]);
  });

  test("a web chat connection gets a public widget key", async () => {
    const r = await create({ name: "Site", channel: "webchat" });
    expect(r.status).toBe(201);
    expect(r.body.widgetKey).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  test("plain users may not create; allowConnections users may", async () => {
    expect((await create({ name: "Agent's" }, agent.token)).status).toBe(403);
    expect((await create({ name: "Manager's" }, manager.token)).status).toBe(201);
  });
});

describe("plan limits and gates", () => {
  test("plans.connections caps live connections (0 = unlimited); deleted ones do not count", async () => {
    await setPlan({ connections: 2 });
    const a = await create({ name: "Uma" });
    await create({ name: "Duas" });
    const third = await create({ name: "Três" });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 2 });
    expect((await t.json("DELETE", `/api/whatsapp/${a.body.id}`, { token: admin })).status).toBe(200);
    expect((await create({ name: "Três" })).status).toBe(201);
    await setPlan({ connections: 0 });
    expect((await create({ name: "Quatro" })).status).toBe(201);
  });

  test("a channel needs its plan flag; the session routes refuse it too once the plan drops it", async () => {
    const flags: Record<string, string> = { whatsapp: "useWhatsapp", facebook: "useFacebook", instagram: "useInstagram" };
    for (const channel of GATED) {
      const ok = await create({ name: `Ok ${channel}`, channel });
      expect(ok.status).toBe(201);
      await setPlan({ [flags[channel]!]: 0 });
      const denied = await create({ name: `No ${channel}`, channel });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
      expect((await t.json("POST", `/api/whatsappsession/${ok.body.id}`, { token: admin })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
      expect((await t.json("PUT", `/api/whatsappsession/${ok.body.id}`, { token: admin })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
      await setPlan({ [flags[channel]!]: 1 });
    }
  });

  test("the gate is checked even when the plugin is a real one (denied before its session could start)", async () => {
    await setPlan({ useWhatsapp: 0, useFacebook: 0, useInstagram: 0 });
    // whatsappapi is the product's plugin here.
    for (const channel of ["whatsapp", "facebook", "instagram", "whatsappapi"]) {
      const r = await create({ name: `Gate ${channel}`, channel });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
    // Not gated: the test plugin (and web chat).
    expect((await create({ name: "Free" })).status).toBe(201);
  });
});

describe("secrets", () => {
  test("token and secret config fields: shown to addConnection holders, never to plain users or pickers", async () => {
    const c = (await create({ name: "Secreta", config: { apiKey: "super-secret-key" } })).body;
    for (const token of [admin, manager.token]) {
      const list = (await t.json("GET", "/api/whatsapp", { token })).body;
      expect(list[0].token).toBe(c.token);
      expect(list[0].config.apiKey).toBe("super-secret-key");
    }
    const plainList = await t.json("GET", "/api/whatsapp", { token: agent.token });
    expect(plainList.status).toBe(200);
    expect(Object.keys(plainList.body[0]).sort()).toEqual(PICKER_KEYS);
    const plainOne = await t.json("GET", `/api/whatsapp/${c.id}`, { token: agent.token });
    expect(Object.keys(plainOne.body).sort()).toEqual(PICKER_KEYS);
    for (const token of [admin, agent.token]) {
      const picker = await t.json("GET", "/api/whatsapp/filter", { token });
      expect(picker.body).toEqual([{ id: c.id, name: "Secreta", channel: "testchan", status: expect.any(String), isDefault: true }]);
    }
    for (const text of [
      JSON.stringify(plainList.body),
      JSON.stringify(plainOne.body),
      JSON.stringify((await t.json("GET", "/api/whatsapp/filter", { token: admin })).body),
    ]) {
      expect(text).not.toContain(c.token);
      expect(text).not.toContain("super-secret-key");
    }
  });

  test("the super user sees another company's connections without secrets (list and /all)", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const made = await t.json("POST", "/api/whatsapp", { token: b.admin.token, body: { name: "B conn", channel: "testchan", config: { apiKey: "b-secret" } } });
    expect(made.status).toBe(201);
    const list = await t.json("GET", `/api/whatsapp?companyId=${b.companyId}`, { token: admin });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].name).toBe("B conn");
    expect(list.body[0].token).toBeUndefined();
    expect(list.body[0].config).toEqual({ mode: "connect" });
    // companyId is ignored for anyone but the super user.
    expect((await t.json("GET", "/api/whatsapp?companyId=1", { token: b.admin.token })).body.map((c: any) => c.name)).toEqual(["B conn"]);
    const all = await t.json("GET", "/api/whatsapp/all", { token: admin });
    expect(JSON.stringify(all.body)).not.toContain("b-secret");
    expect(JSON.stringify(all.body)).not.toContain(made.body.token);
  });

  test("PUT: a blank or omitted secret keeps the stored one; a new value replaces it; regenerateToken makes a new token", async () => {
    const c = (await create({ name: "Rotação", config: { apiKey: "first", number: "1" } })).body;
    expect((await update(c.id, { config: { apiKey: "", number: "2" } })).body.config).toEqual({ apiKey: "first", number: "2", mode: "connect" });
    expect((await update(c.id, { config: { number: "3" } })).body.config).toEqual({ apiKey: "first", number: "3", mode: "connect" });
    expect((await update(c.id, { config: { apiKey: null } })).body.config).toEqual({ apiKey: "first", mode: "connect" });
    expect((await update(c.id, { config: { apiKey: "second" } })).body.config.apiKey).toBe("second");
    const same = await update(c.id, { name: "Rotação 2", token: "A".repeat(30) });
    expect(same.body.token).toBe(c.token);
    const regenerated = await update(c.id, { regenerateToken: true });
    expect(regenerated.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(regenerated.body.token).not.toBe(c.token);
    expect((await row(c.id)).token).toBe(regenerated.body.token);
  });

  test("the session status query: session=0 leaves the QR code out", async () => {
    const c = (await create({ name: "QR", channel: "testqr", config: { mode: "qrcode" } })).body;
    await t.ctx.channels.idle();
    expect((await t.json("GET", `/api/whatsapp/${c.id}`, { token: admin })).body).toMatchObject({ status: "qrcode", qrcode: `QR-${c.id}` });
    expect((await t.json("GET", `/api/whatsapp/${c.id}?session=0`, { token: admin })).body.qrcode).toBeUndefined();
    expect((await t.json("GET", "/api/whatsapp?session=0", { token: admin })).body[0].qrcode).toBeUndefined();
    expect((await t.json("GET", "/api/whatsapp?session=x", { token: admin })).status).toBe(400);
  });
});

describe("the default connection", () => {
  test("first is default; a new default takes the flag; removing the flag from the default is refused; deleting it promotes the oldest", async () => {
    const a = (await create({ name: "Aa" })).body;
    const b = (await create({ name: "Bb" })).body;
    expect(b.isDefault).toBe(false);
    const c = (await create({ name: "Cc", isDefault: true })).body;
    expect(c.isDefault).toBe(true);
    const defaults = async () => (await t.json("GET", "/api/whatsapp/filter", { token: admin })).body.filter((x: any) => x.isDefault).map((x: any) => x.id);
    expect(await defaults()).toEqual([c.id]);
    expect((await update(b.id, { isDefault: true })).body.isDefault).toBe(true);
    expect(await defaults()).toEqual([b.id]);
    const refused = await update(b.id, { isDefault: false });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("ERR_NO_OTHER_WHATSAPP");
    expect(await defaults()).toEqual([b.id]);
    // Setting isDefault false on a non-default one is a no-op.
    expect((await update(a.id, { isDefault: false })).status).toBe(200);
    expect((await t.json("DELETE", `/api/whatsapp/${b.id}`, { token: admin })).status).toBe(200);
    expect(await defaults()).toEqual([a.id]);
    await t.json("DELETE", `/api/whatsapp/${a.id}`, { token: admin });
    expect(await defaults()).toEqual([c.id]);
    await t.json("DELETE", `/api/whatsapp/${c.id}`, { token: admin });
    expect(await defaults()).toEqual([]);
    expect((await create({ name: "Dd" })).body.isDefault).toBe(true);
  });
});

describe("PUT /api/whatsapp/:id", () => {
  test("partial: omitted fields keep their values; channel cannot change; queues are replaced", async () => {
    const q1 = await queue();
    const q2 = await queue();
    const c = (await create({ name: "Parcial", greetingMessage: "Oi", queueIds: [q1] })).body;
    const r = await update(c.id, { name: "Parcial 2", channel: "testqr", queueIds: [q2] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Parcial 2", channel: "testchan", greetingMessage: "Oi", queueIds: [q2], sessionReset: false });
    expect((await update(c.id, { queueIds: [] })).body.queueIds).toEqual([]);
  });

  test("a plugin config change restarts a running session with the new config", async () => {
    const c = (await create({ name: "Cfg", config: { number: "1" } })).body;
    const first = chan.session(c.id)!;
    await update(c.id, { config: { number: "2" } });
    const second = chan.session(c.id)!;
    expect(second).not.toBe(first);
    expect(first.stops).toBe(1);
    expect(first.loggedOut).toBe(false);
    expect(second.config.number).toBe("2");
    // The same config again: nothing restarts.
    await update(c.id, { config: { number: "2" } });
    expect(chan.session(c.id)).toBe(second);
  });

  test("enabling the import on a CONNECTED QR-code connection ends its session and pairs again (sessionReset)", async () => {
    const q = await queue();
    const c = (await create({ name: "Import", channel: "testqr" })).body;
    await t.ctx.channels.idle();
    expect((await row(c.id)).status).toBe("CONNECTED");
    const first = qr.session(c.id)!;
    const now = Date.now();
    const r = await update(c.id, {
      enableImportMessage: true,
      importOldMessages: new Date(now - 30 * 86_400_000).toISOString(),
      importRecentMessages: new Date(now - 60_000).toISOString(),
      queueIdImportMessages: q,
    });
    expect(r.status).toBe(200);
    expect(r.body.sessionReset).toBe(true);
    expect(first.loggedOut).toBe(true);
    expect(qr.session(c.id)).not.toBe(first);
    // An edit that leaves the import alone does not reset again.
    expect((await update(c.id, { name: "Import 2" })).body.sessionReset).toBe(false);
  });

  test("unknown id 404; plain users 403", async () => {
    expect((await update(999, { name: "Nada" })).body.error).toBe("ERR_NO_WAPP_FOUND");
    const c = (await create({ name: "Mine" })).body;
    expect((await update(c.id, { name: "Agent's" }, agent.token)).status).toBe(403);
    expect((await update(c.id, { name: "Manager's" }, manager.token)).status).toBe(200);
  });
});

describe("DELETE /api/whatsapp/:id", () => {
  test("stops the session and keeps tickets and messages (read-only, still listed with the deleted connection)", async () => {
    const c = (await create({ name: "Histórico" })).body;
    const session = chan.session(c.id)!;
    const inbound = await session.receive({ from: "5511988887777", name: "Cliente", body: "mensagem antiga" });
    expect(inbound.status).toBe("stored");
    if (inbound.status !== "stored") throw new Error(`not stored: ${inbound.status}`);
    const r = await t.json("DELETE", `/api/whatsapp/${c.id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(session.loggedOut).toBe(true);
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", inbound.ticketId).executeTakeFirstOrThrow();
    expect(ticket.whatsappId).toBe(c.id);
    const message = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", inbound.messageId).executeTakeFirstOrThrow();
    expect(message.body).toBe("mensagem antiga");
    expect(Math.abs(Date.parse((await row(c.id)).deletedAt!) - t.clock.now().getTime())).toBeLessThan(60_000);
    expect((await t.json("GET", `/api/whatsapp/${c.id}`, { token: admin })).status).toBe(404);
    expect((await t.json("GET", "/api/whatsapp", { token: admin })).body).toEqual([]);
    const tickets = await t.json("GET", "/api/tickets?status=pending&showAll=true", { token: admin });
    const listed = tickets.body.tickets.find((x: any) => x.id === inbound.ticketId);
    expect(listed.whatsapp).toMatchObject({ id: c.id, name: "Histórico", deleted: true });
    expect((await t.json("DELETE", `/api/whatsapp/${c.id}`, { token: admin })).status).toBe(404);
  });

  test("plain users 403", async () => {
    const c = (await create({ name: "Keep" })).body;
    expect((await t.json("DELETE", `/api/whatsapp/${c.id}`, { token: agent.token })).status).toBe(403);
    expect((await row(c.id)).deletedAt).toBeNull();
  });
});

describe("session routes", () => {
  test("retry starts, new QR logs out then starts, disconnect logs out and leaves DISCONNECTED", async () => {
    const c = (await create({ name: "Sessão", channel: "testqr", config: { mode: "qrcode" } })).body;
    await t.ctx.channels.idle();
    const first = qr.session(c.id)!;
    expect((await row(c.id)).status).toBe("qrcode");

    const retry = await t.json("POST", `/api/whatsappsession/${c.id}`, { token: admin });
    expect(retry.status).toBe(200);
    const second = qr.session(c.id)!;
    expect(second).not.toBe(first);
    expect(first.stops).toBe(1);
    expect(first.loggedOut).toBe(false);
    expect(second.starts).toBe(1);

    const renewed = await t.json("PUT", `/api/whatsappsession/${c.id}`, { token: admin });
    expect(renewed.status).toBe(200);
    const third = qr.session(c.id)!;
    expect(second.loggedOut).toBe(true);
    expect(third.starts).toBe(1);
    await t.ctx.channels.idle();
    expect(await row(c.id)).toMatchObject({ status: "qrcode", qrcode: `QR-${c.id}` });

    const off = await t.json("DELETE", `/api/whatsappsession/${c.id}`, { token: admin });
    expect(off.status).toBe(200);
    expect(third.loggedOut).toBe(true);
    await t.ctx.channels.idle();
    expect(await row(c.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(t.ctx.channels.sessions.status(c.id)).toBeUndefined();
  });

  test("whatsapp-restart restarts every session of the company", async () => {
    const a = (await create({ name: "R1" })).body;
    const b = (await create({ name: "R2" })).body;
    const before = [chan.session(a.id)!, chan.session(b.id)!];
    const r = await t.json("POST", "/api/whatsapp-restart", { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.restarted).toBe(2);
    expect(before.map((s) => s.stops)).toEqual([1, 1]);
    expect(chan.session(a.id)).not.toBe(before[0]);
    expect(chan.session(b.id)).not.toBe(before[1]);
  });

  test("plain users get 403 on every session route", async () => {
    const c = (await create({ name: "Guarded" })).body;
    const s = chan.session(c.id)!;
    for (const [method, path] of [
      ["POST", `/api/whatsappsession/${c.id}`],
      ["PUT", `/api/whatsappsession/${c.id}`],
      ["DELETE", `/api/whatsappsession/${c.id}`],
      ["POST", "/api/whatsapp-restart"],
    ] as const) {
      expect((await t.json(method, path, { token: agent.token })).status).toBe(403);
    }
    expect(chan.session(c.id)).toBe(s);
    expect(s.loggedOut).toBe(false);
  });

  test("unknown ids answer 404", async () => {
    for (const method of ["POST", "PUT", "DELETE"])
      expect((await t.json(method, "/api/whatsappsession/4242", { token: admin })).body.error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("greeting media", () => {
  const upload = (id: number, bytes: Uint8Array, name: string, token = admin) => {
    const form = new FormData();
    form.append("file", new File([bytes as BlobPart], name));
    return t.json("POST", `/api/whatsapp/${id}/media-upload`, { token, body: form });
  };

  test("an image is stored as the greeting attachment with a signed link; a new one replaces it; DELETE clears it", async () => {
    const c = (await create({ name: "Mídia" })).body;
    const r = await upload(c.id, PNG_1PX, "boas-vindas.png");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ greetingMediaAttachment: "boas-vindas.png", greetingMediaType: "image/png", sessionReset: false });
    expect(r.body.greetingMediaUrl).toMatch(/^\/api\/media\/[0-9a-f]{32}\?exp=\d+&sig=/);
    const firstKey = (await row(c.id)).greetingMediaAttachment!;
    const again = await upload(c.id, PNG_1PX, "outra.png");
    expect(again.body.greetingMediaAttachment).toBe("outra.png");
    expect(await t.ctx.db.selectFrom("media").select("key").where("key", "=", firstKey).executeTakeFirst()).toBeUndefined();
    const media = await t.request("GET", again.body.greetingMediaUrl);
    expect(media.status).toBe(200);
    const cleared = await t.json("DELETE", `/api/whatsapp/${c.id}/media-upload`, { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ greetingMediaAttachment: null, greetingMediaUrl: null });
    expect((await row(c.id)).greetingMediaAttachment).toBeNull();
  });

  test("only images and videos; a file is required; plain users 403; unknown id 404", async () => {
    const c = (await create({ name: "Tipos" })).body;
    const text = await upload(c.id, new TextEncoder().encode("just some text"), "note.txt");
    expect(text.status).toBe(415);
    expect(text.body.error).toBe("ERR_MEDIA_TYPE_NOT_ALLOWED");
    const none = await t.json("POST", `/api/whatsapp/${c.id}/media-upload`, { token: admin, body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.fields).toMatchObject({ file: "Required" });
    expect((await upload(c.id, PNG_1PX, "x.png", agent.token)).status).toBe(403);
    expect((await upload(4242, PNG_1PX, "x.png")).status).toBe(404);
    expect((await row(c.id)).greetingMediaAttachment).toBeNull();
  });

  test("changing the image of a CONNECTED QR-code connection ends its session (sessionReset)", async () => {
    const c = (await create({ name: "QR mídia", channel: "testqr" })).body;
    await t.ctx.channels.idle();
    const first = qr.session(c.id)!;
    const r = await upload(c.id, PNG_1PX, "hello.png");
    expect(r.body.sessionReset).toBe(true);
    expect(first.loggedOut).toBe(true);
    expect(qr.session(c.id)).not.toBe(first);
  });
});

describe("POST /api/closedimported/:id", () => {
  test("closes the connection's open imported tickets only", async () => {
    const c = (await create({ name: "Importada" })).body;
    const s = chan.session(c.id)!;
    const imported = await s.receive({ from: "5511900000011", body: "velha" });
    const live = await s.receive({ from: "5511900000012", body: "nova" });
    if (imported.status !== "stored" || live.status !== "stored") throw new Error("not stored");
    await t.ctx.db.updateTable("tickets").set({ imported: new Date().toISOString() }).where("id", "=", imported.ticketId).execute();
    await t.ctx.db.updateTable("connections").set({ statusImportMessages: "renderButtonCloseTickets" }).where("id", "=", c.id).execute();
    const events: number[] = [];
    t.ctx.bus.on("ticket.updated", (e) => void events.push(e.ticketId));
    const r = await t.json("POST", `/api/closedimported/${c.id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ closed: 1 });
    const status = async (id: number) => (await t.ctx.db.selectFrom("tickets").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect(await status(imported.ticketId)).toBe("closed");
    expect(await status(live.ticketId)).toBe("pending");
    expect(events).toEqual([imported.ticketId]);
    expect((await row(c.id)).statusImportMessages).toBeNull();
    const logs = await t.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", imported.ticketId).execute();
    expect(logs.map((l) => l.type)).toContain("closed");
    expect((await t.json("POST", `/api/closedimported/${c.id}`, { token: agent.token })).status).toBe(403);
    expect((await t.json("POST", "/api/closedimported/4242", { token: admin })).status).toBe(404);
  });
});

describe("GET /api/whatsapp/all (super user)", () => {
  test("every company's connections with the company name; summary counts per company; others 403", async () => {
    const b = await createCompany(t, { name: "Zeta" });
    await createCompany(t, { name: "Empty Co" });
    const a1 = (await create({ name: "A1" })).body;
    await create({ name: "A2", channel: "testqr", config: { mode: "qrcode" } });
    await t.json("POST", "/api/whatsapp", { token: b.admin.token, body: { name: "Z1", channel: "testchan" } });
    await t.ctx.channels.idle();
    const all = await t.json("GET", "/api/whatsapp/all", { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((c: any) => [c.companyName, c.name])).toEqual([
      ["Multi100", "A1"],
      ["Multi100", "A2"],
      ["Zeta", "Z1"],
    ]);
    expect(all.body.every((c: any) => c.token === undefined)).toBe(true);
    expect((await t.json("GET", `/api/whatsapp/all?companyId=${b.companyId}`, { token: admin })).body.map((c: any) => c.name)).toEqual(["Z1"]);
    const summary = await t.json("GET", "/api/whatsapp/all?summary=1", { token: admin });
    expect(summary.body.companies).toEqual([
      { companyId: expect.any(Number), companyName: "Empty Co", active: 0, deactivated: 0, total: 0 },
      { companyId: 1, companyName: "Multi100", active: 1, deactivated: 1, total: 2 },
      { companyId: b.companyId, companyName: "Zeta", active: 1, deactivated: 0, total: 1 },
    ]);
    expect(summary.body.totals).toEqual({ active: 2, deactivated: 1, total: 3 });
    await t.json("DELETE", `/api/whatsapp/${a1.id}`, { token: admin });
    expect((await t.json("GET", "/api/whatsapp/all?summary=1", { token: admin })).body.totals).toEqual({ active: 1, deactivated: 1, total: 2 });
    for (const token of [b.admin.token, agent.token, manager.token]) expect((await t.json("GET", "/api/whatsapp/all", { token })).status).toBe(403);
  });
});

describe("real time", () => {
  const whatsappFrames = () => frames.filter((f) => f.event === "company-1-whatsapp");
  const asActor = (profile: "admin" | "user", allowConnections: "enabled" | "disabled" = "disabled") =>
    ({ companyId: 1, profile, super: false, flags: { allowConnections }, plan: {} }) as never;

  test("create/update emit company-{id}-whatsapp shaped per recipient; delete emits the id", async () => {
    const c = (await create({ name: "Ao vivo", config: { apiKey: "live-secret" } })).body;
    await Bun.sleep(10);
    const saved = whatsappFrames().filter((f) => f.data.whatsapp?.name === "Ao vivo" && f.data.whatsapp?.token);
    expect(saved.length).toBeGreaterThan(0);
    const frame = saved.at(-1)!;
    expect(frame.opts.shape(asActor("admin"), frame.data)).toMatchObject({
      action: "update",
      whatsapp: { id: c.id, token: c.token, config: { apiKey: "live-secret" } },
    });
    expect(frame.opts.shape(asActor("user", "enabled"), frame.data).whatsapp.token).toBe(c.token);
    const plain = frame.opts.shape(asActor("user"), frame.data);
    expect(plain).toEqual({ action: "update", whatsapp: { id: c.id, name: "Ao vivo", channel: "testchan", status: expect.any(String), isDefault: true } });

    frames.length = 0;
    await update(c.id, { name: "Renomeada" });
    await Bun.sleep(10);
    expect(whatsappFrames().some((f) => f.opts?.shape?.(asActor("user"), f.data)?.whatsapp?.name === "Renomeada")).toBe(true);

    frames.length = 0;
    await t.json("DELETE", `/api/whatsapp/${c.id}`, { token: admin });
    await Bun.sleep(10);
    expect(whatsappFrames().map((f) => f.data)).toContainEqual({ action: "delete", whatsappId: c.id });
  });

  test("session changes reach the web app as company-{id}-whatsappSession with the QR code", async () => {
    const c = (await create({ name: "QR vivo", channel: "testqr", config: { mode: "qrcode" } })).body;
    await t.ctx.channels.idle();
    const sessionFrames = frames.filter((f) => f.event === "company-1-whatsappSession" && f.data.session.id === c.id);
    expect(sessionFrames.at(-1)!.data.session).toMatchObject({ status: "qrcode", qrcode: `QR-${c.id}` });
  });
});

describe("tenant isolation", () => {
  test("company B's admin gets 404 on every route with company A's connection id; A's connection is unchanged", async () => {
    const b = await createCompany(t, { name: "Intrusa" });
    const c = (await create({ name: "Alvo", config: { apiKey: "a-secret" } })).body;
    await t.ctx.channels.idle();
    const session = chan.session(c.id)!;
    const before = await row(c.id);
    const form = new FormData();
    form.append("file", new File([PNG_1PX as BlobPart], "x.png"));
    const attempts: Array<[string, string, unknown]> = [
      ["GET", `/api/whatsapp/${c.id}`, undefined],
      ["PUT", `/api/whatsapp/${c.id}`, { name: "Hacked", isDefault: true, regenerateToken: true }],
      ["DELETE", `/api/whatsapp/${c.id}`, undefined],
      ["POST", `/api/whatsapp/${c.id}/media-upload`, form],
      ["DELETE", `/api/whatsapp/${c.id}/media-upload`, undefined],
      ["POST", `/api/whatsappsession/${c.id}`, undefined],
      ["PUT", `/api/whatsappsession/${c.id}`, undefined],
      ["DELETE", `/api/whatsappsession/${c.id}`, undefined],
      ["POST", `/api/closedimported/${c.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const r = await t.json(method, path, { token: b.admin.token, body });
      expect([method, path, r.status, r.body.error]).toEqual([method, path, 404, "ERR_NO_WAPP_FOUND"]);
    }
    // Lists never show A's connection to B.
    expect((await t.json("GET", "/api/whatsapp", { token: b.admin.token })).body).toEqual([]);
    expect((await t.json("GET", "/api/whatsapp/filter", { token: b.admin.token })).body).toEqual([]);
    // B's restart touches only B's sessions.
    await t.json("POST", "/api/whatsapp-restart", { token: b.admin.token });
    await t.ctx.channels.idle();
    expect(chan.session(c.id)).toBe(session);
    expect(session.loggedOut).toBe(false);
    expect(await row(c.id)).toEqual(before);
  });

  test("ids inside bodies are resolved within the company", async () => {
    const b = await createCompany(t, { name: "Outra" });
    const foreign = await queue(b.companyId);
    const r = await create({
      name: "Ids",
      queueIds: [foreign],
      sendIdQueue: foreign,
      timeSendQueue: 5,
      enableImportMessage: false,
      queueIdImportMessages: foreign,
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({ queueIds: "Not found", sendIdQueue: "Not found", queueIdImportMessages: "Not found" });
    const c = (await create({ name: "Ids ok" })).body;
    expect((await update(c.id, { queueIds: [foreign] })).body.fields).toEqual({ queueIds: "Not found" });
    for (const field of ["integrationId", "promptId", "flowIdWelcome", "flowIdNotPhrase"]) {
      expect((await update(c.id, { [field]: 1 })).body.fields).toEqual({ [field]: "Not found" });
      expect((await update(c.id, { [field]: null })).status).toBe(200);
    }
  });
});
