import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { listen } from "../../../tests/helpers/socket-peer";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestSession } from "../../../tests/helpers/test-channel";
import { createConnection } from "../../channels/connections";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Company 1 with queues Q1, Q2, a connection, users of each kind and six tickets:
 * noQueue (pending, no queue), q1 (pending Q1), q2 (pending Q2), adminsQ1 (open Q1, the admin's),
 * ownQ2 (open Q2, plainNone's), group (group ticket).
 */
async function world() {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const db = t.ctx.db;
  const q1 = (await db.insertInto("queues").values({ companyId: 1, name: "Q1", color: "#111111" }).returning("id").executeTakeFirstOrThrow()).id;
  const q2 = (await db.insertInto("queues").values({ companyId: 1, name: "Q2", color: "#222222" }).returning("id").executeTakeFirstOrThrow()).id;
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan", allowGroup: 1 });
  const s = chan.session(connectionId) as TestSession;
  const adminToken = await login(t, ADMIN.email, ADMIN.password);
  const adminId = (await db.selectFrom("users").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;

  const users: Record<string, TestUser> = {
    plainNone: await createUser(t, { companyId: 1, name: "Plain" }),
    plainQ1: await createUser(t, { companyId: 1, name: "Q1 agent" }),
    allTicket: await createUser(t, { companyId: 1, name: "No-queue viewer", allTicket: "enable" }),
    allowGroup: await createUser(t, { companyId: 1, name: "Group viewer", allowGroup: 1 }),
    allUserChat: await createUser(t, { companyId: 1, name: "All chats", allUserChat: "enabled" }),
  };
  await db.insertInto("user_queues").values({ userId: users.plainQ1!.id, queueId: q1, companyId: 1 }).execute();

  const ticketOf = async (from: string, opts: { group?: boolean } = {}) => {
    const r = await s.receive({ from, body: `from ${from}`, group: opts.group, participant: opts.group ? { id: "5511900000009" } : undefined });
    if (r.status !== "stored") throw new Error("not stored");
    return r.ticketId;
  };
  const tickets = {
    noQueue: await ticketOf("5511000000001"),
    q1: await ticketOf("5511000000002"),
    q2: await ticketOf("5511000000003"),
    adminsQ1: await ticketOf("5511000000004"),
    ownQ2: await ticketOf("5511000000005"),
    group: await ticketOf("120363000000000001@g.us", { group: true }),
  };
  await db.updateTable("tickets").set({ queueId: q1 }).where("id", "in", [tickets.q1, tickets.adminsQ1]).execute();
  await db.updateTable("tickets").set({ queueId: q2 }).where("id", "in", [tickets.q2, tickets.ownQ2]).execute();
  await db.updateTable("tickets").set({ status: "open", userId: adminId }).where("id", "=", tickets.adminsQ1).execute();
  await db.updateTable("tickets").set({ status: "open", userId: users.plainNone!.id }).where("id", "=", tickets.ownQ2).execute();
  const uuids = Object.fromEntries(
    await Promise.all(
      Object.entries(tickets).map(async ([k, id]) => [k, (await db.selectFrom("tickets").select("uuid").where("id", "=", id).executeTakeFirstOrThrow()).uuid]),
    ),
  ) as Record<keyof typeof tickets, string>;
  return { t, s, chan, q1, q2, connectionId, adminToken, adminId, users, tickets, uuids };
}

describe("GET /api/tickets and the ticket-scoped routes: visibility matrix", () => {
  test("each role sees exactly its tickets, in the list and on every ticket-scoped route", async () => {
    const w = await world();
    const all = Object.keys(w.tickets) as (keyof typeof w.tickets)[];
    const expected: Record<string, (keyof typeof w.tickets)[]> = {
      admin: all,
      plainNone: ["ownQ2"],
      plainQ1: ["q1"],
      allTicket: ["noQueue"],
      allowGroup: ["group"],
      allUserChat: all,
    };
    const tokens: Record<string, string> = { admin: w.adminToken, ...Object.fromEntries(Object.entries(w.users).map(([k, u]) => [k, u.token])) };
    const tag = (await w.t.ctx.db.insertInto("tags").values({ companyId: 1, name: "Lane", kanban: 1 }).returning("id").executeTakeFirstOrThrow()).id;
    const firstMessage = Object.fromEntries(
      await Promise.all(
        all.map(async (k) => [
          k,
          (await w.t.ctx.db.selectFrom("messages").select("id").where("ticketId", "=", w.tickets[k]).orderBy("id").executeTakeFirstOrThrow()).id,
        ]),
      ),
    ) as Record<keyof typeof w.tickets, number>;
    for (const [who, visible] of Object.entries(expected)) {
      const token = tokens[who]!;
      const list = await w.t.json("GET", "/api/tickets?showAll=true", { token });
      expect(list.status).toBe(200);
      const names = list.body.tickets.map((tk: { id: number }) => all.find((k) => w.tickets[k] === tk.id)).sort();
      expect({ who, names }).toEqual({ who, names: [...visible].sort() });
      expect(list.body.count).toBe(visible.length);
      for (const k of all) {
        const canSee = visible.includes(k);
        const byUuid = await w.t.json("GET", `/api/tickets/u/${w.uuids[k]}`, { token });
        expect({ who, k, status: byUuid.status }).toEqual({ who, k, status: canSee ? 200 : 403 });
        if (!canSee) expect(byUuid.body.error).toBe("ERR_NO_PERMISSION");
        const msgs = await w.t.json("GET", `/api/messages/${w.tickets[k]}`, { token });
        expect({ who, k, status: msgs.status }).toEqual({ who, k, status: canSee ? 200 : 403 });
        const send = await w.t.json("POST", `/api/messages/${w.tickets[k]}`, { token, body: { body: "note", isPrivate: true } });
        expect({ who, k, status: send.status }).toEqual({ who, k, status: canSee ? 200 : 403 });
        const logs = await w.t.json("GET", `/api/tickets-log/${w.tickets[k]}`, { token });
        expect({ who, k, logs: logs.status }).toEqual({ who, k, logs: canSee ? 200 : 403 });
        const tagged = await w.t.json("PUT", `/api/ticket-tags/${w.tickets[k]}/${tag}`, { token });
        expect({ who, k, tagged: tagged.status }).toEqual({ who, k, tagged: canSee ? 200 : 403 });
        const untagged = await w.t.json("DELETE", `/api/ticket-tags/${w.tickets[k]}`, { token });
        expect({ who, k, untagged: untagged.status }).toEqual({ who, k, untagged: canSee ? 200 : 403 });
        // A message of the ticket: found only by those who may see it (then it is simply not audio).
        const transcribed = await w.t.json("GET", `/api/messages/transcribeAudio/${firstMessage[k]}`, { token });
        expect({ who, k, transcribed: transcribed.status }).toEqual({ who, k, transcribed: canSee ? 400 : 403 });
        const reacted = await w.t.json("POST", `/api/messages/${firstMessage[k]}/reactions`, { token, body: { type: "👍" } });
        // Reacting is writing: only on open or group tickets one may see.
        const writable = canSee && (k === "adminsQ1" || k === "ownQ2" || k === "group");
        expect({ who, k, reacted: reacted.status }).toEqual({ who, k, reacted: writable ? 200 : 403 });
      }
    }
  });

  test("without showAll everyone gets the personal view; a plain user's showAll is ignored", async () => {
    const w = await world();
    const names = (body: { tickets: { id: number }[] }) => body.tickets.map((tk) => Object.entries(w.tickets).find(([, id]) => id === tk.id)![0]).sort();
    // The first admin has allTicket enable and allowGroup on, and no queues.
    expect(names((await w.t.json("GET", "/api/tickets", { token: w.adminToken })).body)).toEqual(["adminsQ1", "group", "noQueue"]);
    expect(names((await w.t.json("GET", "/api/tickets?showAll=false&status=open", { token: w.adminToken })).body)).toEqual(["adminsQ1"]);
    expect(names((await w.t.json("GET", "/api/tickets?showAll=true", { token: w.users.plainQ1!.token })).body)).toEqual(["q1"]);
    expect(names((await w.t.json("GET", "/api/tickets?status=pending&showAll=true", { token: w.adminToken })).body)).toEqual(["noQueue", "q1", "q2"]);
    const bad = await w.t.json("GET", "/api/tickets?status=nonsense", { token: w.adminToken });
    expect(bad.status).toBe(400);
  });

  test("list items carry contact, queue, user, whatsapp, tags, unread and last message", async () => {
    const w = await world();
    const tag = await w.t.ctx.db.insertInto("tags").values({ companyId: 1, name: "VIP", color: "#ff0000" }).returning("id").executeTakeFirstOrThrow();
    await w.t.ctx.db.insertInto("ticket_tags").values({ ticketId: w.tickets.adminsQ1, tagId: tag.id, companyId: 1 }).execute();
    const r = await w.t.json("GET", `/api/tickets/u/${w.uuids.adminsQ1}`, { token: w.adminToken });
    expect(r.body).toMatchObject({
      id: w.tickets.adminsQ1,
      status: "open",
      unreadMessages: 1,
      lastMessage: "from 5511000000004",
      isGroup: false,
      contact: { name: "5511000000004", number: "5511000000004" },
      queue: { id: w.q1, name: "Q1", color: "#111111" },
      user: { id: w.adminId, name: "Admin" },
      whatsapp: { id: w.connectionId, name: "Main", channel: "testchan" },
      tags: [{ id: tag.id, name: "VIP", color: "#ff0000" }],
    });
    expect(JSON.stringify(r.body)).not.toContain("token");
  });

  test("40 a page, newest activity first, with hasMore and count", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan" });
    const s = chan.session(id)!;
    for (let i = 0; i < 45; i++) {
      await s.receive({ from: `55110000${String(i).padStart(4, "0")}`, body: `n${i}` });
      t.clock.advance(1000);
    }
    const token = await login(t, ADMIN.email, ADMIN.password);
    const p1 = await t.json("GET", "/api/tickets?status=pending&pageNumber=1&showAll=true", { token });
    expect(p1.body.tickets).toHaveLength(40);
    expect(p1.body).toMatchObject({ hasMore: true, count: 45 });
    expect(p1.body.tickets[0].lastMessage).toBe("n44");
    const p2 = await t.json("GET", "/api/tickets?status=pending&pageNumber=2&showAll=true", { token });
    expect(p2.body.tickets).toHaveLength(5);
    expect(p2.body).toMatchObject({ hasMore: false, count: 45 });
    expect(p2.body.tickets.at(-1).lastMessage).toBe("n0");
  });
});

describe("PUT /api/tickets/:id (accept)", () => {
  test("pending -> open with userId = the actor, logged; then the ticket is the agent's own", async () => {
    const w = await world();
    const token = w.users.plainQ1!.token;
    const res = await w.t.json("PUT", `/api/tickets/${w.tickets.q1}`, { token, body: { status: "open" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.users.plainQ1!.id, user: { name: "Q1 agent" } });
    const logs = await w.t.ctx.db.selectFrom("ticket_logs").select(["type", "userId"]).where("ticketId", "=", w.tickets.q1).orderBy("id").execute();
    expect(logs).toEqual([
      { type: "create", userId: null },
      { type: "open", userId: w.users.plainQ1!.id },
    ]);
    const mine = await w.t.json("GET", "/api/tickets?status=open", { token });
    expect(mine.body.tickets.map((tk: { id: number }) => tk.id)).toEqual([w.tickets.q1]);
    // Accepting again is harmless; accepting a ticket that is not pending is refused.
    expect((await w.t.json("PUT", `/api/tickets/${w.tickets.q1}`, { token, body: { status: "open" } })).status).toBe(200);
    const notPending = await w.t.json("PUT", `/api/tickets/${w.tickets.adminsQ1}`, { token: w.users.allUserChat!.token, body: { status: "open" } });
    expect(notPending.status).toBe(400);
  });

  test("a ticket the user cannot see cannot be accepted; only admins name another user, within the company", async () => {
    const w = await world();
    const denied = await w.t.json("PUT", `/api/tickets/${w.tickets.q2}`, { token: w.users.plainQ1!.token, body: { status: "open" } });
    expect(denied.status).toBe(403);
    const notAllowed = await w.t.json("PUT", `/api/tickets/${w.tickets.noQueue}`, {
      token: w.users.allTicket!.token,
      body: { status: "open", userId: w.users.plainNone!.id },
    });
    expect(notAllowed.status).toBe(403);
    const other = await createCompany(w.t, { name: "Other" });
    const foreign = await w.t.json("PUT", `/api/tickets/${w.tickets.noQueue}`, { token: w.adminToken, body: { status: "open", userId: other.admin.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.userId).toBe("Unknown user");
    const foreignQueue = await w.t.ctx.db
      .insertInto("queues")
      .values({ companyId: other.companyId, name: "X", color: "#333333" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fq = await w.t.json("PUT", `/api/tickets/${w.tickets.noQueue}`, { token: w.adminToken, body: { status: "open", queueId: foreignQueue.id } });
    expect(fq.status).toBe(400);
    const assigned = await w.t.json("PUT", `/api/tickets/${w.tickets.noQueue}`, {
      token: w.adminToken,
      body: { status: "open", userId: w.users.plainNone!.id, queueId: w.q1 },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: "open", userId: w.users.plainNone!.id, queueId: w.q1 });
    const unsupported = await w.t.json("PUT", `/api/tickets/${w.tickets.q2}`, { token: w.adminToken, body: { status: "nps" } });
    expect(unsupported.status).toBe(400);
  });

  test("accepting a group ticket keeps status group", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan", allowGroup: 1, groupAsTicket: "enabled" });
    const r = await chan.session(id)!.receive({ from: "120363000000000009@g.us", group: true, participant: { id: "1" } });
    if (r.status !== "stored") throw new Error("not stored");
    const token = await login(t, ADMIN.email, ADMIN.password);
    const res = await t.json("PUT", `/api/tickets/${r.ticketId}`, { token, body: { status: "open" } });
    expect(res.body).toMatchObject({ status: "group", isGroup: true, userId: 1 });
  });
});

describe("GET /api/messages/:ticketId", () => {
  test("20 a page, the newest first (each page in chronological order); marks read and tells the ticket's audience", async () => {
    const w = await world();
    for (let i = 0; i < 44; i++) await w.s.receive({ from: "5511000000002", body: `m${i}` });
    // Every user online: the frame's audience is judged among the users with a socket open.
    const open = listen(w.t);
    const peers = [open(w.adminToken), ...Object.values(w.users).map((u) => open(u.token))];
    await Promise.all(peers.map((p) => p.opened));
    const frames: { event: string; data: any; opts: any }[] = [];
    const original = w.t.ctx.hub.emit.bind(w.t.ctx.hub);
    w.t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: any) => {
      frames.push({ event, data, opts });
      return original(companyId, event, data, opts);
    }) as typeof w.t.ctx.hub.emit;

    const p1 = await w.t.json("GET", `/api/messages/${w.tickets.q1}`, { token: w.users.plainQ1!.token });
    expect(p1.status).toBe(200);
    expect(p1.body.messages).toHaveLength(20);
    expect(p1.body.hasMore).toBe(true);
    expect(p1.body.messages[0].body).toBe("m24");
    expect(p1.body.messages.at(-1).body).toBe("m43");
    expect(p1.body.ticket).toMatchObject({ id: w.tickets.q1, unreadMessages: 0 });
    const p3 = await w.t.json("GET", `/api/messages/${w.tickets.q1}?pageNumber=3`, { token: w.users.plainQ1!.token });
    expect(p3.body.messages.map((m: { body: string }) => m.body)).toEqual(["from 5511000000002", "m0", "m1", "m2", "m3"]);
    expect(p3.body.hasMore).toBe(false);

    const row = await w.t.ctx.db.selectFrom("tickets").select("unreadMessages").where("id", "=", w.tickets.q1).executeTakeFirstOrThrow();
    expect(row.unreadMessages).toBe(0);
    const unread = frames.filter((f) => f.event === "company-1-ticket");
    expect(unread).toHaveLength(1);
    expect(unread[0]!.data).toEqual({ action: "updateUnread", ticketId: w.tickets.q1 });
    // Exactly the users who can see the ticket: the admin, the Q1 agent and allUserChat.
    expect([...unread[0]!.opts.users].sort()).toEqual([w.adminId, w.users.plainQ1!.id, w.users.allUserChat!.id].sort());
    for (const p of peers) p.close();
    await w.t.app.stop(true);
  });
});

describe("tenant isolation", () => {
  test("another company's admin gets 404 on every ticket-scoped route and sees none of its tickets", async () => {
    const w = await world();
    const other = await createCompany(w.t, { name: "B" });
    const token = other.admin.token;
    const sent = await w.t.json("POST", `/api/messages/${w.tickets.adminsQ1}`, { token: w.adminToken, body: { body: "hello" } });
    expect(sent.status).toBe(200);
    await w.t.ctx.channels.idle();
    await w.t.ctx.db.updateTable("messages").set({ sendStatus: "failed" }).where("id", "=", sent.body.message.id).execute();

    const list = await w.t.json("GET", "/api/tickets?showAll=true", { token });
    expect(list.body).toEqual({ tickets: [], hasMore: false, count: 0, countCapped: false });
    for (const [method, path, body] of [
      ["GET", `/api/tickets/u/${w.uuids.q1}`],
      ["PUT", `/api/tickets/${w.tickets.q1}`, { status: "open" }],
      ["GET", `/api/messages/${w.tickets.q1}`],
      ["POST", `/api/messages/${w.tickets.q1}`, { body: "hi", isPrivate: true }],
      ["POST", `/api/messages/${sent.body.message.id}/retry`],
      ["DELETE", `/api/tickets/${w.tickets.q1}`],
      ["GET", `/api/tickets-log/${w.tickets.q1}`],
      ["PUT", `/api/ticket-tags/${w.tickets.q1}/1`],
      ["DELETE", `/api/ticket-tags/${w.tickets.q1}`],
      ["POST", `/api/messages/edit/${sent.body.message.id}`, { body: "hacked" }],
      ["DELETE", `/api/messages/${sent.body.message.id}`],
      ["POST", `/api/messages/${sent.body.message.id}/reactions`, { type: "👍" }],
      ["GET", `/api/messages/transcribeAudio/${sent.body.message.id}`],
    ] as const) {
      const r = await w.t.json(method, path, { token, body });
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    const after = await w.t.ctx.db.selectFrom("messages").select(["id"]).where("companyId", "=", other.companyId).execute();
    expect(after).toHaveLength(0);
    const forwarded = await w.t.json("POST", "/api/message/forward", { token, body: { messageId: sent.body.message.id, contactId: 1 } });
    expect(forwarded.status).toBe(400);
    expect(await w.t.ctx.db.selectFrom("messages").select(["body", "isDeleted"]).where("id", "=", sent.body.message.id).executeTakeFirstOrThrow()).toEqual({
      body: "hello",
      isDeleted: 0,
    });
    expect(await w.t.ctx.db.selectFrom("tickets").select("deletedAt").where("id", "=", w.tickets.q1).executeTakeFirstOrThrow()).toEqual({ deletedAt: null });
    expect((await w.t.ctx.db.selectFrom("tickets").select("status").where("id", "=", w.tickets.q1).executeTakeFirstOrThrow()).status).toBe("pending");
  });

  test("malformed ids and uuids are validation errors, and no token is 401", async () => {
    const w = await world();
    expect((await w.t.json("GET", "/api/tickets/u/not-a-uuid", { token: w.adminToken })).status).toBe(400);
    expect((await w.t.json("GET", "/api/messages/abc", { token: w.adminToken })).status).toBe(400);
    expect((await w.t.json("GET", `/api/tickets/u/${crypto.randomUUID()}`, { token: w.adminToken })).status).toBe(404);
    expect((await w.t.json("GET", "/api/tickets")).status).toBe(401);
    expect((await w.t.json("POST", `/api/messages/${w.tickets.q1}`, { body: { body: "x" } })).status).toBe(401);
  });
});
