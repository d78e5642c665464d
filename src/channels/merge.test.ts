import { afterEach, describe, expect, test } from "bun:test";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestSession } from "../../tests/helpers/test-channel";
import { createConnection } from "./connections";
import { survivorOf } from "./merge";

const LID = "204981163454231@lid";
const PN = "5511912345678@s.whatsapp.net";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
  const s: TestSession = chan.session(connectionId)!;
  const events: { name: string; id: number }[] = [];
  t.ctx.bus.on("contact.updated", ({ contactId }) => void events.push({ name: "contact.updated", id: contactId }));
  t.ctx.bus.on("contact.deleted", ({ contactId }) => void events.push({ name: "contact.deleted", id: contactId }));
  t.ctx.bus.on("ticket.updated", ({ ticketId }) => void events.push({ name: "ticket.updated", id: ticketId }));
  return { t, chan, s, connectionId, events };
}

const fromLid = (s: TestSession, externalId: string, body = "pelo lid") => s.receive({ from: LID, number: "", body, externalId });
const fromPhone = (s: TestSession, externalId: string, body = "pelo número") =>
  s.receive({ from: PN, number: "5511912345678", name: "Fabi", body, externalId });

function stored<T extends { status: string }>(r: T): Extract<T, { status: "stored" }> {
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  return r as Extract<T, { status: "stored" }>;
}

