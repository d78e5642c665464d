import { afterEach, describe, expect, test } from "bun:test";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestChannel, type TestSession } from "../../tests/helpers/test-channel";
import { messagesMatch, messagesQuery } from "../modules/search/fts";
import { createConnection, type CreateConnectionInput } from "./connections";
import type { InboundHookEvent } from "./inbound";

const PNG_1PX = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(conn: Partial<CreateConnectionInput> = {}) {
  const chan: TestChannel = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const { id } = await createConnection(t.ctx, 1, { name: "Test", channel: "testchan", ...conn });
  const s: TestSession = chan.session(id)!;
  return { t, chan, connectionId: id, s };
}

const counts = async (app: ChannelTestApp) => {
  const one = async (table: "contacts" | "tickets" | "messages") =>
    Number(
      (
        await app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { contacts: await one("contacts"), tickets: await one("tickets"), messages: await one("messages") };
};

describe("inbound pipeline", () => {
  test("a text creates contact, pending ticket, message, log, and events after commit", async () => {
    const { t, s, connectionId } = await setup();
    const events: string[] = [];
    for (const name of ["contact.created", "ticket.created", "message.created"] as const) t.ctx.bus.on(name, () => void events.push(name));
    const r = await s.receive({ from: "5511999990001", name: "Ana", body: "Olá, preciso de atenção", externalId: "w1" });
    expect(r.status).toBe("stored");
    if (r.status !== "stored") throw new Error(`not stored: ${r.status}`);
    expect(r.ticketCreated).toBe(true);
    const ticket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", r.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      status: "pending",
      whatsappId: connectionId,
      unreadMessages: 1,
      lastMessage: "Olá, preciso de atenção",
      channel: "testchan",
      isGroup: 0,
      companyId: 1,
    });
    const contact = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", r.contactId).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Ana", number: "5511999990001", identity: "5511999990001", channel: "testchan", companyId: 1 });
    const msg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ origin: "contact", fromMe: 0, sendStatus: null, externalId: "w1", connectionId, ticketId: ticket.id, contactId: contact.id });
    const logs = await t.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", ticket.id).execute();
    expect(logs.map((l) => l.type)).toEqual(["create"]);
    expect(events.sort()).toEqual(["contact.created", "message.created", "ticket.created"]);
  });

  test("a contact added by hand with the chat's number and no identity becomes the chat's contact, not a second one", async () => {
    const { t, s } = await setup();
    const at = "2026-11-26T10:00:00.000Z";
    const added = async (companyId: number, channel: string, name: string) =>
      (
        await t.ctx.db
          .insertInto("contacts")
          .values({ companyId, name, number: "5511988887777", email: "", channel, createdAt: at, updatedAt: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const other = await t.ctx.db.insertInto("companies").values({ name: "Other Co", planId: 1 }).returning("id").executeTakeFirstOrThrow();
    const elsewhere = await added(other.id, "testchan", "Other company's Carla");
    const otherChannel = await added(1, "webchat", "Carla on web chat");
    const mine = await added(1, "testchan", "Carla (typed by an agent)");
    const r = await s.receive({ from: "5511988887777", name: "carla.wa", body: "oi", externalId: "claim-1" });
    if (r.status !== "stored") throw new Error(r.status);
    expect(r.contactId).toBe(mine);
    const contact = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", mine).executeTakeFirstOrThrow();
    // The name the agent typed is kept; the identity is the channel's.
    expect(contact).toMatchObject({ identity: "5511988887777", name: "Carla (typed by an agent)", number: "5511988887777" });
    for (const id of [elsewhere, otherChannel]) {
      expect((await t.ctx.db.selectFrom("contacts").select("identity").where("id", "=", id).executeTakeFirstOrThrow()).identity).toBeNull();
    }
    const again = await s.receive({ from: "5511988887777", body: "de novo", externalId: "claim-2" });
    if (again.status !== "stored") throw new Error(again.status);
    expect(again.contactId).toBe(mine);
    expect(
      Number(
        (
          await t.ctx.db
            .selectFrom("contacts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("number", "=", "5511988887777")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
  });

  test("a repeated externalId is stored once (sequential and simultaneous)", async () => {
    const { t, s } = await setup();
    const first = await s.receive({ from: "5511999990002", externalId: "dup-1", body: "one" });
    const again = await s.receive({ from: "5511999990002", externalId: "dup-1", body: "one" });
    expect(first.status).toBe("stored");
    expect(again.status).toBe("duplicate");
    const burst = await Promise.all(Array.from({ length: 10 }, () => s.receive({ from: "5511999990002", externalId: "dup-2", body: "two" })));
    expect(burst.filter((r) => r.status === "stored")).toHaveLength(1);
    expect(burst.filter((r) => r.status === "duplicate")).toHaveLength(9);
    expect((await counts(t)).messages).toBe(2);
    const ticket = await t.ctx.db.selectFrom("tickets").select("unreadMessages").executeTakeFirstOrThrow();
    expect(ticket.unreadMessages).toBe(2);
  });

  test("the non-closed ticket is reused", async () => {
    const { t, s } = await setup();
    const a = await s.receive({ from: "5511999990003", body: "a" });
    const b = await s.receive({ from: "5511999990003", body: "b" });
    expect(a.status === "stored" && b.status === "stored" && a.ticketId === b.ticketId).toBe(true);
    expect(b.status === "stored" && b.ticketCreated).toBe(false);
    await t.ctx.db.updateTable("tickets").set({ status: "open", userId: 1 }).execute();
    const c = await s.receive({ from: "5511999990003", body: "c" });
    expect(c.status === "stored" && a.status === "stored" && c.ticketId === a.ticketId).toBe(true);
    expect(await counts(t)).toEqual({ contacts: 1, tickets: 1, messages: 3 });
  });

  test("a closed ticket is reopened as pending within timeCreateNewTicket, else a new ticket is created", async () => {
    const { t, s } = await setup({ timeCreateNewTicket: 10 });
    const close = async (id: number) =>
      t.ctx.db.updateTable("tickets").set({ status: "closed", userId: 1, updatedAt: t.clock.now().toISOString() }).where("id", "=", id).execute();
    const first = await s.receive({ from: "5511999990004", body: "hi" });
    if (first.status !== "stored") throw new Error("not stored");
    await close(first.ticketId);

    t.clock.advance(9 * 60_000);
    const reopened = await s.receive({ from: "5511999990004", body: "again" });
    expect(reopened.status === "stored" && reopened.ticketId).toBe(first.ticketId);
    const row = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", first.ticketId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", userId: null });
    const logs = await t.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", first.ticketId).orderBy("id").execute();
    expect(logs.map((l) => l.type)).toEqual(["create", "reopen"]);

    await close(first.ticketId);
    t.clock.advance(11 * 60_000);
    const fresh = await s.receive({ from: "5511999990004", body: "later" });
    expect(fresh.status === "stored" && fresh.ticketCreated).toBe(true);
    expect(fresh.status === "stored" && fresh.ticketId).not.toBe(first.ticketId);
    expect((await counts(t)).tickets).toBe(2);
  });

  test("with timeCreateNewTicket 0 a closed ticket is never reopened", async () => {
    const { t, s } = await setup();
    const first = await s.receive({ from: "5511999990005", body: "hi" });
    if (first.status !== "stored") throw new Error("not stored");
    await t.ctx.db.updateTable("tickets").set({ status: "closed" }).execute();
    const second = await s.receive({ from: "5511999990005", body: "hi again" });
    expect(second.status === "stored" && second.ticketCreated).toBe(true);
  });

  test("100 simultaneous first messages from one new contact: 1 contact, 1 ticket, 100 messages in order", async () => {
    const { t, s } = await setup();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => s.receive({ from: "5511999990100", name: "Burst", body: `m${i}`, externalId: `burst-${i}` })),
    );
    expect(results.every((r) => r.status === "stored")).toBe(true);
    expect(results.filter((r) => r.status === "stored" && r.ticketCreated)).toHaveLength(1);
    expect(await counts(t)).toEqual({ contacts: 1, tickets: 1, messages: 100 });
    const ticket = await t.ctx.db.selectFrom("tickets").select(["unreadMessages", "lastMessage"]).executeTakeFirstOrThrow();
    expect(ticket).toEqual({ unreadMessages: 100, lastMessage: "m99" });
    const bodies = await t.ctx.db.selectFrom("messages").select("body").orderBy("id").execute();
    expect(bodies.map((b) => b.body)).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}`));
    // Group commit: the burst went through far fewer transactions than messages.
    expect(t.ctx.channels.inbound.stats.batches).toBeLessThan(50);
  });

  test("simultaneous first messages of many new contacts: one ticket each", async () => {
    const { t, s } = await setup();
    await Promise.all(Array.from({ length: 300 }, (_, i) => s.receive({ from: `55119000${String(i % 30).padStart(5, "0")}`, body: `x${i}` })));
    expect(await counts(t)).toEqual({ contacts: 30, tickets: 30, messages: 300 });
  });

  test("group chats: dropped unless allowGroup; status 'group' unless groupAsTicket is enabled", async () => {
    const off = await setup();
    const dropped = await off.s.receive({ from: "120363000000000001@g.us", group: true, name: "Team", participant: { id: "5511988887777", name: "Bia" } });
    expect(dropped).toEqual({ status: "dropped", reason: "group_not_allowed" });
    expect(await counts(off.t)).toEqual({ contacts: 0, tickets: 0, messages: 0 });
    await off.t.close();
    t = undefined;

    const on = await setup({ allowGroup: 1 });
    const r = await on.s.receive({
      from: "120363000000000001@g.us",
      group: true,
      name: "Team",
      participant: { id: "5511988887777", name: "Bia" },
      body: "bom dia",
    });
    if (r.status !== "stored") throw new Error("not stored");
    const ticket = await on.t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", r.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: "group", isGroup: 1 });
    const contact = await on.t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", r.contactId).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ isGroup: 1, name: "Team" });
    const msg = await on.t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ participant: "5511988887777", senderName: "Bia" });
    await on.t.close();
    t = undefined;

    const asTicket = await setup({ allowGroup: 1, groupAsTicket: "enabled" });
    const g = await asTicket.s.receive({ from: "120363000000000002@g.us", group: true, name: "Sales", participant: { id: "5511977776666" } });
    if (g.status !== "stored") throw new Error("not stored");
    const gt = await asTicket.t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", g.ticketId).executeTakeFirstOrThrow();
    expect(gt).toMatchObject({ status: "pending", isGroup: 1 });
  });

  test("fromMe messages (sent from the phone) have origin phone and clear unread", async () => {
    const { t, s } = await setup();
    await s.receive({ from: "5511999990006", body: "hello" });
    const r = await s.receive({ from: "5511999990006", body: "answer from phone", fromMe: true });
    if (r.status !== "stored") throw new Error("not stored");
    const msg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ origin: "phone", fromMe: 1, ack: 1, sendStatus: null });
    const ticket = await t.ctx.db.selectFrom("tickets").select("unreadMessages").executeTakeFirstOrThrow();
    expect(ticket.unreadMessages).toBe(0);
  });

  test("the channel's name replaces only a placeholder; the picture is refreshed", async () => {
    const { t, s } = await setup();
    await s.receive({ from: "5511999990007", body: "1" });
    let c = await t.ctx.db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
    expect(c.name).toBe("5511999990007");
    await s.receive({ from: "5511999990007", name: "Carla", picture: "https://p/1.jpg", body: "2" });
    c = await t.ctx.db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
    expect(c).toMatchObject({ name: "Carla", urlPicture: "https://p/1.jpg" });
    await t.ctx.db.updateTable("contacts").set({ name: "Carla (VIP)" }).execute();
    await s.receive({ from: "5511999990007", name: "Carla", picture: "https://p/2.jpg", body: "3" });
    c = await t.ctx.db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
    expect(c).toMatchObject({ name: "Carla (VIP)", urlPicture: "https://p/2.jpg" });
  });

  test("contacts are per company: the same identity in two companies gives two contacts", async () => {
    const { t } = await setup();
    const chan2 = await t.ctx.db.insertInto("companies").values({ name: "B", planId: 1, dueDate: "2999-12-31" }).returning("id").executeTakeFirstOrThrow();
    const { id } = await createConnection(t.ctx, chan2.id, { name: "B conn", channel: "testchan" });
    const sB = t.ctx.channels.sessions.session(id) as TestSession;
    const sA = t.ctx.channels.sessions.session(
      (await t.ctx.db.selectFrom("connections").select("id").where("companyId", "=", 1).executeTakeFirstOrThrow()).id,
    ) as TestSession;
    await sA.receive({ from: "5511999990008", body: "a", externalId: "same" });
    await sB.receive({ from: "5511999990008", body: "b", externalId: "same" });
    const rows = await t.ctx.db.selectFrom("contacts").select(["companyId"]).orderBy("companyId").execute();
    expect(rows.map((r) => r.companyId)).toEqual([1, chan2.id]);
    expect((await counts(t)).messages).toBe(2);
  });

  test("reactions, edits and revokes update the message; the search index follows (accents ignored)", async () => {
    const { t, s, connectionId } = await setup();
    const r = await s.receive({ from: "5511999990009", body: "Preciso de atenção urgente", externalId: "e1" });
    if (r.status !== "stored") throw new Error("not stored");
    const search = async (q: string) =>
      (
        await t.ctx.db
          .selectFrom("messages_fts")
          .select("messages_fts.rowid")
          .where(messagesMatch(t.ctx.db, messagesQuery(t.ctx.db, q)!.exact))
          .execute()
      ).map((x) => x.rowid);
    expect(await search("atencao")).toEqual([r.messageId]);

    const chat = { id: "5511999990009" };
    expect((await s.host.inbound({ type: "reaction", externalId: "e1", chat, fromMe: false, emoji: "👍" })).status).toBe("updated");
    expect((await s.host.inbound({ type: "reaction", externalId: "e1", chat, fromMe: false, emoji: "❤️" })).status).toBe("updated");
    const reactions = await t.ctx.db.selectFrom("message_reactions").select(["emoji", "reactor"]).execute();
    expect(reactions).toEqual([{ emoji: "❤️", reactor: "contact:5511999990009" }]);
    await s.host.inbound({ type: "reaction", externalId: "e1", chat, fromMe: false, emoji: "" });
    expect(await t.ctx.db.selectFrom("message_reactions").select("id").execute()).toHaveLength(0);

    await s.host.inbound({ type: "edit", externalId: "e1", chat, body: "Já resolvi, obrigado" });
    expect(await search("atencao")).toEqual([]);
    expect(await search("resolvi")).toEqual([r.messageId]);
    await s.host.inbound({ type: "revoke", externalId: "e1", chat });
    const msg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ isDeleted: 1, isEdited: 1, connectionId });
    expect(await search("resolvi")).toEqual([]);
    expect((await s.host.inbound({ type: "revoke", externalId: "nope", chat })).status).toBe("dropped");
  });

  test("quoted replies point at the quoted message", async () => {
    const { t, s } = await setup();
    await s.receive({ from: "5511999990010", body: "first", externalId: "q1" });
    const r = await s.receive({ from: "5511999990010", body: "reply", externalId: "q2", quotedExternalId: "q1" });
    if (r.status !== "stored") throw new Error("not stored");
    const [q1, q2] = await t.ctx.db.selectFrom("messages").select(["id", "quotedMsgId"]).orderBy("id").execute();
    expect(q2!.quotedMsgId).toBe(q1!.id);
  });

  test("media goes through the media store (fetched once, only for new messages)", async () => {
    const { t, s } = await setup();
    let fetches = 0;
    const media = {
      fetch: async () => {
        fetches++;
        return PNG_1PX;
      },
      mime: "image/png",
      name: "photo.png",
    };
    const r = await s.receive({ from: "5511999990011", body: "", externalId: "img1", media });
    await s.receive({ from: "5511999990011", body: "", externalId: "img1", media });
    expect(fetches).toBe(1);
    if (r.status !== "stored") throw new Error("not stored");
    const msg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", r.messageId).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ mediaType: "image", mimetype: "image/png", mediaName: "photo.png" });
    expect(msg.mediaKey).toMatch(/^[0-9a-f]{32}$/);
    const ticket = await t.ctx.db.selectFrom("tickets").select("lastMessage").executeTakeFirstOrThrow();
    expect(ticket.lastMessage).toBe("photo.png");

    const bad = await s.receive({
      from: "5511999990011",
      body: "see attachment",
      externalId: "exe1",
      media: { data: new TextEncoder().encode("MZ\u0090\u0000 not allowed"), name: "x.exe" },
    });
    if (bad.status !== "stored") throw new Error("not stored");
    const badMsg = await t.ctx.db.selectFrom("messages").selectAll().where("id", "=", bad.messageId).executeTakeFirstOrThrow();
    expect(badMsg.mediaKey).toBeNull();
    expect(JSON.parse(badMsg.data!).mediaError).toBe("ERR_MEDIA_TYPE_NOT_ALLOWED");
  });

  test("a group message that will be dropped never downloads its media", async () => {
    const off = await setup();
    let fetches = 0;
    const media = {
      fetch: async () => {
        fetches++;
        return PNG_1PX;
      },
      mime: "image/png",
      name: "photo.png",
    };
    const group = { from: "120363000000000003@g.us", group: true, name: "Team", participant: { id: "5511988887777" }, body: "" };
    expect(await off.s.receive({ ...group, externalId: "g-img-1", media })).toEqual({ status: "dropped", reason: "group_not_allowed" });
    expect(fetches).toBe(0);
    expect(await counts(off.t)).toEqual({ contacts: 0, tickets: 0, messages: 0 });
    await off.t.close();

    const on = await setup({ allowGroup: 1 });
    t = on.t;
    const r = await on.s.receive({ ...group, externalId: "g-img-2", media });
    expect(r.status).toBe("stored");
    expect(fetches).toBe(1);
  });

  test("malformed events are refused without writing; a deleted connection drops its events", async () => {
    const { t, s, connectionId } = await setup();
    expect((await s.host.inbound({ type: "message", externalId: "", fromMe: false, body: "x", chat: { id: "1" } })).status).toBe("dropped");
    expect((await s.receive({ from: "5511999990012", body: "   " })).status).toBe("dropped");
    await t.ctx.db.updateTable("connections").set({ deletedAt: t.clock.now().toISOString() }).where("id", "=", connectionId).execute();
    expect(await s.receive({ from: "5511999990012", body: "late" })).toEqual({ status: "dropped", reason: "connection_deleted" });
    expect(await counts(t)).toEqual({ contacts: 0, tickets: 0, messages: 0 });
  });

  test("the automation hook runs after commit for live messages (the phone's too, marked fromMe), in order per ticket", async () => {
    const { t, s } = await setup();
    const seen: InboundHookEvent[] = [];
    t.ctx.channels.onInbound(async (e) => {
      const row = await t!.ctx.db.selectFrom("messages").select("id").where("id", "=", e.messageId).executeTakeFirst();
      expect(row).toEqual({ id: e.messageId });
      seen.push(e);
    });
    await s.receive({ from: "5511999990013", body: "1" });
    await s.receive({ from: "5511999990013", body: "2" });
    await s.receive({ from: "5511999990013", body: "3", fromMe: true });
    await t.ctx.channels.idle();
    expect(seen.map((e) => e.ticketCreated)).toEqual([true, false, false]);
    expect(seen.map((e) => e.fromMe)).toEqual([false, false, true]);
    expect(seen[0]!.ticketId).toBe(seen[1]!.ticketId);
    expect(seen[0]!.messageId).toBeLessThan(seen[1]!.messageId);
  });

  test("host.contact creates the contact once without a ticket", async () => {
    const { t, s } = await setup();
    const [a, b] = await Promise.all([s.host.contact({ id: "visitor-1", name: "Visitor" }), s.host.contact({ id: "visitor-1", name: "Visitor" })]);
    expect(a.id).toBe(b.id);
    expect(await counts(t)).toEqual({ contacts: 1, tickets: 0, messages: 0 });
  });

  test("plugin state persists per connection", async () => {
    const { s } = await setup();
    await s.host.authState.set("creds", { me: "x" });
    await s.host.authState.setMany({ "k:1": 1, "k:2": [2], creds: null });
    expect(await s.host.authState.get("creds")).toBeUndefined();
    expect(await s.host.authState.getMany(["k:1", "k:2", "k:3"])).toEqual({ "k:1": 1, "k:2": [2], "k:3": undefined });
    await s.host.authState.clear();
    expect(await s.host.authState.get("k:1")).toBeUndefined();
  });
});

void ADMIN;
