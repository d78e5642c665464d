import { describe, expect, test } from "bun:test";
import type { WAMessage } from "baileys";
import type { InboundMessage } from "../../../src/channels/adapter";
import { decodeFixture, fixtures } from "./fixtures";
import { connectedSession, until } from "./testing/setup";

const PN = "5511987654321@s.whatsapp.net";
const PN2 = "5511912345678@s.whatsapp.net";
const LID = "204981163454231@lid";
const GROUP = "120363025246125244@g.us";

const groupMeta = { id: GROUP, subject: "Equipe Vendas", owner: undefined, participants: [] };

describe("whatsapp session: inbound through the socket into the host", () => {
  test("every fixture upserted on the socket reaches host.inbound as its event (media fetched by the core)", async () => {
    const t = await connectedSession({ pictures: false, socketSetup: (s) => s.groups.set(GROUP, groupMeta) });
    // lid-sender-unknown is left out: after lid-sender the map knows that LID (tested on its own below).
    const all = fixtures.filter((f) => f.name !== "lid-sender-unknown");
    const expected = all.filter((f) => f.expect !== null);
    t.sockets.last.upsert(all.map((f) => decodeFixture(f)));
    await t.session.idle();
    expect(t.rec.inbound.length).toBe(expected.length);
    for (const [i, f] of expected.entries()) expect(t.rec.inbound[i]).toMatchObject(f.expect!);
    // Media: the fake core called fetch, which downloaded that very message through the injected downloader.
    expect(new TextDecoder().decode(t.rec.media.get("3A1111111111111111A1"))).toBe("media 3A1111111111111111A1");
    expect(t.downloads.map((m) => m.key.id)).toContain("3A4444444444444444D5");
  });

  test("a group's subject is looked up once and named on its messages", async () => {
    const t = await connectedSession({ pictures: false, socketSetup: (s) => s.groups.set(GROUP, groupMeta) });
    t.sockets.last.upsert([decodeFixture("group"), decodeFixture("group-lid")]);
    await t.session.idle();
    expect(t.rec.inbound.map((e) => e.chat)).toEqual([
      { id: GROUP, isGroup: true, name: "Equipe Vendas" },
      { id: GROUP, isGroup: true, name: "Equipe Vendas" },
    ]);
    // A subject change arrives as groups.update and names the next message.
    t.sockets.last.emit("groups.update", [{ id: GROUP, subject: "Vendas 2025" }]);
    t.sockets.last.upsert([{ ...decodeFixture("group"), key: { ...decodeFixture("group").key, id: "G-NEXT" } }]);
    await t.session.idle();
    expect(t.rec.inbound.at(-1)?.chat.name).toBe("Vendas 2025");
  });

  test("profile pictures are looked up once per chat and travel with the chat", async () => {
    const t = await connectedSession({ socketSetup: (s) => s.pictures.set(PN, "https://pps.whatsapp.net/v/t61/ana.jpg") });
    t.sockets.last.upsert([decodeFixture("text-conversation"), decodeFixture("text-extended-reply"), decodeFixture("lid-sender")]);
    await t.session.idle();
    expect(t.rec.inbound[0]!.chat.picture).toBe("https://pps.whatsapp.net/v/t61/ana.jpg");
    expect(t.rec.inbound[1]!.chat.picture).toBe("https://pps.whatsapp.net/v/t61/ana.jpg");
    expect(t.rec.inbound[2]!.chat.picture).toBeUndefined();
    expect(t.sockets.last.pictureRequests).toEqual([PN, PN2]);
  });

  test("@lid: the mapping from the stanza is stored, the core is asked to merge, later LID-only messages land on the phone chat", async () => {
    const t = await connectedSession({ pictures: false });
    t.sockets.last.upsert([decodeFixture("lid-sender-unknown")]); // before the mapping is known: the LID chat
    t.sockets.last.upsert([decodeFixture("lid-sender")]); // carries remoteJidAlt: mapping learnt
    t.sockets.last.upsert([{ ...decodeFixture("lid-sender-unknown"), key: { ...decodeFixture("lid-sender-unknown").key, id: "AFTER" } }]);
    await t.session.idle();
    expect(t.rec.inbound.map((e) => e.chat.id)).toEqual([LID, PN2, PN2]);
    expect(t.rec.merges).toEqual([{ lid: LID, pn: PN2 }]);
    // Baileys' own format in the auth state, so the real socket and this plugin share one map.
    expect(await t.store.get("lid-mapping-204981163454231_reverse")).toBe(JSON.stringify("5511912345678"));
    expect(await t.store.get("lid-mapping-5511912345678")).toBe(JSON.stringify("204981163454231"));

    // Known again from another source: no second merge request.
    t.sockets.last.emit("lid-mapping.update", { lid: LID, pn: PN2 });
    await t.session.idle();
    expect(t.rec.merges.length).toBe(1);

    // A restart reads the map from the store.
    await t.session.stop();
    const u = await connectedSession({ store: t.store, pictures: false });
    u.sockets.last.upsert([{ ...decodeFixture("lid-sender-unknown"), key: { ...decodeFixture("lid-sender-unknown").key, id: "RESTARTED" } }]);
    await u.session.idle();
    expect(u.rec.inbound[0]!.chat).toMatchObject({ id: PN2, number: "5511912345678" });
  });

  test("@lid mappings from lid-mapping.update, contacts and history also trigger merges", async () => {
    const t = await connectedSession({ pictures: false });
    t.sockets.last.emit("lid-mapping.update", { lid: "111@lid", pn: "5511000000001@s.whatsapp.net" });
    t.sockets.last.emit("contacts.upsert", [{ id: "222@lid", phoneNumber: "5511000000002@s.whatsapp.net" }]);
    t.sockets.last.emit("messaging-history.set", {
      chats: [],
      contacts: [],
      messages: [],
      lidPnMappings: [{ lid: "333@lid", pn: "5511000000003@s.whatsapp.net" }],
    });
    await t.session.idle();
    expect(t.rec.merges).toEqual([
      { lid: "111@lid", pn: "5511000000001@s.whatsapp.net" },
      { lid: "222@lid", pn: "5511000000002@s.whatsapp.net" },
      { lid: "333@lid", pn: "5511000000003@s.whatsapp.net" },
    ]);
  });

  test("@lid: alternate ids on our own messages (they describe us) and pairs naming our own account are never learnt", async () => {
    const t = await connectedSession({ pictures: false });
    const mine = decodeFixture("from-me");
    mine.key.remoteJid = LID;
    Object.assign(mine.key, { remoteJidAlt: "5511900000000@s.whatsapp.net" }); // our own number, as Baileys fills it
    t.sockets.last.upsert([mine]);
    t.sockets.last.emit("lid-mapping.update", { lid: "999@lid", pn: "5511900000000@s.whatsapp.net" });
    await t.session.idle();
    expect(t.rec.inbound[0]!.chat.id).toBe(LID);
    expect(t.rec.merges).toEqual([]);
  });

  test("without host.mergeChats the LID map still works (the core just is not told)", async () => {
    const t = await connectedSession({ pictures: false, extras: false });
    t.sockets.last.upsert([
      decodeFixture("lid-sender"),
      { ...decodeFixture("lid-sender-unknown"), key: { ...decodeFixture("lid-sender-unknown").key, id: "X" } },
    ]);
    await t.session.idle();
    expect(t.rec.inbound.map((e) => e.chat.id)).toEqual([PN2, PN2]);
  });
});

