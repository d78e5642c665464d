import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createCompany, createUser } from "../../tests/helpers/factories";
import { flush, listen, type Peer, probe, shutdown, tokenFor, until, within } from "../../tests/helpers/socket-peer";
import type { BusEvents } from "./events";
import { companyEvent, Hub, rooms } from "./hub";

let t: TestApp;
let connect: (token?: string) => Peer;
let peers: Peer[];

beforeEach(async () => {
  t = await createTestApp();
  const open = listen(t);
  peers = [];
  connect = (token) => {
    const peer = open(token);
    peers.push(peer);
    return peer;
  };
});

afterEach(() => shutdown(t, peers));

async function connectAs(userId: number): Promise<Peer> {
  const peer = connect(await tokenFor(t, userId));
  await peer.opened;
  return peer;
}

const userRow = (id: number) => t.ctx.db.selectFrom("users").select(["online", "lastSeenAt"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("tenant isolation", () => {
  test("a socket of company B never receives company A's events, whatever room it joined", async () => {
    const { companyId: companyB, admin: adminB } = await createCompany(t, { name: "B" });
    const a = await connectAs(1);
    const b = await connectAs(adminB.id);
    for (const peer of [a, b]) peer.send({ event: "joinChatBox", data: 42 });
    await probe(t, a, 1, rooms.ticket(42));
    await probe(t, b, companyB, rooms.ticket(42));

    t.ctx.hub.emit(1, companyEvent(1, "ticket"), { id: 42 });
    t.ctx.hub.emit(1, companyEvent(1, "ticket"), { id: 42, room: true }, { room: rooms.ticket(42) });
    t.ctx.hub.emit(1, companyEvent(1, "ticket"), { id: 42, user: true }, { users: [adminB.id] });
    t.ctx.hub.emit(1, companyEvent(1, "ticket"), { id: 42, shaped: true }, { shape: (_actor, d) => d });

    await a.next(companyEvent(1, "ticket"), (d) => d.shaped);
    await flush(t, b, companyB);
    expect(b.frames.filter((f) => f.event !== "probe" && f.event !== "flush" && !f.event.endsWith("-user"))).toEqual([]);
    expect(b.frames.some((f) => JSON.stringify(f).includes("company-1-"))).toBe(false);
    expect(a.received(companyEvent(1, "ticket")).map((f) => f.data)).toEqual([{ id: 42 }, { id: 42, room: true }, { id: 42, shaped: true }]);
  });
});

describe("emit options", () => {
  let admin: Peer;
  let agent: Peer;
  let agentId: number;

  beforeEach(async () => {
    agentId = (await createUser(t, { companyId: 1, name: "Agent" })).id;
    admin = await connectAs(1);
    agent = await connectAs(agentId);
    admin.send({ event: "joinTickets", data: "open" });
    admin.send({ event: "joinNotification" });
    agent.send({ event: "joinChatBox", data: "42" });
    await probe(t, admin, 1, rooms.notification);
    await probe(t, agent, 1, rooms.ticket(42));
  });

  const got = (peer: Peer) => peer.received("company-1-ticket").map((f) => f.data);
  const settle = () => Promise.all([flush(t, admin, 1), flush(t, agent, 1)]);

  test("room: only sockets that joined one of the rooms", async () => {
    t.ctx.hub.emit(1, "company-1-ticket", { n: 1 }, { room: rooms.status("open") });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 2 }, { room: rooms.ticket(42) });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 3 }, { room: [rooms.status("pending"), rooms.ticket(42), rooms.notification] });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 4 }, { room: rooms.ticket(43) });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 5 });
    await settle();
    expect(got(admin)).toEqual([{ n: 1 }, { n: 3 }, { n: 5 }]);
    expect(got(agent)).toEqual([{ n: 2 }, { n: 3 }, { n: 5 }]);
  });

  test("users: only those users' sockets, and room and users must both hold", async () => {
    t.ctx.hub.emit(1, "company-1-ticket", { n: 1 }, { users: [agentId] });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 2 }, { users: [agentId], room: rooms.notification });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 3 }, { users: [1, agentId], room: rooms.notification });
    t.ctx.hub.emit(1, "company-1-ticket", { n: 4 }, { users: [] });
    await settle();
    expect(got(admin)).toEqual([{ n: 3 }]);
    expect(got(agent)).toEqual([{ n: 1 }]);
  });

  test("shape: each recipient gets its own payload; undefined skips the recipient", async () => {
    const ticket = { id: 42, contact: { name: "Maria", number: "5511999990000" } };
    t.ctx.hub.emit(
      1,
      "company-1-ticket",
      { action: "update", ticket },
      {
        shape: (actor, d) =>
          actor.profile === "admin" ? d : { ...d, ticket: { ...d.ticket, contact: { name: d.ticket.contact.name, number: "55119****0000" } } },
      },
    );
    t.ctx.hub.emit(1, "company-1-ticket", { action: "delete", ticketId: 42 }, { shape: (actor, d) => (actor.userId === agentId ? d : undefined) });
    await settle();
    expect(got(admin)).toEqual([{ action: "update", ticket }]);
    expect(got(agent)).toEqual([
      { action: "update", ticket: { id: 42, contact: { name: "Maria", number: "55119****0000" } } },
      { action: "delete", ticketId: 42 },
    ]);
  });

  test("a throwing shaper skips that recipient, is logged, and the others still receive", async () => {
    t.ctx.hub.emit(
      1,
      "company-1-ticket",
      { n: 1 },
      {
        shape: (actor, d) => {
          if (actor.userId === 1) throw new Error("boom");
          return d;
        },
      },
    );
    await settle();
    expect(got(admin)).toEqual([]);
    expect(got(agent)).toEqual([{ n: 1 }]);
    expect(t.logs.some((l) => l.includes("socket payload shaper failed") && l.includes("boom"))).toBe(true);
  });

  test("an emit to a company without sockets is a no-op", () => {
    expect(() => t.ctx.hub.emit(999, "company-999-ticket", {})).not.toThrow();
  });
});

