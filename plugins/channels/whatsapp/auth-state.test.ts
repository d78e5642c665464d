import { describe, expect, test } from "bun:test";
import { initAuthCreds, proto } from "baileys";
import { CREDS_KEY, isLoggedIn, revive, serialize, loadKeyValueAuthState } from "./auth-state";
import { whatsappConfigSchema } from "./manifest";
import { WhatsAppSession } from "./session";
import { createBaileysSocket } from "./socket";
import { createFakeHost, MemoryStore } from "./testing/fake-host";
import { linkedStore } from "./testing/setup";

describe("whatsapp auth state in the host's key-value store", () => {
  test("fresh credentials when the store is empty (nothing written until Baileys updates them), or when they never got linked", async () => {
    const store = new MemoryStore();
    const a = await loadKeyValueAuthState(store);
    expect(a.state.creds.me).toBeUndefined();
    expect(a.state.creds.noiseKey.public.length).toBe(32);
    expect(store.data.size).toBe(0);
    await a.saveCreds();
    expect(store.data.has(CREDS_KEY)).toBe(true);
    // Saved while QR codes showed but never scanned: the next start begins a new login with new keys.
    const b = await loadKeyValueAuthState(store);
    expect(Buffer.from(b.state.creds.noiseKey.private)).not.toEqual(Buffer.from(a.state.creds.noiseKey.private));
  });

  test("credentials of a linked device round-trip with their Buffers", async () => {
    const store = await linkedStore("5511900000000:7@s.whatsapp.net");
    const a = await loadKeyValueAuthState(store);
    expect(a.state.creds.me?.id).toBe("5511900000000:7@s.whatsapp.net");
    expect(Buffer.isBuffer(a.state.creds.signedIdentityKey.public)).toBe(true);
    expect(typeof (await store.get(CREDS_KEY))).toBe("string"); // BufferJSON text, as useMultiFileAuthState writes files
  });

  test("signal keys: get answers only what exists, set with null deletes, app-state keys come back as protos", async () => {
    const store = new MemoryStore();
    const { state } = await loadKeyValueAuthState(store);
    await state.keys.set({
      "pre-key": { "1": { public: Buffer.from([1]), private: Buffer.from([2]) }, "2": { public: Buffer.from([3]), private: Buffer.from([4]) } },
      session: { "5511987654321.0": Buffer.from([7, 7]) },
      "app-state-sync-key": { AAAA: { keyData: Buffer.from([5, 6]), timestamp: 1732579200000 } },
      "lid-mapping": { "5511912345678": "204981163454231" },
    });
    expect([...store.data.keys()].sort()).toEqual([
      "app-state-sync-key-AAAA",
      "lid-mapping-5511912345678",
      "pre-key-1",
      "pre-key-2",
      "session-5511987654321.0",
    ]);
    const pre = await state.keys.get("pre-key", ["1", "3"]);
    expect(Object.keys(pre)).toEqual(["1"]);
    expect(Buffer.from(pre["1"]!.private)).toEqual(Buffer.from([2]));
    expect(Buffer.from((await state.keys.get("session", ["5511987654321.0"]))["5511987654321.0"]!)).toEqual(Buffer.from([7, 7]));
    const app = (await state.keys.get("app-state-sync-key", ["AAAA"])).AAAA!;
    expect(app).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(app.keyData!)).toEqual(Buffer.from([5, 6]));
    expect((await state.keys.get("lid-mapping", ["5511912345678"]))["5511912345678"]).toBe("204981163454231");
    await state.keys.set({ "pre-key": { "1": null } });
    expect(await state.keys.get("pre-key", ["1", "2"])).toEqual({ "2": expect.anything() });
  });

  test("clear forgets everything and ignores writes that were still coming", async () => {
    const store = await linkedStore();
    const a = await loadKeyValueAuthState(store);
    await a.state.keys.set({ "pre-key": { "9": { public: Buffer.from([1]), private: Buffer.from([1]) } } });
    await a.clear();
    await a.saveCreds();
    await a.state.keys.set({ "pre-key": { "10": { public: Buffer.from([1]), private: Buffer.from([1]) } } });
    expect(store.data.size).toBe(0);
  });

  test("a pairing that never completed does not count as linked", () => {
    const creds = initAuthCreds();
    expect(isLoggedIn(creds)).toBe(false);
    creds.me = { id: "5511900000000@s.whatsapp.net", name: "~" };
    creds.pairingCode = "ABCD1234";
    expect(isLoggedIn(creds)).toBe(false);
    creds.registered = true;
    expect(isLoggedIn(creds)).toBe(true);
    creds.pairingCode = undefined;
    creds.registered = false;
    expect(isLoggedIn(creds)).toBe(true); // QR-linked devices
    expect(revive(serialize({ b: Buffer.from([1, 2]) }))).toEqual({ b: Buffer.from([1, 2]) });
  });
});

describe("whatsapp: the real Baileys socket takes this auth state", () => {
  test("makeWASocket starts on our store and logger; unreachable server -> OPENING, then start rejects TEMPORARY", async () => {
    const { host, rec } = createFakeHost();
    const session = new WhatsAppSession(host, whatsappConfigSchema.parse({}), {
      socket: createBaileysSocket({ waWebSocketUrl: "ws://127.0.0.1:9/ws/chat", connectTimeoutMs: 3_000 }),
    });
    await expect(session.start()).rejects.toMatchObject({ code: "TEMPORARY" });
    expect(rec.status).toEqual([{ status: "OPENING" }]);
    expect(rec.lost).toEqual([]);
    await session.stop();
  });
});
