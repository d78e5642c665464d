import { afterEach, describe, expect, test } from "bun:test";
import { z } from "zod";
import { createUser, login } from "../../tests/helpers/factories";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel } from "../../tests/helpers/test-channel";
import { setCompanySetting } from "../modules/settings/queries";
import { defineChannel } from "./adapter";
import { createConnection, deleteConnection, randomAlphanumeric } from "./connections";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Frame = { companyId: number; event: string; data: any; opts: any };
function spyHub(app: ChannelTestApp): Frame[] {
  const frames: Frame[] = [];
  const original = app.ctx.hub.emit.bind(app.ctx.hub);
  app.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: unknown) => {
    frames.push({ companyId, event, data, opts });
    return original(companyId, event, data, opts as never);
  }) as typeof app.ctx.hub.emit;
  return frames;
}

const connRow = (app: ChannelTestApp, id: number) => app.ctx.db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("session manager", () => {
  test("start: OPENING then CONNECTED, persisted on the row and pushed as whatsappSession / whatsapp", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const frames = spyHub(t);
    const { id } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan", config: { number: "5511900000000", apiKey: "secret-key" } });
    await t.ctx.channels.idle();
    const row = await connRow(t, id);
    expect(row).toMatchObject({ status: "CONNECTED", number: "5511900000000", qrcode: "", retries: 0, isDefault: 1 });
    expect(row.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(row.widgetKey).toBeNull();
    const sessionFrames = frames.filter((f) => f.event === "company-1-whatsappSession");
    expect(sessionFrames.map((f) => f.data.session.status)).toEqual(["OPENING", "CONNECTED"]);
    expect(frames.filter((f) => f.event === "company-1-whatsapp").map((f) => f.data.whatsapp.status)).toEqual(["OPENING", "CONNECTED"]);
    // Payloads carry no secrets, and non-managers get the picker subset.
    const last = frames.at(-1)!;
    expect(JSON.stringify(last.data)).not.toContain("secret-key");
    expect(JSON.stringify(last.data)).not.toContain(row.token);
    const plain = { profile: "user", super: false, flags: { allowConnections: "disabled" } } as never;
    expect(last.opts.shape(plain, last.data)).toEqual({
      action: "update",
      whatsapp: { id, name: "Main", channel: "testchan", status: "CONNECTED", isDefault: true },
    });
    const admin = { profile: "admin", super: false, flags: { allowConnections: "disabled" } } as never;
    expect(last.opts.shape(admin, last.data)).toBe(last.data);
  });

  test("QR pairing: status qrcode with the code, cleared when connected", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "QR", channel: "testchan", config: { mode: "qrcode" } });
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "qrcode", qrcode: `QR-${id}` });
    chan.session(id)!.pair();
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "CONNECTED", qrcode: "" });
  });

  test("a failed start is retried with backoff; the retry count is persisted and reset on CONNECTED", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    chan.startFailures.push("TEMPORARY");
    const { id } = await createConnection(t.ctx, 1, { name: "Flaky", channel: "testchan" });
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", retries: 1 });
    await Bun.sleep(1_150);
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "CONNECTED", retries: 0 });
    expect(chan.session(id)!.starts).toBe(1);
  });

  test("a lost session reconnects; AUTH_EXPIRED leaves it DISCONNECTED for a person", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "Lossy", channel: "testchan" });
    const first = chan.session(id)!;
    first.drop("TEMPORARY");
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).status).toBe("DISCONNECTED");
    await Bun.sleep(1_150);
    await t.ctx.channels.idle();
    const second = chan.session(id)!;
    expect(second).not.toBe(first);
    expect(first.stops).toBe(1);
    expect((await connRow(t, id)).status).toBe("CONNECTED");
    // Reports from the old session object are ignored.
    first.host.status("qrcode", "stale");
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).status).toBe("CONNECTED");

    second.drop("AUTH_EXPIRED");
    await Bun.sleep(1_200);
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).status).toBe("DISCONNECTED");
    expect(chan.session(id)).toBe(second);
    await t.ctx.channels.sessions.restart(id);
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).status).toBe("CONNECTED");
  });

  test("boot starts every non-deleted connection; close stops them; plugin state survives a restart", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const a = await createConnection(t.ctx, 1, { name: "A", channel: "testchan" });
    const b = await createConnection(t.ctx, 1, { name: "B", channel: "testchan" });
    await chan.session(a.id)!.host.authState.set("creds", { me: "a" });
    const sessionA = chan.session(a.id)!;
    expect(await deleteConnection(t.ctx, 1, b.id)).toBe(true);
    expect(chan.session(b.id)!.loggedOut).toBe(true);
    t = await t.restart();
    expect(sessionA.stops).toBe(1);
    const restarted = chan.session(a.id)!;
    expect(restarted).not.toBe(sessionA);
    expect(await restarted.host.authState.get("creds")).toEqual({ me: "a" });
    expect(chan.session(b.id)!.starts).toBe(1); // the deleted one was not started again
    expect((await connRow(t, b.id)).deletedAt).not.toBeNull();
  });

  test("a connection whose channel is not installed stays DISCONNECTED", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const row = await t.ctx.db
      .insertInto("connections")
      .values({ companyId: 1, name: "Ghost", channel: "nochannel", token: randomAlphanumeric(), status: "CONNECTED" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.channels.sessions.start(row.id);
    await t.ctx.channels.idle();
    expect((await connRow(t, row.id)).status).toBe("DISCONNECTED");
  });

  test("registry: manifests are UI-safe, config is validated by the plugin's schema and secrets are redacted", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const m = t.ctx.channels.registry.manifests().find((x) => x.id === "testchan");
    expect(m).toMatchObject({ id: "testchan", connect: "none", secretFields: ["apiKey"], planFlag: null });
    expect(JSON.stringify(m)).not.toContain("function");
    expect(() => t!.ctx.channels.registry.parseConfig("testchan", { mode: "telepathy" })).toThrow();
    expect(t.ctx.channels.registry.redactConfig("testchan", { number: "1", apiKey: "k" })).toEqual({ number: "1" });
    await expect(createConnection(t.ctx, 1, { name: "Bad", channel: "testchan", config: { mode: "x" } })).rejects.toMatchObject({ code: "ERR_VALIDATION" });
    await expect(createConnection(t.ctx, 1, { name: "Bad", channel: "unknown" })).rejects.toMatchObject({ code: "ERR_VALIDATION" });
  });

  test("tokens are 30 alphanumerics; only one default connection per company", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const a = await createConnection(t.ctx, 1, { name: "A", channel: "testchan" });
    const b = await createConnection(t.ctx, 1, { name: "B", channel: "testchan", isDefault: 1 });
    expect((await connRow(t, a.id)).isDefault).toBe(0);
    expect((await connRow(t, b.id)).isDefault).toBe(1);
    const tokens = new Set(Array.from({ length: 200 }, () => randomAlphanumeric()));
    expect(tokens.size).toBe(200);
    for (const tk of tokens) expect(tk).toMatch(/^[A-Za-z0-9]{30}$/);
    void createUser;
  });

  test("webhooks are mounted under /api/webhooks/<plugin id> with the raw body; a throwing handler is a 500", async () => {
    const seen: { rawBody: string; query: Record<string, string>; params: Record<string, string> }[] = [];
    const hooked = defineChannel({
      manifest: {
        id: "hooked",
        name: "Hooked",
        connect: "token",
        configSchema: z.object({}),
        secretFields: [],
        capabilities: { react: false, edit: false, delete: false, markRead: false, groups: false, checkNumber: false, window24h: true },
      },
      createSession: () => ({ start: async () => {}, stop: async () => {}, logout: async () => {}, send: async () => ({ externalId: "x" }) }),
      webhooks(router) {
        router.get("/verify", ({ query }) => new Response(query["hub.challenge"] ?? ""));
        router.post("/:account", (req) => {
          seen.push({ rawBody: req.rawBody, query: req.query, params: req.params });
          return new Response("EVENT_RECEIVED");
        });
        router.post("/boom/now", () => {
          throw new Error("kaput");
        });
      },
    });
    t = await createChannelTestApp({ plugins: [hooked] });
    const challenge = await t.request("GET", "/api/webhooks/hooked/verify?hub.challenge=12345");
    expect(await challenge.text()).toBe("12345");
    const raw = '{"entry":[{"id":"1",  "x": "spaced"}]}';
    const res = await t.request("POST", "/api/webhooks/hooked/acct-9?sig=1", { body: raw, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("EVENT_RECEIVED");
    expect(seen).toEqual([{ rawBody: raw, query: { sig: "1" }, params: { account: "acct-9" } }]);
    const boom = await t.request("POST", "/api/webhooks/hooked/boom/now", { body: "{}" });
    expect(boom.status).toBe(500);
  });
});

