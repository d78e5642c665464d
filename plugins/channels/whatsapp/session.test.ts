import { describe, expect, test } from "bun:test";
import { ChannelError } from "../../../src/channels/adapter";
import { CREDS_KEY, revive } from "./auth-state";
import type { AuthenticationCreds } from "baileys";
import { createWhatsAppPlugin, LazyWhatsAppSession } from ".";
import { whatsappManifest } from "./manifest";
import { createFakeHost } from "./testing/fake-host";
import { fakeSockets } from "./testing/fake-socket";
import { connectedSession, linkedStore, ME, setup, until } from "./testing/setup";

const statuses = (rec: { status: { status: string }[] }) => rec.status.map((s) => s.status);

describe("whatsapp session: QR login", () => {
  test("OPENING, then every rotated QR code reaches host.status, then CONNECTED after the post-scan restart", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    const first = t.sockets.last;
    expect(first.opts.auth.creds.me).toBeUndefined();
    first.connecting();
    first.qr("2@QR-ONE");
    await started; // start resolves once the first QR code is shown
    first.qr("2@QR-TWO");
    expect(t.rec.status).toEqual([{ status: "OPENING" }, { status: "qrcode", qrcode: "2@QR-ONE" }, { status: "qrcode", qrcode: "2@QR-TWO" }]);

    first.scanned(ME); // creds.update(me) then close 515 restartRequired
    await until(() => t.sockets.made.length === 2);
    expect(t.rec.lost).toEqual([]);
    const second = t.sockets.last;
    expect(second.opts.auth.creds.me?.id).toBe(ME);
    second.connecting();
    second.open();
    expect(t.rec.status.at(-1)).toEqual({ status: "CONNECTED", info: { number: "5511900000000" } });
    // The credentials are in the host's store, never in files.
    await t.session.idle();
    const saved = revive<AuthenticationCreds>(await t.store.get(CREDS_KEY));
    expect(saved?.me?.id).toBe(ME);
    expect(Buffer.isBuffer(saved?.noiseKey.public)).toBe(true);
    await t.session.stop();
  });

  test("QR codes that run out end in TIMEOUT and wait for a person (no restart loop)", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.connecting();
    t.sockets.last.qr("2@QR");
    await started;
    t.sockets.last.close(408, "QR refs attempts ended");
    expect(statuses(t.rec)).toEqual(["OPENING", "qrcode", "TIMEOUT"]);
    expect(t.rec.lost).toEqual([]);
    expect(t.sockets.made.length).toBe(1);
  });

  test("a network drop while QR codes show is TEMPORARY (the core restarts it and new QR codes come)", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.qr("2@QR");
    await started;
    t.sockets.last.close(428, "Connection Terminated");
    expect(t.rec.lost.map((e) => e.code)).toEqual(["TEMPORARY"]);
    expect(statuses(t.rec)).toEqual(["qrcode"]);
  });

  test("a restart with the stored credentials connects without any QR code", async () => {
    const first = setup();
    const started = first.session.start();
    await until(() => first.sockets.made.length === 1);
    first.sockets.last.qr("2@QR");
    await started;
    // Signal keys written by Baileys through the auth state survive too.
    await first.sockets.last.opts.auth.keys.set({ "pre-key": { "1": { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) } } });
    first.sockets.last.scanned(ME);
    await until(() => first.sockets.made.length === 2);
    first.sockets.last.open();
    await first.session.stop();

    const second = setup({ store: first.store });
    const again = second.session.start();
    await until(() => second.sockets.made.length === 1);
    const sock = second.sockets.last;
    expect(sock.opts.auth.creds.me?.id).toBe(ME);
    const keys = await sock.opts.auth.keys.get("pre-key", ["1", "2"]);
    expect(Buffer.from(keys["1"]!.private)).toEqual(Buffer.from([4, 5, 6]));
    expect(keys["2"]).toBeUndefined();
    sock.connecting();
    sock.open();
    await again;
    expect(statuses(second.rec)).toEqual(["OPENING", "CONNECTED"]);
  });
});

