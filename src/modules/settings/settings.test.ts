import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { COMPANY_SETTING_KEYS, COMPANY_SETTINGS, PLATFORM_SETTINGS } from "./catalogue";
import { companySettingsList, getCompanySetting } from "./queries";

let t: TestApp;
let superToken: string;
/** Company 2: its admin and a plain user. */
let b: { companyId: number; admin: TestUser; user: TestUser };
let events: Array<{ companyId: number | null; key: string }>;

beforeEach(async () => {
  t = await createTestApp();
  superToken = await login(t, ADMIN.email, ADMIN.password);
  const company = await createCompany(t, { name: "Beta" });
  b = { ...company, user: await createUser(t, { companyId: company.companyId, profile: "user" }) };
  events = [];
  t.ctx.bus.on("settings.updated", (e) => void events.push(e));
});
afterEach(() => t.close());

const asMap = (list: Array<{ key: string; value: string }>) => Object.fromEntries(list.map((e) => [e.key, e.value]));
const defaults = Object.fromEntries(COMPANY_SETTING_KEYS.map((k) => [k, COMPANY_SETTINGS[k].default]));

describe("catalogue", () => {
  test("company and platform keys are disjoint, and every default passes its own schema", () => {
    for (const key of COMPANY_SETTING_KEYS) {
      expect(Object.hasOwn(PLATFORM_SETTINGS, key)).toBe(false);
      expect(COMPANY_SETTINGS[key].schema.safeParse(COMPANY_SETTINGS[key].default).success).toBe(true);
    }
  });

  test("reads merge stored values over defaults; a value the schema no longer accepts reads as the default", async () => {
    await t.ctx.db
      .insertInto("company_settings")
      .values([
        { companyId: b.companyId, key: "userRating", value: "enabled" },
        { companyId: b.companyId, key: "scheduleType", value: "weekly" },
      ])
      .execute();
    const list = await companySettingsList(t.ctx.db, b.companyId);
    expect(list.map((e) => e.key)).toEqual(COMPANY_SETTING_KEYS);
    expect(asMap(list)).toEqual({ ...defaults, userRating: "enabled" });
    expect(await getCompanySetting(t.ctx.db, b.companyId, "scheduleType")).toBe("disabled");
    expect(await getCompanySetting(t.ctx.db, b.companyId, "userRating")).toBe("enabled");
    expect(await getCompanySetting(t.ctx.db, 1, "userRating")).toBe("disabled");
  });
});

describe("GET /api/settings", () => {
  test("a company user gets the company keys with defaults, no platform keys", async () => {
    await t.ctx.db.insertInto("company_settings").values({ companyId: b.companyId, key: "timezone", value: "Europe/Lisbon" }).execute();
    const r = await t.json("GET", "/api/settings", { token: b.user.token });
    expect(r.status).toBe(200);
    expect(asMap(r.body)).toEqual({ ...defaults, timezone: "Europe/Lisbon" });
  });

  test("the super user also gets the platform keys", async () => {
    const r = await t.json("GET", "/api/settings", { token: superToken });
    const map = asMap(r.body);
    expect(map.userCreation).toBe("disabled");
    expect(map.appName).toBe("Multi100");
    expect(map.userRating).toBe("disabled");
    expect(r.body).toHaveLength(COMPANY_SETTING_KEYS.length + Object.keys(PLATFORM_SETTINGS).length);
  });

  test("needs a session", async () => {
    expect((await t.json("GET", "/api/settings")).status).toBe(401);
  });
});