describe("whatsapp session: acks", () => {
  const sent = (id: string, status: number, fromMe = true) => ({ key: { remoteJid: PN, id, fromMe }, update: { status } });

  test("1:1 statuses map to acks 1..4, only forward, ERROR marks the message failed", async () => {
    const t = await connectedSession();
    const s = t.sockets.last;
    s.emit("messages.update", [sent("A", 2), sent("A", 3), sent("A", 4)]);
    s.emit("messages.update", [sent("A", 3)]); // a late delivery receipt after the read one
    s.emit("messages.update", [sent("B", 1), sent("B", 5)]); // PENDING is never reported; PLAYED is 4
    s.emit("messages.update", [sent("C", 4, false)]); // our phone read an incoming message: not an ack of ours
    s.emit("messages.update", [{ key: { remoteJid: PN, id: "D", fromMe: true }, update: { status: 0, messageStubParameters: ["479"] } }]);
    s.emit("messages.update", [{ key: { remoteJid: PN, id: "E", fromMe: true }, update: { message: null, messageStubType: 1 } }]);
    await t.session.idle();
    expect(t.rec.acks.map(({ externalId, ack }) => [externalId, ack])).toEqual([
      ["A", 1],
      ["A", 2],
      ["A", 3],
      ["B", 4],
      ["D", 0],
    ]);
    expect(t.rec.acks.at(-1)!.error).toMatchObject({ code: "UNKNOWN" });
  });

  test("group receipts: the first participant's delivery / read / play moves the message", async () => {
    const t = await connectedSession();
    const key = { remoteJid: GROUP, id: "G1", fromMe: true };
    t.sockets.last.emit("message-receipt.update", [
      { key, receipt: { userJid: PN, receiptTimestamp: 1 } },
      { key, receipt: { userJid: PN2, receiptTimestamp: 2 } },
      { key, receipt: { userJid: PN, readTimestamp: 3 } },
      { key, receipt: { userJid: PN2, playedTimestamp: 4 } },
    ]);
    await t.session.idle();
    expect(t.rec.acks.map((a) => a.ack)).toEqual([2, 3, 4]);
  });

  test("a message written on the phone that already carries a delivery state gets that ack after it is stored", async () => {
    const t = await connectedSession({ pictures: false });
    const m = decodeFixture("from-me");
    m.status = 4; // READ
    t.sockets.last.upsert([m]);
    await t.session.idle();
    expect(t.rec.inbound[0]).toMatchObject({ externalId: "3AFFFFFFFFFFFFFFFF01", fromMe: true });
    expect(t.rec.acks).toEqual([{ externalId: "3AFFFFFFFFFFFFFFFF01", ack: 3 }]);
  });
});

