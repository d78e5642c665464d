import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { ADMIN, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createUser, login } from "../../tests/helpers/factories";
import { flush, listen, type Peer, probe, shutdown, tokenFor, within } from "../../tests/helpers/socket-peer";
import { loadActor } from "../http/auth";

const ACCESS_TTL_MS = 15 * 60 * 1000;

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

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

describe("refused sockets", () => {
  test("missing, junk, forged, wrong-type and stale tokens are closed with 4001 ERR_UNAUTHORIZED", async () => {
    const exp = Math.floor(t.clock.now().getTime() / 1000) + 600;
    const claims = { sub: "1", cid: 1, tv: 0, typ: "access", exp };
    const wrongSecret = await new SignJWT({ cid: 1, tv: 0, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode("not-the-server-secret-at-all-0123456789"));
    const genuine = await tokenFor(t, 1);
    const { token: refresh } = await t.ctx.tokens.signRefresh({ userId: 1, companyId: 1, tokenVersion: 0 });
    const otherCompany = await t.ctx.tokens.signAccess({ userId: 1, companyId: 2, tokenVersion: 0 });
    await t.ctx.db.updateTable("users").set({ tokenVersion: 1 }).where("id", "=", 1).execute();

    const cases = {
      missing: undefined,
      empty: "",
      junk: "abc.def",
      algNone: `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
      wrongSecret,
      refresh,
      otherCompany,
      staleVersion: genuine,
    };
    for (const [name, token] of Object.entries(cases)) {
      const peer = connect(token);
      expect({ name, ...(await within(peer.closed, 2000, name)) }).toEqual({ name, code: 4001, reason: "ERR_UNAUTHORIZED" });
      expect(peer.frames).toEqual([]);
    }
  });

  test("an expired but genuine token is closed with 4003 ERR_SESSION_EXPIRED", async () => {
    const token = await tokenFor(t, 1);
    t.clock.advance(ACCESS_TTL_MS + 1000);
    expect(await within(connect(token).closed, 2000, "close")).toEqual({ code: 4003, reason: "ERR_SESSION_EXPIRED" });
  });

  test("a refused socket never joins the hub", async () => {
    const good = connect(await tokenFor(t, 1));
    await good.opened;
    const bad = connect("junk");
    await bad.closed;
    t.ctx.hub.emit(1, "company-1-x", { n: 1 });
    await good.next("company-1-x");
    expect(bad.frames).toEqual([]);
  });

  test("a plain HTTP request to the socket path is a JSON 404, not a 500", async () => {
    const inProcess = await t.json("GET", `/api/socket?token=${await tokenFor(t, 1)}`);
    expect([inProcess.status, inProcess.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    const overHttp = await fetch(`http://127.0.0.1:${t.app.server!.port}/api/socket`);
    expect([overHttp.status, (await overHttp.json()).error]).toEqual([404, "ERR_NOT_FOUND"]);
  });
});

describe("token expiry while connected", () => {
  test("sweep() closes a socket once the clock passes its token's expiry, not before", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    t.clock.advance(ACCESS_TTL_MS - 5000);
    t.ctx.hub.sweep();
    await flush(t, peer, 1);
    expect(peer.isOpen).toBe(true);
    t.clock.advance(10_000);
    t.ctx.hub.sweep();
    expect(await within(peer.closed, 1000, "close")).toEqual({ code: 4003, reason: "ERR_SESSION_EXPIRED" });
  });

  test("an expired socket gets no further events and is closed by the emit", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    t.clock.advance(ACCESS_TTL_MS + 1000);
    t.ctx.hub.emit(1, "company-1-x", { secret: true });
    expect(await within(peer.closed, 1000, "close")).toEqual({ code: 4003, reason: "ERR_SESSION_EXPIRED" });
    expect(peer.received("company-1-x")).toEqual([]);
  });

  test("an expired socket that sends a frame is closed", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    t.clock.advance(ACCESS_TTL_MS + 1000);
    peer.send({ event: "joinNotification" });
    expect(await within(peer.closed, 1000, "close")).toEqual({ code: 4003, reason: "ERR_SESSION_EXPIRED" });
  });
});