describe("presence", () => {
  beforeEach(() => t.clock.set(new Date("2030-01-01T12:00:00.000Z")));

  test("first socket sets online and announces it; the last socket's close sets offline and announces it", async () => {
    const published: BusEvents["user.presence"][] = [];
    t.ctx.bus.on("user.presence", (e) => void published.push(e));
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    const admin = await connectAs(1);
    expect(await admin.next("company-1-user", (d) => d.user.id === 1)).toEqual({ action: "update", user: { id: 1, name: "Admin", online: true } });

    const s1 = await connectAs(agent.id);
    expect(await admin.next("company-1-user", (d) => d.user.id === agent.id)).toEqual({
      action: "update",
      user: { id: agent.id, name: "Agent", online: true },
    });
    expect((await userRow(agent.id)).online).toBe(1);
    expect((await userRow(agent.id)).lastSeenAt).toBe(t.clock.now().toISOString());

    const s2 = await connectAs(agent.id);
    s1.close();
    await s1.closed;
    await until(async () => published.length >= 2, "presence published");
    await flush(t, admin, 1);
    expect(admin.received("company-1-user", (d) => d.user.id === agent.id).length).toBe(1);
    expect((await userRow(agent.id)).online).toBe(1);

    t.clock.advance(60_000);
    s2.close();
    expect(await admin.next("company-1-user", (d) => d.user.id === agent.id && d.user.online === false)).toEqual({
      action: "update",
      user: { id: agent.id, name: "Agent", online: false },
    });
    expect(await userRow(agent.id)).toEqual({ online: 0, lastSeenAt: t.clock.now().toISOString() });
    expect(published).toEqual([
      { companyId: 1, userId: 1, online: true },
      { companyId: 1, userId: agent.id, online: true },
      { companyId: 1, userId: agent.id, online: false },
    ]);
  });

  test("presence is announced to the user's company only", async () => {
    const { companyId: companyB, admin: adminB } = await createCompany(t, { name: "B" });
    const b = await connectAs(adminB.id);
    await b.next(`company-${companyB}-user`, (d) => d.user.id === adminB.id);
    const a = await connectAs(1);
    await a.next("company-1-user", (d) => d.user.id === 1);
    await flush(t, b, companyB);
    expect(b.received("company-1-user")).toEqual([]);
  });

  test("userStatus refreshes lastSeenAt", async () => {
    const peer = await connectAs(1);
    await until(async () => (await userRow(1)).online === 1, "online");
    t.clock.advance(5 * 60_000);
    peer.send({ event: "userStatus" });
    const expected = t.clock.now().toISOString();
    await until(async () => (await userRow(1)).lastSeenAt === expected, "lastSeenAt moved");
    expect((await userRow(1)).online).toBe(1);
  });

  // One instance holds SQLite, so nobody is online when it starts. On PostgreSQL another instance's users stay online
  // (src/realtime/presence.test.ts), and a dead instance's presence expires instead.
  test("on SQLite a new hub marks users left online by a previous process as offline", async () => {
    const one = await createTestApp({}, { store: "sqlite" });
    try {
      await one.ctx.db.updateTable("users").set({ online: 1 }).execute();
      const hub = new Hub(one.ctx);
      try {
        const online = async () => (await one.ctx.db.selectFrom("users").select("online").where("id", "=", 1).executeTakeFirstOrThrow()).online;
        await until(async () => (await online()) === 0, "presence reset");
      } finally {
        hub.closeAll();
      }
    } finally {
      await one.close();
    }
  });

  test("a socket closed by the hub (session ended) also ends presence", async () => {
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    const admin = await connectAs(1);
    const s = await connectAs(agent.id);
    await admin.next("company-1-user", (d) => d.user.id === agent.id && d.user.online);
    await t.ctx.db.updateTable("users").set({ tokenVersion: 5 }).where("id", "=", agent.id).execute();
    await t.ctx.hub.endUserSessions(agent.id, "logout");
    await within(s.closed, 1000, "close");
    await admin.next("company-1-user", (d) => d.user.id === agent.id && d.user.online === false);
    expect((await userRow(agent.id)).online).toBe(0);
  });
});
