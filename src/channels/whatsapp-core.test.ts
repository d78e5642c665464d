/**
 * The channels core's WhatsApp follow-ups, driven through the real WhatsApp plugin on its fake Baileys socket
 * (plugins/channels/whatsapp/testing): the LID merge with an open ticket on each side, re-sync after a drop, a
 * restart restoring the session from the store, pairing by phone number, the company's call settings, and the
 * history import with its progress.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { WAMessage } from "baileys";
import { whatsappOnCore } from "../../plugins/channels/whatsapp/testing/core";
import { until } from "../../plugins/channels/whatsapp/testing/setup";
import { createUser } from "../../tests/helpers/factories";
import type { ChannelTestApp } from "../../tests/helpers/test-channel";
import { setCompanySetting } from "../modules/settings/queries";
import { eventually } from "../../tests/contract/channel-contract";

const LID = "204981163454231@lid";
const PN = "5511912345678@s.whatsapp.net";
const ANA = "5511987654321@s.whatsapp.net";

const text = (remoteJid: string, id: string, body: string, seconds = 1732579200): WAMessage => ({
  key: { remoteJid, id, fromMe: false },
  message: { conversation: body },
  messageTimestamp: seconds,
  pushName: "Fabi",
});

let h: Awaited<ReturnType<typeof whatsappOnCore>> | undefined;
let extra: ChannelTestApp | undefined;
afterEach(async () => {
  await extra?.close();
  await h?.t.close();
  h = undefined;
  extra = undefined;
});

const messageRow = (app: ChannelTestApp, externalId: string) =>
  app.ctx.db.selectFrom("messages").selectAll().where("externalId", "=", externalId).executeTakeFirst();
const connRow = (app: ChannelTestApp, id: number) => app.ctx.db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("whatsapp on the core", () => {
  test("LID merge with an open ticket on each side: one live ticket keeps every message; later LID messages land there", async () => {
    h = await whatsappOnCore();
    const { t, sockets } = h;
    await h.connect();
    sockets.last.upsert([text(PN, "P1", "pelo número")]);
    const p1 = await eventually(() => messageRow(t, "P1"));
    t.clock.advance(60_000);
    sockets.last.upsert([text(LID, "L1", "pelo lid")]);
    const l1 = await eventually(() => messageRow(t, "L1"));
    expect(l1.contactId).not.toBe(p1.contactId);
    // Both tickets taken by agents.
    await t.ctx.db.updateTable("tickets").set({ status: "open", userId: 1 }).where("id", "in", [p1.ticketId, l1.ticketId]).execute();

    // WhatsApp tells the plugin who the LID is; the plugin asks the core to merge.
    sockets.last.emit("lid-mapping.update", { lid: LID, pn: PN });
    await eventually(async () => !(await t.ctx.db.selectFrom("contacts").select("id").where("identity", "=", LID).executeTakeFirst()));

    const tickets = await t.ctx.db.selectFrom("tickets").select(["id", "status", "contactId", "mergedIntoId"]).orderBy("id").execute();
    // Both open: the more recently updated (the LID's) survives.
    expect(tickets).toEqual([
      { id: p1.ticketId, status: "closed", contactId: p1.contactId!, mergedIntoId: l1.ticketId },
      { id: l1.ticketId, status: "open", contactId: p1.contactId!, mergedIntoId: null },
    ]);
    // The person writes again under the LID: the plugin now knows the number, so it is the same contact and ticket.
    sockets.last.upsert([text(LID, "L2", "de novo")]);
    const l2 = await eventually(() => messageRow(t, "L2"));
    expect(l2).toMatchObject({ ticketId: l1.ticketId, contactId: p1.contactId });
    const all = await t.ctx.db.selectFrom("messages").select("externalId").where("ticketId", "=", l1.ticketId).orderBy("id").execute();
    expect(all.map((m) => m.externalId)).toEqual(["P1", "L1", "L2"]);
  });

  test("after a drop and reconnect, the messages delivered for the gap are stored once, in their tickets", async () => {
    h = await whatsappOnCore();
    const { t, sockets } = h;
    const id = await h.connect();
    sockets.last.upsert([text(ANA, "M1", "antes da queda")]);
    const m1 = await eventually(() => messageRow(t, "M1"));

    sockets.last.close(428, "Connection Terminated");
    await eventually(async () => (await connRow(t, id)).status === "DISCONNECTED");
    expect((await connRow(t, id)).droppedAt).not.toBeNull();
    // The core starts a new session after its backoff; the stored credentials open it without a QR code.
    await until(() => sockets.made.length === 3, 3_000);
    sockets.last.connecting();
    sockets.last.open();
    await eventually(async () => (await connRow(t, id)).status === "CONNECTED");
    expect((await connRow(t, id)).droppedAt).toBeNull();

    // WhatsApp hands over what came in meanwhile (offline 'append'), repeating one we already have, then live ones.
    sockets.last.upsert([text(ANA, "M1", "antes da queda"), text(ANA, "M2", "durante"), text(ANA, "M3", "ainda durante")], "append");
    sockets.last.upsert([text(ANA, "M4", "depois")]);
    await eventually(() => messageRow(t, "M4"));
    await t.ctx.channels.idle();
    const rows = await t.ctx.db.selectFrom("messages").select(["externalId", "ticketId"]).orderBy("id").execute();
    expect(rows).toEqual(["M1", "M2", "M3", "M4"].map((externalId) => ({ externalId, ticketId: m1.ticketId })));
  });

  test("a restart restores the session from the store: no new QR code", async () => {
    h = await whatsappOnCore();
    const id = await h.connect();
    await h.t.ctx.channels.idle();
    const linked = (await connRow(h.t, id)).number;
    expect(linked).toBe("5511900000000");
    const made = h.sockets.made.length;
    const restarted = await h.t.restart();
    h.t = restarted;
    // Boot launched the session: a new socket on the credentials kept in channel_state.
    await until(() => h!.sockets.made.length === made + 1, 3_000);
    expect(h.sockets.last.opts.auth.creds.me?.id).toBe("5511900000000:9@s.whatsapp.net");
    const states = await restarted.ctx.db.selectFrom("channel_state").select("key").where("connectionId", "=", id).execute();
    expect(states.map((s) => s.key)).toContain("creds");
    h.sockets.last.connecting();
    h.sockets.last.open();
    await eventually(async () => (await connRow(restarted, id)).status === "CONNECTED");
    expect(await connRow(restarted, id)).toMatchObject({ qrcode: "", number: "5511900000000" });
  });

  test("pairing by phone number: POST /api/whatsappsession/:id/pairing shows the code as status PAIRING", async () => {
    h = await whatsappOnCore();
    const { t, sockets, adminToken: token } = h;
    const created = await t.json("POST", "/api/whatsapp", { token, body: { name: "Loja", channel: "whatsapp-e2e" } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await until(() => sockets.made.length === 1, 3_000);
    sockets.last.connecting();
    sockets.last.qr("2@FIRST-QR");
    await eventually(async () => (await connRow(t, id)).status === "qrcode");

    const bad = await t.json("POST", `/api/whatsappsession/${id}/pairing`, { token, body: { number: "12345" } });
    expect(bad).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { number: "Invalid number" } } });
    const ok = await t.json("POST", `/api/whatsappsession/${id}/pairing`, { token, body: { number: "+55 (11) 91234-5678" } });
    expect(ok).toMatchObject({ status: 200, body: { code: "ABCD-1234" } });
    expect(sockets.last.pairingRequests).toEqual(["5511912345678"]);
    await t.ctx.channels.idle();
    expect(await connRow(t, id)).toMatchObject({ status: "PAIRING", qrcode: "ABCD-1234" });
    const shown = await t.json("GET", `/api/whatsapp/${id}`, { token });
    expect(shown.body).toMatchObject({ status: "PAIRING", qrcode: "ABCD-1234" });

    // The phone confirms (Baileys marks the paired device registered): linked; a second request is refused.
    sockets.last.emit("creds.update", { registered: true });
    sockets.last.scanned("5511912345678:3@s.whatsapp.net");
    await until(() => sockets.made.length === 2, 3_000);
    sockets.last.connecting();
    sockets.last.open();
    await eventually(async () => (await connRow(t, id)).status === "CONNECTED");
    const again = await t.json("POST", `/api/whatsappsession/${id}/pairing`, { token, body: { number: "5511912345678" } });
    expect(again).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });

    // A disconnected connection is started first, then paired.
    expect((await t.json("DELETE", `/api/whatsappsession/${id}`, { token })).status).toBe(200);
    await t.ctx.channels.idle();
    const pending = t.json("POST", `/api/whatsappsession/${id}/pairing`, { token, body: { number: "5511912345678" } });
    await until(() => sockets.made.length === 3, 3_000);
    sockets.last.connecting();
    sockets.last.qr("2@AFTER-LOGOUT");
    expect(await pending).toMatchObject({ status: 200, body: { code: "ABCD-1234" } });

    // Channels that do not pair by number, unknown ids, other companies.
    const web = await t.json("POST", "/api/whatsapp", { token, body: { name: "Site", channel: "webchat" } });
    const refused = await t.json("POST", `/api/whatsappsession/${web.body.id}/pairing`, { token, body: { number: "5511912345678" } });
    expect(refused).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { channel: "Invalid value" } } });
    expect((await t.json("POST", "/api/whatsappsession/4242/pairing", { token, body: { number: "5511912345678" } })).body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await t.json("POST", `/api/whatsappsession/${id}/pairing`, { body: { number: "5511912345678" } })).status).toBe(401);
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    expect((await t.json("POST", `/api/whatsappsession/${id}/pairing`, { token: agent.token, body: { number: "5511912345678" } })).status).toBe(403);
  });

  test("calls follow the company's acceptCallWhatsapp and AcceptCallWhatsappMessage settings: the text is the core's, filled and sent by the bot", async () => {
    h = await whatsappOnCore();
    const { t, sockets } = h;
    const connectionId = await h.connect();
    const now = t.clock.now().toISOString();
    await setCompanySetting(t.ctx.db, 1, "acceptCallWhatsapp", "disabled", now);
    await setCompanySetting(t.ctx.db, 1, "AcceptCallWhatsappMessage", "{{firstName}}, {{connection}} não atende ligações: escreva aqui. {{desconhecido}}", now);
    sockets.last.call({ id: "CALL-1", from: ANA });
    await eventually(async () => sockets.last.sent.length === 1);
    expect(sockets.last.rejectedCalls).toEqual([{ id: "CALL-1", from: ANA }]);
    const contact = await t.ctx.db.selectFrom("contacts").select("name").where("companyId", "=", 1).executeTakeFirstOrThrow();
    const connection = await t.ctx.db.selectFrom("connections").select("name").where("id", "=", connectionId).executeTakeFirstOrThrow();
    const filled = `${contact.name.split(" ")[0]}, ${connection.name} não atende ligações: escreva aqui. {{desconhecido}}`;
    expect(sockets.last.sent.map((m) => ("text" in m.content ? m.content.text : ""))).toEqual([filled]);
    const rows = await t.ctx.db.selectFrom("messages").select(["mediaType", "body", "origin", "fromMe"]).orderBy("id").execute();
    expect(rows).toEqual([
      { mediaType: "call_log", body: expect.any(String), origin: "contact", fromMe: 0 },
      { mediaType: null, body: filled, origin: "bot", fromMe: 1 },
    ]);
    // The same call offered again is one record, answered once.
    sockets.last.call({ id: "CALL-1", from: ANA });
    await Bun.sleep(300);
    expect(sockets.last.sent).toHaveLength(1);

    // Calls taken again: a call is left to ring, and nothing is logged or sent.
    await setCompanySetting(t.ctx.db, 1, "acceptCallWhatsapp", "enabled", now);
    sockets.last.call({ id: "CALL-2", from: ANA });
    await Bun.sleep(300);
    expect(sockets.last.rejectedCalls).toHaveLength(2);
    expect(sockets.last.sent).toHaveLength(1);
  });

  test("history import: the connection's columns reach the plugin, old messages land in imported tickets, progress is shown", async () => {
    const frames: { event: string; data: any }[] = [];
    h = await whatsappOnCore({
      connection: { enableImportMessage: 1, importOldMessages: "2024-11-01T00:00:00.000Z", importRecentMessages: "2024-11-30T00:00:00.000Z" },
    });
    const { t, sockets } = h;
    const queue = await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Importados", color: "#654321" }).returning("id").executeTakeFirstOrThrow();
    const original = t.ctx.hub.emit.bind(t.ctx.hub);
    t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: unknown) => {
      frames.push({ event, data });
      return original(companyId, event, data, opts as never);
    }) as typeof t.ctx.hub.emit;
    const id = await h.connect();
    await t.ctx.db.updateTable("connections").set({ queueIdImportMessages: queue.id }).where("id", "=", id).execute();
    expect(sockets.last.opts.syncFullHistory).toBe(true);

    const at = (iso: string) => Date.parse(iso) / 1000;
    sockets.last.emit("messaging-history.set", {
      chats: [],
      contacts: [],
      messages: [
        text(ANA, "H2", "segunda antiga", at("2024-11-12T10:00:00Z")),
        text(ANA, "H1", "primeira antiga", at("2024-11-10T10:00:00Z")),
        text(ANA, "OLD", "fora da janela", at("2024-10-01T10:00:00Z")),
      ],
      progress: 100,
      isLatest: true,
    });
    await eventually(async () => (await connRow(t, id)).statusImportMessages?.includes("renderButtonCloseTickets"));
    const rows = await t.ctx.db.selectFrom("messages").select(["externalId", "createdAt", "ticketId"]).orderBy("id").execute();
    expect(rows.map((r) => [r.externalId, r.createdAt])).toEqual([
      ["H1", "2024-11-10T10:00:00.000Z"],
      ["H2", "2024-11-12T10:00:00.000Z"],
    ]);
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", rows[0]!.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: "pending", queueId: queue.id, lastMessage: "segunda antiga", unreadMessages: 0 });
    expect(ticket.imported).not.toBeNull();
    const progress = frames.filter((f) => f.event === "importMessages-1").map((f) => f.data);
    expect(progress.at(0)).toMatchObject({ action: "update", status: { this: 0, all: 2 } });
    expect(progress.at(-1)).toEqual({ action: "refresh" });
  });
});
