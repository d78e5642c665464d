/**
 * The connections screens' plain logic against the real server pieces: the plugins' config schemas as form fields,
 * the form's wire shape (a round trip through POST/GET/PUT /api/whatsapp changes nothing), server field keys to tabs
 * and messages, the session buttons by status, socket frames into the query caches.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { channelPlugins } from "../../../../plugins";
import { ChannelRegistry } from "../../../../src/channels/registry";
import { loadConfig } from "../../../../src/config";
import { login } from "../../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { keys } from "../../api/keys";
import { applyConnectionPatch, removeConnection } from "./cache";
import { configBody, configDefaults, configFields } from "./config-schema";
import { formatUpdatedAt } from "./format";
import { bodyFromForm, CONNECTION_FIELDS, FORM_DEFAULTS, formFromConnection, firstTabWithError, messageKey, tabOf } from "./form";
import { connectionKeys } from "./queries";
import { formRuleErrors, recheckRules } from "./rules";
import { needsAttention, sessionActions } from "./status";
import type { Connection } from "./types";
import { webhookUrl } from "./webhook";

const manifests = new Map(new ChannelRegistry(channelPlugins(loadConfig({}))).manifests().map((m) => [m.id, m]));
const manifest = (id: string) => manifests.get(id)!;
const fieldsOf = (id: string) => configFields(manifest(id).configSchema, manifest(id).secretFields, CONNECTION_FIELDS);

describe("plugin settings from the manifest's JSON Schema", () => {
  test("Cloud API: ids are required text, secrets are secret, a field with a default is optional", () => {
    const byKey = new Map(fieldsOf("whatsappapi").map((f) => [f.key, f]));
    expect(byKey.get("phoneNumberId")).toMatchObject({ kind: "text", required: true, secret: false });
    expect(byKey.get("accessToken")).toMatchObject({ kind: "text", required: true, secret: true });
    expect(byKey.get("appSecret")?.secret).toBe(true);
    expect(byKey.get("verifyToken")).toMatchObject({ required: false, secret: false });
  });

  test("WhatsApp: the connection's own import fields are not repeated; enums and unrepresentable fields render", () => {
    const fields = fieldsOf("whatsapp");
    const keysOf = fields.map((f) => f.key);
    for (const k of ["enableImportMessage", "importOldMessages", "importRecentMessages", "importOldMessagesGroups"]) expect(keysOf).not.toContain(k);
    expect(fields.find((f) => f.key === "acceptCallWhatsapp")).toMatchObject({ kind: "enum", options: ["enabled", "disabled"] });
    expect(fields.find((f) => f.key === "pairingNumber")).toMatchObject({ kind: "text" });
    // The text for a refused call is the company's (AcceptCallWhatsappMessage), sent by the core: no field of its own here.
    expect(keysOf).not.toContain("acceptCallWhatsappMessage");
    expect(fieldsOf("webchat").find((f) => f.key === "greeting")).toMatchObject({ kind: "text", multiline: true });
  });

  test("Web chat: a hex colour is a colour field; Messenger: a boolean is a switch", () => {
    expect(fieldsOf("webchat").find((f) => f.key === "color")?.kind).toBe("color");
    expect(fieldsOf("facebook").find((f) => f.key === "humanAgentTag")?.kind).toBe("boolean");
  });

  test("secrets start empty when editing and a blank one is not sent; booleans and numbers keep their type", () => {
    const m = manifest("whatsappapi");
    const stored = { phoneNumberId: "123456", accessToken: "secret-value-123456789" };
    expect(configDefaults(m.configSchema, m.secretFields, stored)).toMatchObject({ phoneNumberId: "123456" });
    expect(configDefaults(m.configSchema, m.secretFields, stored).accessToken).toBeUndefined();
    const body = configBody(fieldsOf("whatsappapi"), { phoneNumberId: "123456", accessToken: "  ", verifyToken: "v".repeat(10) });
    expect(body).toEqual({ phoneNumberId: "123456", verifyToken: "v".repeat(10) });
    expect(configBody(fieldsOf("facebook"), { humanAgentTag: false, pageId: "" })).toEqual({ humanAgentTag: false });
  });
});

describe("the form against the connections API", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  test("a round trip through POST, GET and PUT leaves every field as the form sent it", async () => {
    const m = manifest("webchat");
    const fields = fieldsOf("webchat");
    // The company's first connection: the default either way.
    const form = { ...FORM_DEFAULTS, name: "Round trip", isDefault: true, config: configDefaults(m.configSchema, m.secretFields, undefined) };
    const sent = bodyFromForm(form, { config: configBody(fields, form.config), pickers: [] });
    const created = await t.json("POST", "/api/whatsapp", { token, body: { ...sent, channel: "webchat" } });
    expect(created.status).toBe(201);
    const loaded = (await t.json<Connection>("GET", `/api/whatsapp/${created.body.id}`, { token })).body;
    const again = formFromConnection({ ...loaded, config: configDefaults(m.configSchema, m.secretFields, loaded.config) } as Connection);
    const resent = bodyFromForm(again, { config: configBody(fields, again.config), pickers: [] });
    expect(resent).toEqual(sent);
    expect((await t.json("PUT", `/api/whatsapp/${created.body.id}`, { token, body: resent })).status).toBe(200);
  });

  test("every field the server refuses maps to the tab that holds it, with a translated message", async () => {
    await t.json("PUT", "/api/settings/userRating", { token, body: { value: "enabled" } });
    const body = bodyFromForm({ ...FORM_DEFAULTS, name: "Rules", timeSendQueue: "5", collectiveVacationMessage: "Away" }, { config: {}, pickers: [] });
    const res = await t.json("POST", "/api/whatsapp", { token, body: { ...body, channel: "webchat" } });
    expect(res.status).toBe(400);
    const fields = res.body.fields as Record<string, string>;
    expect(Object.fromEntries(Object.keys(fields).map((k) => [k, tabOf(k)]))).toEqual({
      ratingMessage: "assessments",
      expiresTicketNPS: "assessments",
      sendIdQueue: "chatbot",
      collectiveVacationStart: "messages",
      collectiveVacationEnd: "messages",
    });
    expect(firstTabWithError(fields)).toBe("messages");
    expect(Object.values(fields).map(messageKey)).toEqual(
      expect.arrayContaining([
        "connections.errors.errorRatingMessage",
        "connections.errors.errorExpiresNPS",
        "connections.errors.errorSendQueue",
        "validation.required",
      ]),
    );
    const schedules = bodyFromForm(FORM_DEFAULTS, { config: {}, pickers: [] }).schedules as Record<string, string>[];
    schedules[2]!.endTimeB = "24:30";
    const bad = await t.json("PUT", `/api/whatsapp/${(await t.json("GET", "/api/whatsapp", { token })).body[0].id}`, { token, body: { schedules } });
    expect(bad.body.fields).toEqual({ "schedules.2.endTimeB": "Invalid time" });
    expect(tabOf("schedules.2.endTimeB")).toBe("schedules");
    expect(tabOf("config.pageId")).toBe("general");
    expect(messageKey("Invalid time")).toBe("connections.errors.invalidTime");
    expect(messageKey("A colour like #2563eb")).toBe("A colour like #2563eb");
  });
});

describe("the rules checked before sending", () => {
  let t: TestApp;
  let token: string;
  let queues: string[];
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t, ADMIN.email, ADMIN.password);
    for (const [name, color] of [
      ["Vendas", "#111111"],
      ["Suporte", "#222222"],
    ]) {
      await t.json("POST", "/api/queue", { token, body: { name, color } });
    }
    queues = ((await t.json<{ id: number }[]>("GET", "/api/queue", { token })).body ?? []).map((q) => String(q.id));
  });
  afterAll(() => t.close());

  test("greeting with several queues, vacation dates with a message: the same fields and messages as the server's answer", async () => {
    expect(queues).toHaveLength(2);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const forms = [
      { queueIds: queues },
      { queueIds: queues, greetingMessage: "  " },
      { queueIds: [queues[0]!, queues[0]!] },
      { queueIds: queues, greetingMessage: "Escolha:" },
      { collectiveVacationMessage: "Férias" },
      { collectiveVacationMessage: "Férias", collectiveVacationStart: day(2) },
      { collectiveVacationMessage: "Férias", collectiveVacationStart: day(5), collectiveVacationEnd: day(3) },
      { collectiveVacationMessage: "Férias", collectiveVacationStart: day(3), collectiveVacationEnd: day(3) },
      { collectiveVacationStart: day(1) },
    ];
    for (const [i, values] of forms.entries()) {
      const form = { ...FORM_DEFAULTS, name: `Rules ${i}`, ...values };
      const res = await t.json("POST", "/api/whatsapp", { token, body: { ...bodyFromForm(form, { config: {}, pickers: [] }), channel: "webchat" } });
      expect({ i, client: formRuleErrors(form) }).toEqual({ i, client: (res.body.fields as Record<string, string> | undefined) ?? {} });
      if (res.status === 201) await t.json("DELETE", `/api/whatsapp/${res.body.id}`, { token });
    }
    expect(messageKey(formRuleErrors({ ...FORM_DEFAULTS, queueIds: queues }).greetingMessage!)).toBe("errors.ERR_WAPP_GREETING_REQUIRED");
  });

  test("a rule message follows its rule as the fields change; the server's other messages stay", () => {
    const shown = { greetingMessage: "ERR_WAPP_GREETING_REQUIRED", collectiveVacationEnd: "Required", name: "Too Short!" };
    const form = { ...FORM_DEFAULTS, queueIds: ["1", "2"], collectiveVacationMessage: "Férias", collectiveVacationStart: "2030-01-05" };
    expect(recheckRules(shown, { ...form, greetingMessage: "Olá" })).toEqual({ collectiveVacationEnd: "Required", name: "Too Short!" });
    expect(recheckRules(shown, { ...form, collectiveVacationEnd: "2030-01-01" })).toEqual({
      greetingMessage: "ERR_WAPP_GREETING_REQUIRED",
      collectiveVacationEnd: "errorCollectiveVacationEnd",
      name: "Too Short!",
    });
    expect(recheckRules(shown, { ...form, queueIds: ["1"], collectiveVacationMessage: "" })).toEqual({ name: "Too Short!" });
  });
});

describe("small rules", () => {
  test("session buttons by status: new QR only for QR-code channels, PAIRING shows its code", () => {
    expect(sessionActions("qrcode", true)).toEqual(["qr"]);
    expect(sessionActions("DISCONNECTED", true)).toEqual(["retry", "newQr"]);
    expect(sessionActions("DISCONNECTED", false)).toEqual(["retry"]);
    expect(sessionActions("OPENING", true)).toEqual(["connecting"]);
    expect(sessionActions("PAIRING", true)).toEqual(["qr", "disconnect"]);
    for (const s of ["CONNECTED", "TIMEOUT"]) expect(sessionActions(s, true)).toEqual(["disconnect"]);
  });

  test("the badge: any connection in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING", () => {
    for (const s of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) expect(needsAttention([{ status: "CONNECTED" }, { status: s }])).toBe(true);
    expect(needsAttention([{ status: "CONNECTED" }])).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
  });

  test("dd/MM/yy HH:mm, webhook URLs by plugin", () => {
    expect(formatUpdatedAt(new Date(2025, 0, 5, 9, 7).toISOString())).toBe("05/01/25 09:07");
    expect(webhookUrl("whatsappapi", 7, "https://x.test")).toBe("https://x.test/api/webhooks/whatsappapi/7");
    expect(webhookUrl("whatsappapi", undefined, "https://x.test")).toBeUndefined();
    expect(webhookUrl("instagram", undefined, "https://x.test")).toBe("https://x.test/api/webhooks/meta");
    expect(webhookUrl("webchat", 7, "https://x.test")).toBeUndefined();
  });
});

describe("socket frames into the caches", () => {
  const row = (id: number, extra: Record<string, unknown> = {}) => ({ id, name: `C${id}`, status: "CONNECTED", isDefault: false, ...extra });

  test("a frame patches every list and detail holding the connection; a new default clears the others", () => {
    const qc = new QueryClient();
    qc.setQueryData(connectionKeys.list, [row(1, { isDefault: true }), row(2)]);
    qc.setQueryData(keys.whatsapps, [row(1, { isDefault: true }), row(2)]);
    qc.setQueryData(connectionKeys.detail(2), row(2, { token: "t" }));
    applyConnectionPatch(qc, { id: 2, status: "qrcode", qrcode: "QR", isDefault: true });
    for (const key of [connectionKeys.list, keys.whatsapps]) {
      expect(qc.getQueryData<ReturnType<typeof row>[]>(key)).toEqual([
        row(1, { isDefault: false }),
        row(2, { status: "qrcode", qrcode: "QR", isDefault: true }),
      ]);
    }
    expect(qc.getQueryData(connectionKeys.detail(2))).toEqual(row(2, { token: "t", status: "qrcode", qrcode: "QR", isDefault: true }));
  });

  test("a connection no list has yet makes the lists refetch; a delete removes it everywhere", async () => {
    const qc = new QueryClient();
    let fetched = 0;
    await qc.fetchQuery({
      queryKey: connectionKeys.list,
      queryFn: () => {
        fetched++;
        return [row(1)];
      },
      staleTime: Infinity,
    });
    applyConnectionPatch(qc, { id: 9, status: "OPENING" });
    expect(qc.getQueryState(connectionKeys.list)?.isInvalidated).toBe(true);
    expect(qc.getQueryData(connectionKeys.list)).toEqual([row(1)]);
    qc.setQueryData(connectionKeys.detail(1), row(1));
    removeConnection(qc, 1);
    expect(qc.getQueryData(connectionKeys.list)).toEqual([]);
    expect(qc.getQueryData(connectionKeys.detail(1))).toBeUndefined();
    expect(fetched).toBe(1);
  });
});