describe("whatsapp session: pairing code", () => {
  test("config.pairingNumber: the code is asked for once and reported as PAIRING instead of QR codes", async () => {
    const t = setup({ config: { pairingNumber: "+55 (11) 90000-0000" } });
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.connecting();
    t.sockets.last.qr("2@QR-ONE");
    await started;
    t.sockets.last.qr("2@QR-TWO");
    await t.session.idle();
    expect(t.sockets.last.pairingRequests).toEqual(["5511900000000"]);
    expect(t.rec.status).toEqual([{ status: "OPENING" }, { status: "PAIRING", qrcode: "ABCD-1234" }]);
    // The half-done pairing identity Baileys saved does not count as a linked device after a restart.
    await Bun.sleep(1);
    const again = setup({ store: t.store });
    void again.session.start();
    await until(() => again.sockets.made.length === 1);
    expect(again.sockets.last.opts.auth.creds.me).toBeUndefined();
  });

  test("requestPairingCode(number) while QR codes show answers the code and reports PAIRING", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.qr("2@QR");
    await started;
    await expect(t.session.requestPairingCode("12")).rejects.toBeInstanceOf(ChannelError);
    const code = await t.session.requestPairingCode("+55 11 90000-0000");
    expect(code).toBe("ABCD-1234");
    expect(t.rec.status.at(-1)).toEqual({ status: "PAIRING", qrcode: "ABCD-1234" });
    t.sockets.last.qr("2@QR-NEXT"); // rotations no longer show QR codes
    expect(t.rec.status.filter((s) => s.status === "qrcode").length).toBe(1);
  });

  test("requestPairingCode after a TIMEOUT opens a new socket for it", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.qr("2@QR");
    await started;
    t.sockets.last.close(408);
    const asked = t.session.requestPairingCode("5511900000000");
    await until(() => t.sockets.made.length === 2);
    t.sockets.last.connecting();
    t.sockets.last.qr("2@QR-NEW");
    expect(await asked).toBe("ABCD-1234");
    expect(statuses(t.rec)).toEqual(["qrcode", "TIMEOUT", "OPENING", "PAIRING"]);
  });

  test("a second request (another number) gets a new socket and a new code", async () => {
    const t = setup({ config: { pairingNumber: "5511900000000" } });
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.qr("2@QR");
    await started;
    await t.session.idle();
    const again = t.session.requestPairingCode("5521988887777");
    await until(() => t.sockets.made.length === 2);
    expect(t.sockets.made[0]!.ended).toBe(true);
    expect(t.sockets.last.opts.auth.creds.me).toBeUndefined(); // not the half-paired identity of the first request
    t.sockets.last.pairingCode = "WXYZ9876";
    t.sockets.last.qr("2@QR-2");
    expect(await again).toBe("WXYZ-9876");
    expect(t.sockets.last.pairingRequests).toEqual(["5521988887777"]);
    // A failure of the new socket is a loss (start() resolved long ago).
    t.sockets.last.close(500);
    expect(t.rec.lost.map((e) => e.code)).toEqual(["TEMPORARY"]);
  });

  test("a linked connection refuses a pairing request", async () => {
    const t = await connectedSession();
    await expect(t.session.requestPairingCode("5511900000000")).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });
});