describe("sessions ended by auth", () => {
  test("logout: the socket gets company-1-auth logout, then is closed within 1 s", async () => {
    const token = await login(t, ADMIN.email, ADMIN.password);
    const peer = connect(token);
    await peer.opened;
    expect((await t.json("DELETE", "/api/auth/logout", { token })).status).toBe(200);
    const closed = await within(peer.closed, 1000, "close after logout");
    expect(closed).toEqual({ code: 4001, reason: "ERR_UNAUTHORIZED" });
    expect(peer.received("company-1-auth")).toEqual([{ event: "company-1-auth", data: { action: "logout", user: { id: 1 } } }]);
  });

  test("a newer login closes the older socket and keeps the newer one", async () => {
    const first = connect(await login(t, ADMIN.email, ADMIN.password));
    await first.opened;
    const second = connect(await login(t, ADMIN.email, ADMIN.password));
    await second.opened;
    expect(await within(first.closed, 1000, "old socket closed")).toEqual({ code: 4001, reason: "ERR_UNAUTHORIZED" });
    expect(first.received("company-1-auth").map((f) => f.data)).toEqual([{ action: "login", user: { id: 1 } }]);
    // The login's event may be handled after the new socket registered; the new socket must survive that too.
    await t.ctx.hub.endUserSessions(1, "login");
    await flush(t, second, 1);
    expect(second.isOpen).toBe(true);
    expect(second.received("company-1-auth")).toEqual([]);
  });

  test("a password reset ends the user's sockets with action reset", async () => {
    const user = await createUser(t, { companyId: 1, name: "Agent" });
    const peer = connect(user.token);
    await peer.opened;
    expect((await t.json("POST", `/api/forgetpassword/${encodeURIComponent(user.email)}`)).status).toBe(200);
    const code = /\b(\d{6})\b/.exec(t.mails.at(-1)!.text)![1];
    const reset = await t.json("POST", "/api/resetpasswords", { body: { email: user.email, token: code, password: "NewSecret123" } });
    expect(reset.status).toBe(200);
    expect(await within(peer.closed, 1000, "close after reset")).toEqual({ code: 4001, reason: "ERR_UNAUTHORIZED" });
    expect(peer.received("company-1-auth").map((f) => f.data)).toEqual([{ action: "reset", user: { id: user.id } }]);
  });

  test("other users' sockets are untouched when one user's session ends", async () => {
    const user = await createUser(t, { companyId: 1, name: "Agent" });
    const other = connect(user.token);
    const token = await login(t, ADMIN.email, ADMIN.password);
    const mine = connect(token);
    await Promise.all([other.opened, mine.opened]);
    await t.json("DELETE", "/api/auth/logout", { token });
    await within(mine.closed, 1000, "close");
    await flush(t, other, 1);
    expect(other.isOpen).toBe(true);
  });

  test("a socket authenticated before its session ended but registered after is closed at once", async () => {
    const stale = (await loadActor(t.ctx, 1))!;
    await t.ctx.db
      .updateTable("users")
      .set({ tokenVersion: stale.tokenVersion + 1 })
      .where("id", "=", 1)
      .execute();
    await t.ctx.hub.endUserSessions(1, "login");
    const closes: number[] = [];
    const sent: string[] = [];
    t.ctx.hub.connect("late", { send: (f) => sent.push(f), close: (code) => closes.push(code) }, stale, t.clock.now().getTime() + 60_000);
    expect(closes).toEqual([4001]);
    t.ctx.hub.emit(1, "company-1-x", {});
    expect(sent).toEqual([]);
  });
});