describe("PUT /api/settings/:key", () => {
  test("an admin sets a company key of their own company only", async () => {
    const r = await t.json("PUT", "/api/settings/userRating", { token: b.admin.token, body: { key: "userRating", value: "enabled" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: "userRating", value: "enabled" });
    expect(await getCompanySetting(t.ctx.db, b.companyId, "userRating")).toBe("enabled");
    expect(await getCompanySetting(t.ctx.db, 1, "userRating")).toBe("disabled");
    expect(events).toEqual([{ companyId: b.companyId, key: "userRating" }]);
    // A second write replaces the row.
    await t.json("PUT", "/api/settings/userRating", { token: b.admin.token, body: { value: "disabled" } });
    expect(await getCompanySetting(t.ctx.db, b.companyId, "userRating")).toBe("disabled");
  });

  test("a plain user may not set a company key", async () => {
    const r = await t.json("PUT", "/api/settings/userRating", { token: b.user.token, body: { value: "enabled" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("ERR_NO_PERMISSION");
    expect(events).toEqual([]);
  });

  test("platform keys are for the super user only", async () => {
    const denied = await t.json("PUT", "/api/settings/userCreation", { token: b.admin.token, body: { value: "enabled" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    const ok = await t.json("PUT", "/api/settings/userCreation", { token: superToken, body: { value: "enabled" } });
    expect(ok.status).toBe(200);
    expect((await t.json("GET", "/api/public-settings/allowSignup")).body.value).toBe("enabled");
    expect(events).toEqual([{ companyId: null, key: "userCreation" }]);
  });

  test("an unknown key answers ERR_NO_SETTING_FOUND", async () => {
    for (const key of ["nope", "__proto__", "constructor"]) {
      const r = await t.json("PUT", `/api/settings/${key}`, { token: superToken, body: { value: "x" } });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("ERR_NO_SETTING_FOUND");
    }
  });

  const badValues: Array<[key: string, value: unknown, message: string]> = [
    ["userRating", "maybe", "Invalid value"],
    ["userRating", 1, "Invalid value"],
    ["scheduleType", "weekly", "Invalid value"],
    ["chatBotType", "button", "Invalid value"],
    ["timezone", "Mars/Olympus", "Invalid time zone"],
    ["autoCloseTicketsMinutes", "-1", "Invalid number"],
    ["autoCloseTicketsMinutes", 600000, "Too Large"],
    ["lgpdLink", "javascript:alert(1)", "Invalid URL"],
    ["transferMessage", "x".repeat(4001), "Too Long!"],
  ];
  for (const [key, value, message] of badValues) {
    test(`${key} = ${JSON.stringify(value).slice(0, 24)} is refused with "${message}"`, async () => {
      const r = await t.json("PUT", `/api/settings/${key}`, { token: b.admin.token, body: { value } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "ERR_VALIDATION", fields: { value: message } });
      expect(events).toEqual([]);
    });
  }

  test("a missing or malformed value is a validation error", async () => {
    for (const body of [{}, { value: null }, { value: true }, "garbage"]) {
      const r = await t.json("PUT", "/api/settings/userRating", { token: b.admin.token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("ERR_VALIDATION");
    }
    expect((await t.json("PUT", "/api/settings/userRating", { token: b.admin.token, body: {} })).body.fields).toEqual({ value: "Required" });
  });

  test("values are normalised: canonical time zone, numbers as text", async () => {
    expect((await t.json("PUT", "/api/settings/timezone", { token: b.admin.token, body: { value: "utc" } })).body.value).toBe("UTC");
    expect((await t.json("PUT", "/api/settings/autoCloseTicketsMinutes", { token: b.admin.token, body: { value: 48 } })).body.value).toBe("48");
    expect(await getCompanySetting(t.ctx.db, b.companyId, "autoCloseTicketsMinutes")).toBe("48");
    expect((await t.json("PUT", "/api/settings/lgpdLink", { token: b.admin.token, body: { value: "https://example.com/lgpd" } })).status).toBe(200);
  });
});

describe("a switch whose feature sends a custom text", () => {
  const rules = [
    { on: ["sendMsgTransfTicket", "enabled"], text: "transferMessage" },
    { on: ["sendGreetingAccepted", "enabled"], text: "greetingAcceptedMessage" },
    { on: ["acceptCallWhatsapp", "disabled"], text: "AcceptCallWhatsappMessage" },
    { on: ["sendQueuePosition", "enabled"], text: "sendQueuePositionMessage" },
  ] as const;
  for (const { on, text } of rules) {
    test(`${on[0]} = ${on[1]} needs ${text}: refused over an empty text, and the text cannot be emptied while on`, async () => {
      const put = (key: string, value: string) => t.json("PUT", `/api/settings/${key}`, { token: b.admin.token, body: { value } });
      const refused = await put(on[0], on[1]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: "ERR_VALIDATION", fields: { value: `${text} is required while ${on[0]} is ${on[1]}` } });
      expect(await getCompanySetting(t.ctx.db, b.companyId, on[0])).toBe(COMPANY_SETTINGS[on[0]].default);
      expect((await put(text, "   ")).status).toBe(200);
      expect((await put(on[0], on[1])).status).toBe(400);
      expect((await put(text, "Hello {{name}}")).status).toBe(200);
      expect((await put(on[0], on[1])).status).toBe(200);
      const emptied = await t.json("PUT", "/api/companySettings", { token: b.admin.token, body: { column: text, data: "" } });
      expect(emptied.body).toMatchObject({ error: "ERR_VALIDATION", fields: { data: `${text} is required while ${on[0]} is ${on[1]}` } });
      expect(await getCompanySetting(t.ctx.db, b.companyId, text)).toBe("Hello {{name}}");
      const audited = await t.ctx.db.selectFrom("audit_log").select("entityId").where("companyId", "=", b.companyId).execute();
      expect(audited.map((a) => a.entityId).sort()).toEqual([text, text, on[0]].sort());
    });
  }
});

describe("GET /api/setting/:key", () => {
  test("company keys are readable by any company user and come from their own company", async () => {
    await t.ctx.db.insertInto("company_settings").values({ companyId: 1, key: "requiredTag", value: "enabled" }).execute();
    expect((await t.json("GET", "/api/setting/requiredTag", { token: b.user.token })).body).toEqual({ key: "requiredTag", value: "disabled" });
    expect((await t.json("GET", "/api/setting/requiredTag", { token: superToken })).body).toEqual({ key: "requiredTag", value: "enabled" });
  });

  test("platform keys: public ones for everyone, the rest for the super user", async () => {
    expect((await t.json("GET", "/api/setting/appName", { token: b.user.token })).body).toEqual({ key: "appName", value: "Multi100" });
    const denied = await t.json("GET", "/api/setting/downloadLimit", { token: b.admin.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.json("GET", "/api/setting/downloadLimit", { token: superToken })).body).toEqual({ key: "downloadLimit", value: "64" });
  });

  test("an unknown key answers 404", async () => {
    const r = await t.json("GET", "/api/setting/nope", { token: superToken });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("ERR_NO_SETTING_FOUND");
  });
});

describe("/api/companySettings", () => {
  test("GET lists the own company's keys with defaults", async () => {
    await t.ctx.db.insertInto("company_settings").values({ companyId: b.companyId, key: "enableLGPD", value: "enabled" }).execute();
    const r = await t.json("GET", `/api/companySettings/${b.companyId}`, { token: b.user.token });
    expect(r.status).toBe(200);
    expect(asMap(r.body)).toEqual({ ...defaults, enableLGPD: "enabled" });
  });

  test("another company's list is not found, except for the super user", async () => {
    const r = await t.json("GET", "/api/companySettings/1", { token: b.admin.token });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("ERR_NOT_FOUND");
    expect(asMap((await t.json("GET", `/api/companySettings/${b.companyId}`, { token: superToken })).body)).toEqual(defaults);
    expect((await t.json("GET", "/api/companySettings/999", { token: superToken })).status).toBe(404);
    expect((await t.json("GET", "/api/companySettings/abc", { token: superToken })).body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { companyId: "Invalid id" },
    });
  });

  test("GET /companySettingOne answers one key of the actor's company", async () => {
    await t.ctx.db.insertInto("company_settings").values({ companyId: b.companyId, key: "scheduleType", value: "queue" }).execute();
    expect((await t.json("GET", "/api/companySettingOne?column=scheduleType", { token: b.user.token })).body).toEqual({ key: "scheduleType", value: "queue" });
    expect((await t.json("GET", "/api/companySettingOne?column=scheduleType", { token: superToken })).body).toEqual({ key: "scheduleType", value: "disabled" });
    const unknown = await t.json("GET", "/api/companySettingOne?column=userCreation", { token: superToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("ERR_NO_SETTING_FOUND");
    expect((await t.json("GET", "/api/companySettingOne", { token: b.user.token })).body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { column: "Required" },
    });
  });

  test("PUT {column, data} writes a company key for admins, validated against the catalogue", async () => {
    const r = await t.json("PUT", "/api/companySettings", { token: b.admin.token, body: { column: "sendSignMessage", data: "disabled" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: "sendSignMessage", value: "disabled" });
    expect(await getCompanySetting(t.ctx.db, b.companyId, "sendSignMessage")).toBe("disabled");
    expect(events).toEqual([{ companyId: b.companyId, key: "sendSignMessage" }]);

    const invalid = await t.json("PUT", "/api/companySettings", { token: b.admin.token, body: { column: "sendSignMessage", data: "off" } });
    expect(invalid.body).toMatchObject({ error: "ERR_VALIDATION", fields: { data: "Invalid value" } });
    const missing = await t.json("PUT", "/api/companySettings", { token: b.admin.token, body: {} });
    expect(missing.body).toMatchObject({ error: "ERR_VALIDATION", fields: { column: "Required", data: "Required" } });
    const platform = await t.json("PUT", "/api/companySettings", { token: superToken, body: { column: "userCreation", data: "enabled" } });
    expect(platform.status).toBe(404);
    expect(platform.body.error).toBe("ERR_NO_SETTING_FOUND");
    const plain = await t.json("PUT", "/api/companySettings", { token: b.user.token, body: { column: "sendSignMessage", data: "enabled" } });
    expect(plain.status).toBe(403);
    expect(await getCompanySetting(t.ctx.db, b.companyId, "sendSignMessage")).toBe("disabled");
  });

  test("the session user carries the full company list with defaults", async () => {
    await t.json("PUT", "/api/companySettings", { token: b.admin.token, body: { column: "showNotificationPending", data: "enabled" } });
    const me = await t.json("GET", "/api/auth/me", { token: b.admin.token });
    expect(asMap(me.body.company.companieSettings)).toEqual({ ...defaults, showNotificationPending: "enabled" });
  });
});