describe("whatsapp session: closes", () => {
  test("logged out from the phone (401): credentials cleared, AUTH_EXPIRED, and the next start shows a QR code", async () => {
    const t = await connectedSession();
    await t.sockets.last.opts.auth.keys.set({ session: { "5511987654321.0": Buffer.from([9]) } });
    t.sockets.last.close(401, "Connection Failure");
    await until(() => t.rec.lost.length === 1);
    expect(t.rec.lost[0]).toMatchObject({ code: "AUTH_EXPIRED" });
    expect(t.store.data.size).toBe(0);
    await t.session.stop(); // what the core does after a loss

    const next = setup({ store: t.store });
    const started = next.session.start();
    await until(() => next.sockets.made.length === 1);
    expect(next.sockets.last.opts.auth.creds.me).toBeUndefined();
    next.sockets.last.connecting();
    next.sockets.last.qr("2@FRESH");
    await started;
    expect(next.rec.status.at(-1)).toEqual({ status: "qrcode", qrcode: "2@FRESH" });
  });

  test("stale credentials at start (401 before open): start rejects with AUTH_EXPIRED, no separate loss", async () => {
    const t = setup({ store: await linkedStore() });
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.connecting();
    t.sockets.last.close(401);
    await expect(started).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    expect(t.rec.lost).toEqual([]);
    expect(t.store.data.size).toBe(0);
  });

  test("a drop reports TEMPORARY once; the old socket is then ignored", async () => {
    const t = await connectedSession();
    const old = t.sockets.last;
    old.close(428, "Connection Closed");
    await until(() => t.rec.lost.length === 1);
    expect(t.rec.lost[0]).toMatchObject({ code: "TEMPORARY" });
    old.close(500);
    old.upsert([{ key: { remoteJid: "5511987654321@s.whatsapp.net", id: "LATE", fromMe: false }, message: { conversation: "late" } }]);
    await t.session.idle();
    expect(t.rec.lost.length).toBe(1);
    expect(t.rec.inbound).toEqual([]);
    await expect(
      t.session.send({ messageId: 1, ticketId: 1, to: { chatId: "5511987654321@s.whatsapp.net", isGroup: false }, body: "x" }),
    ).rejects.toMatchObject({ code: "TEMPORARY" });
  });

  test("every other close reason is TEMPORARY too (connection replaced, bad session, service unavailable)", async () => {
    for (const code of [440, 500, 503, 408]) {
      const t = await connectedSession();
      t.sockets.last.close(code);
      await until(() => t.rec.lost.length === 1);
      expect(t.rec.lost[0]!.code).toBe("TEMPORARY");
    }
  });

  test("a network failure before anything showed rejects start with TEMPORARY", async () => {
    const t = setup();
    const started = t.session.start();
    await until(() => t.sockets.made.length === 1);
    t.sockets.last.connecting();
    t.sockets.last.close(408, "Timed Out");
    await expect(started).rejects.toMatchObject({ code: "TEMPORARY" });
  });

  test("after a reconnect, messages that arrived meanwhile ('append' and 'notify') reach the host", async () => {
    const store = await linkedStore();
    const a = await connectedSession({ store });
    a.sockets.last.close(428);
    await until(() => a.rec.lost.length === 1);
    await a.session.stop();

    const b = await connectedSession({ store }); // the core's restart: a new session on the same store
    b.sockets.last.upsert(
      [
        {
          key: { remoteJid: "5511987654321@s.whatsapp.net", id: "OFFLINE1", fromMe: false },
          message: { conversation: "enquanto estava fora" },
          messageTimestamp: 1732579100,
        },
      ],
      "append",
    );
    b.sockets.last.upsert(
      [{ key: { remoteJid: "5511987654321@s.whatsapp.net", id: "LIVE1", fromMe: false }, message: { conversation: "agora" }, messageTimestamp: 1732579200 }],
      "notify",
    );
    await b.session.idle();
    expect(b.rec.inbound.map((e) => e.externalId)).toEqual(["OFFLINE1", "LIVE1"]);
  });

  test("stop ends the socket quietly; logout unlinks the device and forgets the credentials", async () => {
    const t = await connectedSession();
    const sock = t.sockets.last;
    await t.session.stop();
    expect(sock.ended).toBe(true);
    expect(t.rec.lost).toEqual([]);
    expect(t.store.data.has(CREDS_KEY)).toBe(true);

    const u = await connectedSession({ store: t.store });
    await u.session.logout();
    expect(u.sockets.last.loggedOut).toBe(true);
    expect(u.rec.lost).toEqual([]);
    expect(u.store.data.size).toBe(0);
  });
});

describe("whatsapp plugin object", () => {
  test("createSession gives a session with every capability the manifest promises; Baileys loads on first use", async () => {
    const sockets = fakeSockets();
    const plugin = createWhatsAppPlugin({ socket: sockets.factory, pictures: false });
    const { host, rec, store } = createFakeHost({ store: await linkedStore() });
    const session = plugin.createSession(host, whatsappManifest.configSchema.parse({})) as LazyWhatsAppSession;
    expect(session).toBeInstanceOf(LazyWhatsAppSession);
    for (const m of ["react", "edit", "delete", "markRead", "checkNumber", "profilePicture"] as const) expect(session[m]).toBeFunction();
    await session.stop(); // never started: nothing to do
    expect(sockets.made.length).toBe(0);
    const started = session.start();
    await until(() => sockets.made.length === 1);
    sockets.last.open();
    await started;
    expect(rec.status.at(-1)?.status).toBe("CONNECTED");
    await session.logout();
    expect(store.data.size).toBe(0);
  });

  test("logout of a session that never started still forgets the credentials", async () => {
    const plugin = createWhatsAppPlugin({ socket: fakeSockets().factory });
    const { host, store } = createFakeHost({ store: await linkedStore() });
    await plugin.createSession(host, whatsappManifest.configSchema.parse({})).logout();
    expect(store.data.size).toBe(0);
  });
});