const contactBy = (app: ChannelTestApp, identity: string) => app.ctx.db.selectFrom("contacts").selectAll().where("identity", "=", identity).executeTakeFirst();
const ticket = (app: ChannelTestApp, id: number) => app.ctx.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("contact merge (host.mergeChats)", () => {
  test("an open ticket on each side: one survives with every message, the other is closed as merged, logs kept", async () => {
    const { t, s, connectionId, events } = await setup();
    const p1 = stored(await fromPhone(s, "p1", "primeira pelo número"));
    t.clock.advance(60_000);
    const l1 = stored(await fromLid(s, "l1", "primeira pelo lid"));
    const l2 = stored(await fromLid(s, "l2", "segunda pelo lid"));
    expect(l2.ticketId).toBe(l1.ticketId);
    expect(l1.contactId).not.toBe(p1.contactId);
    expect(l1.ticketId).not.toBe(p1.ticketId);
    // What people attached to the LID contact and its ticket.
    const tag = await t.ctx.db.insertInto("tags").values({ companyId: 1, name: "VIP" }).returning("id").executeTakeFirstOrThrow();
    await t.ctx.db.insertInto("contact_tags").values({ contactId: l1.contactId, tagId: tag.id, companyId: 1 }).execute();
    await t.ctx.db.insertInto("ticket_tags").values({ ticketId: l1.ticketId, tagId: tag.id, companyId: 1 }).execute();
    await t.ctx.db
      .insertInto("contact_extra_info")
      .values([
        { contactId: l1.contactId, companyId: 1, name: "cpf", value: "123" },
        { contactId: l1.contactId, companyId: 1, name: "city", value: "Recife" },
        { contactId: p1.contactId, companyId: 1, name: "city", value: "São Paulo" },
      ])
      .execute();
    await t.ctx.db.updateTable("contacts").set({ email: "fabi@example.com" }).where("id", "=", l1.contactId).execute();
    await t.ctx.db.insertInto("ticket_notes").values({ companyId: 1, note: "ligar amanhã", contactId: l1.contactId, ticketId: l1.ticketId }).execute();
    events.length = 0;

    await s.host.mergeChats!(LID, PN);

    // The LID ticket was updated last, so it survives, now the phone contact's; the phone's ticket is closed, merged.
    const survivor = await ticket(t, l1.ticketId);
    const absorbed = await ticket(t, p1.ticketId);
    expect(survivor).toMatchObject({ status: "pending", contactId: p1.contactId, mergedIntoId: null, unreadMessages: 3, lastMessage: "segunda pelo lid" });
    expect(absorbed).toMatchObject({ status: "closed", contactId: p1.contactId, mergedIntoId: l1.ticketId, unreadMessages: 0 });
    const messages = await t.ctx.db
      .selectFrom("messages")
      .select(["externalId", "ticketId", "contactId"])
      .where("connectionId", "=", connectionId)
      .orderBy("id")
      .execute();
    expect(messages).toEqual([
      { externalId: "p1", ticketId: l1.ticketId, contactId: p1.contactId },
      { externalId: "l1", ticketId: l1.ticketId, contactId: p1.contactId },
      { externalId: "l2", ticketId: l1.ticketId, contactId: p1.contactId },
    ]);
    const live = await t.ctx.db.selectFrom("tickets").select("id").where("contactId", "=", p1.contactId).where("status", "<>", "closed").execute();
    expect(live).toEqual([{ id: l1.ticketId }]);
    const logs = async (id: number) =>
      (await t.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", id).orderBy("id").execute()).map((l) => l.type);
    expect(await logs(l1.ticketId)).toEqual(["create"]);
    expect(await logs(p1.ticketId)).toEqual(["create", "closed"]);

    // The LID contact is gone; what it carried is on the phone contact (its own values win).
    expect(await contactBy(t, LID)).toBeUndefined();
    expect(await contactBy(t, PN)).toMatchObject({ id: p1.contactId, name: "Fabi", email: "fabi@example.com", number: "5511912345678" });
    expect(await t.ctx.db.selectFrom("contact_tags").select("tagId").where("contactId", "=", p1.contactId).execute()).toEqual([{ tagId: tag.id }]);
    const extra = await t.ctx.db.selectFrom("contact_extra_info").select(["name", "value"]).where("contactId", "=", p1.contactId).orderBy("name").execute();
    expect(extra).toEqual([
      { name: "city", value: "São Paulo" },
      { name: "cpf", value: "123" },
    ]);
    expect(await t.ctx.db.selectFrom("ticket_tags").select("ticketId").where("tagId", "=", tag.id).execute()).toEqual([{ ticketId: l1.ticketId }]);
    expect(await t.ctx.db.selectFrom("ticket_notes").select(["contactId", "ticketId"]).execute()).toEqual([{ contactId: p1.contactId, ticketId: l1.ticketId }]);
    // Published after the commit: both tickets changed, the phone contact changed, the LID contact left.
    expect(events).toContainEqual({ name: "contact.deleted", id: l1.contactId });
    expect(events).toContainEqual({ name: "contact.updated", id: p1.contactId });
    expect(events).toContainEqual({ name: "ticket.updated", id: l1.ticketId });
    expect(events).toContainEqual({ name: "ticket.updated", id: p1.ticketId });

    // Idempotent: the pair again changes nothing.
    events.length = 0;
    await s.host.mergeChats!(LID, PN);
    expect(events).toEqual([]);
    expect(await ticket(t, l1.ticketId)).toEqual(survivor);

    // The next message from the person goes to the surviving ticket; the merged one is never reopened.
    const next = stored(await fromPhone(s, "p2", "de novo"));
    expect(next.ticketId).toBe(l1.ticketId);
  });

  test("the ticket a person has taken survives, whatever was updated last", async () => {
    const { t, s } = await setup();
    const l1 = stored(await fromLid(s, "l1"));
    await t.ctx.db.updateTable("tickets").set({ status: "open", userId: 1 }).where("id", "=", l1.ticketId).execute();
    t.clock.advance(60_000);
    const p1 = stored(await fromPhone(s, "p1"));
    await s.host.mergeChats!(LID, PN);
    expect(await ticket(t, l1.ticketId)).toMatchObject({ status: "open", userId: 1, contactId: p1.contactId, mergedIntoId: null });
    expect(await ticket(t, p1.ticketId)).toMatchObject({ status: "closed", mergedIntoId: l1.ticketId });
  });

  test("survivor rule: taken first, then the more recently updated, and on a tie the phone side", () => {
    const at = (status: string, updatedAt: string) => ({ status, updatedAt });
    const phone = at("pending", "2025-01-01T10:00:00.000Z");
    expect(survivorOf(phone, at("pending", "2025-01-01T09:00:00.000Z"))).toBe(phone);
    expect(survivorOf(phone, at("pending", "2025-01-01T10:00:00.000Z"))).toBe(phone);
    const newer = at("pending", "2025-01-01T11:00:00.000Z");
    expect(survivorOf(phone, newer)).toBe(newer);
    const taken = at("open", "2025-01-01T08:00:00.000Z");
    expect(survivorOf(phone, taken)).toBe(taken);
    const phoneTaken = at("open", "2025-01-01T07:00:00.000Z");
    expect(survivorOf(phoneTaken, newer)).toBe(phoneTaken);
  });

  test("no phone contact yet: the LID contact is re-keyed to the phone id, keeping its tickets", async () => {
    const { t, s, events } = await setup();
    const l1 = stored(await fromLid(s, "l1"));
    events.length = 0;
    await s.host.mergeChats!(LID, PN);
    expect(await contactBy(t, LID)).toBeUndefined();
    // The placeholder name (the LID itself) becomes the number; the channel's name replaces it at the next message.
    expect(await contactBy(t, PN)).toMatchObject({ id: l1.contactId, number: "5511912345678", name: "5511912345678" });
    expect(events).toEqual([{ name: "contact.updated", id: l1.contactId }]);
    const next = stored(await fromPhone(s, "p1"));
    expect(next).toMatchObject({ contactId: l1.contactId, ticketId: l1.ticketId });
    expect(await contactBy(t, PN)).toMatchObject({ name: "Fabi" });
  });

  test("tickets on other connections follow the contact; closed history moves too", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const a = (await createConnection(t.ctx, 1, { name: "A", channel: "testchan" })).id;
    const b = (await createConnection(t.ctx, 1, { name: "B", channel: "testchan" })).id;
    const sa = chan.session(a)!;
    const sb = chan.session(b)!;
    const oldLid = stored(await fromLid(sa, "a-old"));
    await t.ctx.db.updateTable("tickets").set({ status: "closed" }).where("id", "=", oldLid.ticketId).execute();
    const lidOnB = stored(await fromLid(sb, "b-l1"));
    const phoneOnA = stored(await fromPhone(sa, "a-p1"));
    await sa.host.mergeChats!(LID, PN);
    const tickets = await t.ctx.db.selectFrom("tickets").select(["id", "whatsappId", "status", "contactId", "mergedIntoId"]).orderBy("id").execute();
    expect(tickets).toEqual([
      { id: oldLid.ticketId, whatsappId: a, status: "closed", contactId: phoneOnA.contactId, mergedIntoId: null },
      { id: lidOnB.ticketId, whatsappId: b, status: "pending", contactId: phoneOnA.contactId, mergedIntoId: null },
      { id: phoneOnA.ticketId, whatsappId: a, status: "pending", contactId: phoneOnA.contactId, mergedIntoId: null },
    ]);
  });

  test("messages arriving around the merge are all kept, in one live ticket, in arrival order", async () => {
    const { t, s } = await setup();
    stored(await fromPhone(s, "p0"));
    stored(await fromLid(s, "l0"));
    // Handed over together: before the merge (LID), the merge, after it (phone, as the plugin now names the chat).
    const before = [fromLid(s, "l1"), fromLid(s, "l2")];
    const merge = s.host.mergeChats!(LID, PN);
    const after = [fromPhone(s, "p1"), fromPhone(s, "p2")];
    const results = await Promise.all([...before, merge, ...after]);
    expect(results.filter((r) => r && typeof r === "object" && "status" in r && r.status !== "stored")).toEqual([]);
    await t.ctx.channels.idle();
    const phone = (await contactBy(t, PN))!;
    const live = await t.ctx.db.selectFrom("tickets").select("id").where("contactId", "=", phone.id).where("status", "<>", "closed").execute();
    expect(live).toHaveLength(1);
    const inLive = await t.ctx.db.selectFrom("messages").select("externalId").where("ticketId", "=", live[0]!.id).orderBy("id").execute();
    expect(inLive.map((m) => m.externalId)).toEqual(["p0", "l0", "l1", "l2", "p1", "p2"]);
    expect(await contactBy(t, LID)).toBeUndefined();
  });

  test("merges naming the same pair both ways at once do not wait on each other", async () => {
    const { t, s } = await setup();
    stored(await fromLid(s, "l1"));
    stored(await fromPhone(s, "p1"));
    await Promise.all([s.host.mergeChats!(LID, PN), s.host.mergeChats!(PN, LID), s.host.mergeChats!(LID, LID)]);
    const contacts = await t.ctx.db.selectFrom("contacts").select("identity").execute();
    expect(contacts).toHaveLength(1);
    expect(await t.ctx.db.selectFrom("messages").select("id").execute()).toHaveLength(2);
  });
});