describe("whatsapp session: calls", () => {
  test("calls refused by config: rejected and logged in the chat as refused; the plugin itself sends nothing", async () => {
    const t = await connectedSession({ pictures: false, config: { acceptCallWhatsapp: "disabled" } });
    t.sockets.last.call({ id: "CALL-1", from: PN, isVideo: true });
    await until(() => t.rec.inbound.length === 1);
    await t.session.idle();
    expect(t.sockets.last.rejectedCalls).toEqual([{ id: "CALL-1", from: PN }]);
    expect(t.rec.inbound).toHaveLength(1);
    expect(t.rec.inbound[0]).toMatchObject({
      type: "message",
      externalId: "CALL-1",
      fromMe: false,
      kind: "call_log",
      body: "Rejected video call",
      chat: { id: PN },
      callRefused: true,
    });
    // The answer to a refused call is the core's (the company's text, filled and sent as an automated text).
    expect(t.sockets.last.sent).toEqual([]);
  });

  test("calls from a LID with callerPn are logged on the phone chat", async () => {
    const t = await connectedSession({ pictures: false, config: { acceptCallWhatsapp: "disabled" } });
    t.sockets.last.call({ id: "CALL-2", from: LID, callerPn: PN2 });
    await until(() => t.rec.inbound.length === 1);
    expect(t.rec.inbound[0]!.chat).toEqual({ id: PN2, number: "5511912345678" });
  });

  test("calls accepted (default) are left alone; the company settings win over the config when the host has them", async () => {
    const a = await connectedSession({ pictures: false });
    a.sockets.last.call({ id: "CALL-3", from: PN });
    await a.session.idle();
    expect(a.sockets.last.rejectedCalls).toEqual([]);
    expect(a.rec.inbound).toEqual([]);

    const b = await connectedSession({ pictures: false, extras: { settings: async () => ({ acceptCallWhatsapp: "disabled" }) } });
    b.sockets.last.call({ id: "CALL-4", from: PN });
    b.sockets.last.call({ id: "CALL-5", from: GROUP, isGroup: true, groupJid: GROUP });
    await until(() => b.rec.inbound.length === 1);
    await b.session.idle();
    expect(b.sockets.last.rejectedCalls.map((c) => c.id)).toEqual(["CALL-4", "CALL-5"]);
    // Group calls are rejected without a record in any chat.
    expect(b.rec.inbound.map((e) => (e.type === "message" ? e.externalId : e.type))).toEqual(["CALL-4"]);
  });
});