describe("session manager: drops, pairing codes, background starts, company settings", () => {
  test("a CONNECTED session that drops stamps droppedAt (row and frames) until it connects again", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const frames = spyHub(t);
    const { id } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).droppedAt).toBeNull();
    t.clock.set(new Date("2025-03-01T12:00:00.000Z"));
    chan.session(id)!.drop("TEMPORARY");
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", droppedAt: "2025-03-01T12:00:00.000Z" });
    const dropFrame = frames.filter((f) => f.event === "company-1-whatsappSession").at(-1)!;
    expect(dropFrame.data.session).toMatchObject({ id, status: "DISCONNECTED", droppedAt: "2025-03-01T12:00:00.000Z" });
    // Agents get the brief frame, with the time of the drop too (their messages on it wait).
    const plain = { profile: "user", super: false, flags: { allowConnections: "disabled" } } as never;
    expect(dropFrame.opts.shape(plain, dropFrame.data)).toEqual({
      action: "update",
      session: { id, status: "DISCONNECTED", droppedAt: "2025-03-01T12:00:00.000Z", updatedAt: "2025-03-01T12:00:00.000Z" },
    });
    // Retrying keeps the time of the first drop; connecting again clears it.
    t.clock.advance(1_000);
    await Bun.sleep(1_150);
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "CONNECTED", droppedAt: null });

    // A session reporting another status while connected has dropped too; a person's disconnect is not a drop.
    chan.session(id)!.host.status("TIMEOUT");
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).droppedAt).toBe("2025-03-01T12:00:01.000Z");
    await t.ctx.channels.sessions.stop(id, { logout: true });
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", droppedAt: null });
  });

  test("a session that never connected and fails is not a drop", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    chan.startFailures.push("TEMPORARY");
    const { id } = await createConnection(t.ctx, 1, { name: "Flaky", channel: "testchan" });
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", droppedAt: null });
  });

  test("a failed start keeps the plugin's message in lastError (row and managers' frames) until a code or CONNECTED", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const frames = spyHub(t);
    chan.startFailures.push("TEMPORARY");
    const { id } = await createConnection(t.ctx, 1, { name: "Unreachable", channel: "testchan", config: { mode: "qrcode" } });
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", lastError: "start failed: TEMPORARY" });
    const failFrame = frames.filter((f) => f.event === "company-1-whatsappSession").at(-1)!;
    expect(failFrame.data.session).toMatchObject({ id, status: "DISCONNECTED", lastError: "start failed: TEMPORARY" });
    const plain = { profile: "user", super: false, flags: { allowConnections: "disabled" } } as never;
    expect(JSON.stringify(failFrame.opts.shape(plain, failFrame.data))).not.toContain("lastError");
    // The backoff attempt answers with a QR code: the channel's service answered, the failure no longer applies.
    await Bun.sleep(1_150);
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "qrcode", lastError: null });
    // A person's retry (a fresh start) forgets a failure at once; a person's disconnect too.
    chan.session(id)!.drop("TEMPORARY");
    await t.ctx.channels.idle();
    expect((await connRow(t, id)).lastError).toBe("connection dropped");
    await t.ctx.channels.sessions.stop(id);
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "DISCONNECTED", lastError: null });
  });

  test("PAIRING keeps the pairing code in qrcode (the connections screen shows it)", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "QR", channel: "testchan", config: { mode: "qrcode" } });
    chan.session(id)!.host.status("PAIRING", "ABCD-EFGH");
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "PAIRING", qrcode: "ABCD-EFGH" });
    chan.session(id)!.pair();
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "CONNECTED", qrcode: "" });
  });

  test("sessions start in the background: creating a connection, the admin route and boot never wait for a QR code", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const starts: number[] = [];
    const slow = defineChannel({
      manifest: {
        id: "slow",
        name: "Slow",
        connect: "qrcode",
        configSchema: z.object({}),
        secretFields: [],
        capabilities: { react: false, edit: false, delete: false, markRead: false, groups: false, checkNumber: false, window24h: false },
      },
      createSession: (host) => ({
        async start() {
          starts.push(host.connection.id);
          await gate; // the QR code comes much later
          host.status("qrcode", "LATE-QR");
        },
        stop: async () => {},
        logout: async () => {},
        send: async () => ({ externalId: "x" }),
      }),
    });
    t = await createChannelTestApp({ plugins: [slow] });
    const { id } = await createConnection(t.ctx, 1, { name: "Slow", channel: "slow" });
    expect(starts).toEqual([id]);
    const token = await login(t, ADMIN.email, ADMIN.password);
    const res = await t.json("POST", "/api/whatsapp", { token, body: { name: "Slow 2", channel: "slow" } });
    expect(res.status).toBe(201);
    expect(starts).toEqual([id, res.body.id]);
    expect((await t.json("PUT", `/api/whatsappsession/${id}`, { token })).status).toBe(200);
    // Boot: the new context is up while the sessions are still waiting.
    t = await t.restart();
    expect(starts.length).toBe(5);
    release();
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "qrcode", qrcode: "LATE-QR" });
  });

  test("host.settings reads company settings (stored values over defaults); unknown keys are absent", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    await setCompanySetting(t.ctx.db, 1, "AcceptCallWhatsappMessage", "Não atendemos ligações", t.clock.now().toISOString());
    const read = await chan.session(id)!.host.settings!(["acceptCallWhatsapp", "AcceptCallWhatsappMessage", "nonsense"]);
    expect(read).toEqual({ acceptCallWhatsapp: "enabled", AcceptCallWhatsappMessage: "Não atendemos ligações" });
  });
});