describe("client frames", () => {
  test("malformed and unknown frames are ignored and logged at debug; the socket keeps working", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    const junk: unknown[] = [
      "not json",
      "{broken",
      "null",
      "42",
      "[]",
      new Uint8Array([1, 2, 3]),
      { nope: 1 },
      { event: "joinEverything" },
      { event: "joinTickets" },
      { event: "joinTickets", data: "OPEN; drop" },
      { event: "joinTickets", data: { $gt: "" } },
      { event: "joinChatBox", data: "abc" },
      { event: "joinChatBox", data: -1 },
      { event: "joinChatBox", data: 1.5 },
      { event: "joinChatBox", data: "99999999999999999999" },
      { event: "joinChat", data: "../../etc" },
      { event: "__proto__", data: {} },
    ];
    for (const frame of junk) peer.send(frame);
    peer.send({ event: "joinChatBox", data: "42" });
    await probe(t, peer, 1, "ticket:42");
    expect(peer.isOpen).toBe(true);
    const ignored = t.logs.filter((l) => l.includes('"socket frame ignored"'));
    expect(ignored.length).toBe(junk.length);
    expect(ignored.every((l) => JSON.parse(l).level === "debug")).toBe(true);
    expect(t.logs.some((l) => JSON.parse(l).level === "error")).toBe(false);

    // An invalid join created no room.
    t.ctx.hub.emit(1, "company-1-x", {}, { room: ["status:OPEN; drop", "ticket:NaN", "chat:../../etc"] });
    await flush(t, peer, 1);
    expect(peer.received("company-1-x")).toEqual([]);
  });

  test("joinChatBox accepts a number or a numeric string; leaveChatBox leaves", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    peer.send({ event: "joinChatBox", data: 7 });
    await probe(t, peer, 1, "ticket:7");
    peer.send({ event: "leaveChatBox", data: "7" });
    peer.send({ event: "joinNotification" });
    await probe(t, peer, 1, "notification");
    t.ctx.hub.emit(1, "company-1-ticket", { id: 7 }, { room: "ticket:7" });
    await flush(t, peer, 1);
    expect(peer.received("company-1-ticket")).toEqual([]);
  });

  test("joinChat and joinTickets put the socket in chat:<uuid> and status:<status>", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    const uuid = crypto.randomUUID();
    peer.send({ event: "joinChat", data: uuid.toUpperCase() });
    peer.send({ event: "joinTickets", data: "pending" });
    await probe(t, peer, 1, `chat:${uuid}`);
    await probe(t, peer, 1, "status:pending");
    peer.send({ event: "leaveTickets", data: "pending" });
    peer.send({ event: "leaveChat", data: uuid });
    peer.send({ event: "joinNotification" });
    await probe(t, peer, 1, "notification");
    t.ctx.hub.emit(1, "company-1-x", {}, { room: ["status:pending", `chat:${uuid}`] });
    await flush(t, peer, 1);
    expect(peer.received("company-1-x")).toEqual([]);
  });

  test("a socket keeps at most 200 rooms, dropping the oldest", async () => {
    const peer = connect(await tokenFor(t, 1));
    await peer.opened;
    for (let id = 1; id <= 201; id++) peer.send({ event: "joinChatBox", data: id });
    await probe(t, peer, 1, "ticket:201");
    t.ctx.hub.emit(1, "company-1-x", { id: 1 }, { room: "ticket:1" });
    t.ctx.hub.emit(1, "company-1-x", { id: 2 }, { room: "ticket:2" });
    await flush(t, peer, 1);
    expect(peer.received("company-1-x").map((f) => f.data)).toEqual([{ id: 2 }]);
  });
});

describe("shutdown", () => {
  test("closeAll closes every socket with 1001 and refuses new ones", async () => {
    const a = connect(await tokenFor(t, 1));
    await a.opened;
    t.ctx.hub.closeAll();
    expect(await within(a.closed, 1000, "close")).toEqual({ code: 1001, reason: "Server shutting down" });
    const b = connect(await tokenFor(t, 1));
    expect((await within(b.closed, 1000, "close")).code).toBe(1001);
  });
});