describe("whatsapp session: history import", () => {
  const history = (messages: WAMessage[], progress = 100) => ({ chats: [], contacts: [], messages, progress, isLatest: true });
  const at = (name: string, seconds: number, id?: string): WAMessage => {
    const m = decodeFixture(name);
    m.messageTimestamp = seconds;
    if (id) m.key.id = id;
    return m;
  };

  test("messages inside the import window go to host.importMessage oldest first, with progress", async () => {
    const t = await connectedSession({
      pictures: false,
      config: { enableImportMessage: true, importOldMessages: "2024-11-01T00:00:00Z", importRecentMessages: "2024-11-30T00:00:00Z" },
    });
    expect(t.sockets.last.opts.syncFullHistory).toBe(true);
    t.sockets.last.emit(
      "messaging-history.set",
      history([
        at("text-conversation", Date.parse("2024-11-20T00:00:00Z") / 1000, "H3"),
        at("image-caption", Date.parse("2024-11-10T00:00:00Z") / 1000, "H2"),
        at("group", Date.parse("2024-11-15T00:00:00Z") / 1000, "HG"), // groups not asked for
        at("text-conversation", Date.parse("2024-10-01T00:00:00Z") / 1000, "TOO-OLD"),
        at("text-conversation", Date.parse("2024-12-01T00:00:00Z") / 1000, "TOO-NEW"),
        at("reaction", Date.parse("2024-11-11T00:00:00Z") / 1000, "R"), // not a message: skipped
      ]),
    );
    await t.session.idle();
    expect(t.rec.imported.map((e) => e.externalId)).toEqual(["H2", "H3"]);
    expect(t.rec.inbound).toEqual([]); // never through the live path (no automation on old messages)
    expect(t.rec.progress.at(0)).toEqual({ processed: 0, total: 3, done: false });
    expect(t.rec.progress.at(-1)).toEqual({ processed: 3, total: 3, done: true });
    // The media of imported messages is fetched by the core the same way.
    expect((t.rec.imported[0] as InboundMessage).media?.fetch).toBeFunction();
  });

  test("groups are imported when asked; without import enabled nothing is imported", async () => {
    const t = await connectedSession({ pictures: false, config: { enableImportMessage: true, importOldMessagesGroups: true } });
    t.sockets.last.emit("messaging-history.set", history([at("group", 1732000000, "HG")]));
    await t.session.idle();
    expect(t.rec.imported.map((e) => e.externalId)).toEqual(["HG"]);

    const off = await connectedSession({ pictures: false });
    expect(off.sockets.last.opts.syncFullHistory).toBe(false);
    off.sockets.last.emit("messaging-history.set", history([at("text-conversation", 1732000000, "H1")]));
    await off.session.idle();
    expect(off.rec.imported).toEqual([]);
    expect(off.rec.progress).toEqual([]);
  });

  test("without host.importMessage the import is skipped with a warning", async () => {
    const t = await connectedSession({ pictures: false, extras: false, config: { enableImportMessage: true } });
    t.sockets.last.emit("messaging-history.set", history([at("text-conversation", 1732000000, "H1")]));
    await t.session.idle();
    expect(t.rec.inbound).toEqual([]);
    expect(t.rec.logs.some((l) => l.level === "warn" && l.msg.includes("importMessage"))).toBe(true);
  });
});
