/**
 * The web-chat plugin over real HTTP and WebSocket (app.listen on an ephemeral port): identity, isolation between
 * visitors and connections, private notes, rate limits, idempotent posts, attachments, live replies and acks.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createConnection, deleteConnection } from "../../../src/channels/connections";
import type { Config } from "../../../src/config";
import { createCompany } from "../../../tests/helpers/factories";
import { Peer, until, within } from "../../../tests/helpers/socket-peer";
import type { VisitorMessage } from "./session";
import { http, type RefusingWebchatSession, startWebchatServer, type WebchatTestServer } from "./test-server";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let h: WebchatTestServer | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** A test app listening on 127.0.0.1 with web-chat rate limits from `limits` (the config the plugins are built from in createContext). */
async function setup(opts: { limits?: Partial<Record<keyof Config, string>>; env?: Partial<Record<keyof Config, string>> } = {}): Promise<WebchatTestServer> {
  h = await startWebchatServer({ ...opts.env, ...opts.limits });
  return h;
}

async function webchat(companyId = 1, name = "Site") {
  return createConnection(h!.t.ctx, companyId, { name, channel: "webchat" });
}

/** A visitor of one widget: starts a session, posts, reads, opens sockets. */
class Visitor {
  token = "";
  contactId = 0;
  constructor(
    readonly key: string,
    readonly headers: Record<string, string> = {},
  ) {}

  static async start(key: string, input: Record<string, unknown> = { name: "Visitor" }, headers: Record<string, string> = {}) {
    const v = new Visitor(key, headers);
    const r = await http("POST", `${h!.base}/api/webchat/${key}/sessions`, { body: input, headers });
    expect(r.status).toBe(200);
    v.token = r.body.visitorToken;
    v.contactId = r.body.contact.id;
    return v;
  }

  post(body: unknown, token = this.token) {
    return http("POST", `${h!.base}/api/webchat/${this.key}/messages`, { token, body, headers: this.headers });
  }

  async say(text: string, clientId?: string): Promise<VisitorMessage> {
    const r = await this.post({ body: text, ...(clientId ? { clientId } : {}) });
    expect(r.status).toBe(200);
    return r.body.message;
  }

  history(query = "", token = this.token) {
    return http("GET", `${h!.base}/api/webchat/${this.key}/messages${query}`, { token, headers: this.headers });
  }

  socket(token = this.token): Peer {
    const p = new Peer(new WebSocket(`${h!.base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(token)}`));
    h!.peers.push(p);
    return p;
  }

  async ready(): Promise<Peer> {
    const p = this.socket();
    await p.next("ready");
    return p;
  }
}

const ticketOf = async (contactId: number) => h!.t.ctx.db.selectFrom("tickets").selectAll().where("contactId", "=", contactId).executeTakeFirstOrThrow();

/** The admin accepts the visitor's ticket and answers through the agents' API. */
async function agentReply(contactId: number, body: string, extra: Record<string, unknown> = {}) {
  const ticket = await ticketOf(contactId);
  if (ticket.status === "pending")
    expect((await http("PUT", `${h!.base}/api/tickets/${ticket.id}`, { token: h!.admin, body: { status: "open" } })).status).toBe(200);
  const r = await http("POST", `${h!.base}/api/messages/${ticket.id}`, { token: h!.admin, body: { body, ...extra } });
  expect(r.status).toBe(200);
  return r.body.message as { id: number };
}

describe("visitor sessions and identity", () => {
  test("a session stores what the visitor typed on a new contact; the same e-mail twice gives two contacts", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const a = await Visitor.start(widgetKey!, { name: "  Ana  ", email: "same@example.com", phone: "+55 (11) 98765-4321" });
    const b = await Visitor.start(widgetKey!, { name: "Not Ana", email: "same@example.com", phone: "5511987654321" });
    expect(a.contactId).not.toBe(b.contactId);
    const rows = await h!.t.ctx.db.selectFrom("contacts").selectAll().where("id", "in", [a.contactId, b.contactId]).orderBy("id").execute();
    expect(rows.map((r) => ({ name: r.name, email: r.email, number: r.number, channel: r.channel }))).toEqual([
      { name: "Ana", email: "same@example.com", number: "5511987654321", channel: "webchat" },
      { name: "Not Ana", email: "same@example.com", number: "5511987654321", channel: "webchat" },
    ]);
    // The identity is the server-generated visitor id, never what was typed.
    for (const r of rows) expect(r.identity).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.identity).not.toBe(rows[1]!.identity);
    // Each visitor's messages go to their own contact.
    await a.say("from A");
    await b.say("from B");
    const msgs = await h!.t.ctx.db.selectFrom("messages").select(["contactId", "body"]).orderBy("id").execute();
    expect(msgs).toEqual([
      { contactId: a.contactId, body: "from A" },
      { contactId: b.contactId, body: "from B" },
    ]);
  });

  test("the session form is validated", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const url = `${h!.base}/api/webchat/${widgetKey}/sessions`;
    const bad = [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(81) }, "name"],
      [{ name: "Ana", email: "not-an-email" }, "email"],
      [{ name: "Ana", phone: "12345" }, "phone"],
      [{ name: "Ana", phone: "+55 11 9876-54321-0000" }, "phone"],
      [{ name: "Ana", phone: "call me" }, "phone"],
    ] as const;
    for (const [body, field] of bad) {
      const r = await http("POST", url, { body });
      expect({ body, status: r.status, error: r.body.error, field: Object.keys(r.body.fields ?? {}) }).toEqual({
        body,
        status: 400,
        error: "ERR_VALIDATION",
        field: [field],
      });
    }
    const ok = await http("POST", url, { body: { name: "Ana", email: "", phone: "" } });
    expect(ok.status).toBe(200);
    expect(await h!.t.ctx.db.selectFrom("contacts").select(["email", "number"]).where("id", "=", ok.body.contact.id).executeTakeFirst()).toEqual({
      email: "",
      number: "",
    });
  });

  test("the widget config is public; unknown, malformed and deleted widget keys answer 404", async () => {
    await setup();
    const { id, widgetKey, token } = await webchat(1, "Loja Centro");
    const cfg = await http("GET", `${h!.base}/api/webchat/${widgetKey}/config`);
    expect(cfg).toMatchObject({ status: 200, body: { title: "Loja Centro", greeting: "", color: "#2563eb" } });
    for (const key of ["A".repeat(32), "short", token, "../../etc"]) {
      const r = await http("POST", `${h!.base}/api/webchat/${encodeURIComponent(key)}/sessions`, { body: { name: "X" } });
      expect({ key, status: r.status }).toEqual({ key, status: 404 });
    }
    const v = await Visitor.start(widgetKey!);
    const peer = await v.ready();
    await deleteConnection(h!.t.ctx, 1, id);
    expect((await within(peer.closed, 2000, "socket closed on delete")).code).toBe(1001);
    expect((await v.post({ body: "still there?" })).status).toBe(404);
    expect((await v.history()).status).toBe(404);
    expect((await http("GET", `${h!.base}/api/webchat/${widgetKey}/config`)).status).toBe(404);
  });
});

describe("isolation", () => {
  test("a visitor reads only their own conversation; tokens are bound to their connection", async () => {
    await setup();
    const x = await webchat(1, "X");
    const y = await webchat(1, "Y");
    const a = await Visitor.start(x.widgetKey!, { name: "A" });
    const b = await Visitor.start(x.widgetKey!, { name: "B" });
    await a.say("secret of A");
    await b.say("secret of B");
    await agentReply(b.contactId, "answer for B");
    const ha = await a.history();
    expect(ha.body.messages.map((m: VisitorMessage) => m.body)).toEqual(["secret of A"]);
    const hb = await b.history();
    expect(hb.body.messages.map((m: VisitorMessage) => m.body)).toEqual(["secret of B", "answer for B"]);

    // A's token on connection Y's widget: refused (read, write and the Y visitor's socket rooms).
    const onY = new Visitor(y.widgetKey!);
    expect((await onY.post({ body: "hi" }, a.token)).status).toBe(401);
    expect((await onY.history("", a.token)).status).toBe(401);
    // Missing, junk and tampered tokens.
    const [payload, sig] = a.token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ v: crypto.randomUUID(), c: x.id, e: 9_999_999_999 })).toString("base64url")}.${sig}`;
    for (const token of ["", "junk", `${payload}.AAAA`, forged, x.token, h!.admin]) {
      const r = await a.post({ body: "hi" }, token);
      expect({ token: token.slice(0, 10), status: r.status, error: r.body.error }).toEqual({
        token: token.slice(0, 10),
        status: 401,
        error: "ERR_UNAUTHORIZED",
      });
      expect((await a.history("", token)).status).toBe(401);
    }
    // Nothing was stored by the refused calls, and Y has no messages at all.
    expect(await h!.t.ctx.db.selectFrom("messages").select("id").where("connectionId", "=", y.id).execute()).toEqual([]);
  });

  test("a visitor's socket never receives another visitor's messages", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const a = await Visitor.start(widgetKey!, { name: "A" });
    const b = await Visitor.start(widgetKey!, { name: "B" });
    await a.say("hello from A");
    await b.say("hello from B");
    const pa = await a.ready();
    const pb = await b.ready();
    await agentReply(a.contactId, "only for A");
    await agentReply(b.contactId, "only for B");
    await pa.next("message", (d) => d.body === "only for A");
    await pb.next("message", (d) => d.body === "only for B");
    await b.say("B again");
    await pb.next("message", (d) => d.body === "B again");
    expect(pa.received("message").map((f) => f.data.body)).toEqual(["only for A"]);
  });

  test("socket: bad tokens are closed with 4001, a stopped connection with 4004", async () => {
    await setup();
    const { widgetKey, id } = await webchat();
    const v = await Visitor.start(widgetKey!);
    for (const token of ["", "junk", `${v.token}x`]) {
      const p = v.socket(token);
      expect(await within(p.closed, 2000, `token ${token}`)).toEqual({ code: 4001, reason: "ERR_UNAUTHORIZED" });
    }
    // A genuine token while the connection is stopped: 4004, the widget keeps the token and retries.
    await h!.t.ctx.channels.sessions.stop(id);
    const p = v.socket();
    expect(await within(p.closed, 2000, "stopped connection")).toEqual({ code: 4004, reason: "ERR_NOT_FOUND" });
    await h!.t.ctx.channels.sessions.start(id);
    await v.ready();
  });
});

describe("private notes", () => {
  test("never reach the visitor: not on the socket, not in the history", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    await v.say("I need help");
    const peer = await v.ready();
    await agentReply(v.contactId, "internal: customer is VIP", { isPrivate: true });
    await agentReply(v.contactId, "Hello! How can I help?");
    await peer.next("message", (d) => d.body === "Hello! How can I help?");
    await h!.t.ctx.channels.idle();
    expect(peer.received("message").map((f) => f.data.body)).toEqual(["Hello! How can I help?"]);
    const hist = await v.history();
    expect(hist.body.messages.map((m: VisitorMessage) => m.body)).toEqual(["I need help", "Hello! How can I help?"]);
    // The note is stored for the agents.
    const note = await h!.t.ctx.db.selectFrom("messages").select(["body", "sendStatus"]).where("isPrivate", "=", 1).executeTakeFirstOrThrow();
    expect(note.body).toContain("internal: customer is VIP");
    expect(note.sendStatus).toBeNull();
  });
});

describe("live conversation", () => {
  test("an agent's reply reaches the visitor socket live, acks move it to read, and it is in the history", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!, { name: "Maria" });
    const mine = await v.say("Olá, preciso de atenção", "client-1");
    expect(mine).toMatchObject({ body: "Olá, preciso de atenção", fromMe: true, clientId: "client-1", mediaUrl: null });
    const tab1 = await v.ready();
    const tab2 = await v.ready();
    const t0 = performance.now();
    const reply = await agentReply(v.contactId, "Claro! Em que posso ajudar?");
    const frame = await tab1.next("message", (d) => d.id === reply.id);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(frame).toMatchObject({ id: reply.id, body: "Claro! Em que posso ajudar?", fromMe: false, mediaUrl: null });
    await tab2.next("message", (d) => d.id === reply.id);

    const row = () =>
      h!.t.ctx.db.selectFrom("messages").select(["ack", "sendStatus", "externalId", "origin"]).where("id", "=", reply.id).executeTakeFirstOrThrow();
    await until(async () => (await row()).sendStatus === "sent", "sent");
    expect(await row()).toMatchObject({ ack: 1, externalId: `a:${reply.id}`, origin: "agent" });
    tab1.send({ event: "ack", data: { id: reply.id, ack: 2 } });
    await until(async () => (await row()).ack === 2, "ack 2");
    tab1.send({ event: "ack", data: { id: reply.id, ack: 3 } });
    await until(async () => (await row()).ack === 3, "ack 3");
    // The other tab hears about it; a repeated or backward ack changes nothing.
    await tab2.next("ack", (d) => d.id === reply.id && d.ack === 3);
    tab2.send({ event: "ack", data: { id: reply.id, ack: 2 } });
    await h!.t.ctx.channels.idle();
    expect((await row()).ack).toBe(3);

    const hist = await v.history();
    expect(hist.body.messages.map((m: VisitorMessage) => [m.body, m.fromMe])).toEqual([
      ["Olá, preciso de atenção", true],
      ["Claro! Em que posso ajudar?", false],
    ]);
    // The ticket is there for the agents, with the visitor's text as its last message before the reply.
    const ticket = await ticketOf(v.contactId);
    expect(ticket).toMatchObject({ channel: "webchat", status: "open", lastMessage: "Claro! Em que posso ajudar?" });
  });

  test("a visitor cannot acknowledge messages that were not sent to them", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const a = await Visitor.start(widgetKey!, { name: "A" });
    const b = await Visitor.start(widgetKey!, { name: "B" });
    await a.say("hi");
    await b.say("hi");
    const pb = await b.ready();
    const toA = await agentReply(a.contactId, "for A");
    await h!.t.ctx.channels.idle();
    pb.send({ event: "ack", data: { id: toA.id, ack: 3 } });
    pb.send({ event: "nonsense", data: 1 });
    pb.send("not json");
    await b.say("sync");
    await pb.next("message", (d) => d.body === "sync");
    await h!.t.ctx.channels.idle();
    const row = await h!.t.ctx.db.selectFrom("messages").select("ack").where("id", "=", toA.id).executeTakeFirstOrThrow();
    expect(row.ack).toBe(1);
  });

  test("the visitor's own message reaches their other open tabs", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    const other = await v.ready();
    const m = await v.say("typed in tab 1", "tab1-msg");
    expect(await other.next("message", (d) => d.id === m.id)).toMatchObject({ body: "typed in tab 1", fromMe: true, clientId: "tab1-msg" });
  });

  test("history pages 20 at a time, newest page first, each page oldest first", async () => {
    await setup({ limits: { WEBCHAT_RATE_PER_MIN: "1000" } });
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    for (let i = 1; i <= 25; i++) await v.say(`m${i}`);
    const first = await v.history();
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages.map((m: VisitorMessage) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    const older = await v.history(`?before=${first.body.messages[0].id}`);
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.messages.map((m: VisitorMessage) => m.body)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect((await v.history("?before=abc")).status).toBe(400);
  });
});

describe("session", () => {
  test("is CONNECTED once started, on the row too; a refused send is recorded on the message", async () => {
    await setup();
    const { id, widgetKey } = await webchat();
    expect(h!.t.ctx.channels.sessions.status(id)).toBe("CONNECTED");
    await until(
      async () => (await h!.t.ctx.db.selectFrom("connections").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status === "CONNECTED",
      "row CONNECTED",
    );
    const v = await Visitor.start(widgetKey!);
    await v.say("hi");
    const session = h!.t.ctx.channels.sessions.session(id) as RefusingWebchatSession;
    session.refuseNext("TEMPORARY");
    const failed = await agentReply(v.contactId, "will fail");
    await h!.t.ctx.channels.idle();
    const row = await h!.t.ctx.db.selectFrom("messages").select(["sendStatus", "errorCode"]).where("id", "=", failed.id).executeTakeFirstOrThrow();
    // A refusal for now is queued again with its reason (the core resends it; channels contract).
    expect(row).toEqual({ sendStatus: "queued", errorCode: "TEMPORARY" });
  });
});

describe("posting", () => {
  test("the same clientId twice gives one stored message and the same answer (also when simultaneous)", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    const first = await v.post({ body: "only once", clientId: "abc-123" });
    const again = await v.post({ body: "only once", clientId: "abc-123" });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    const burst = await Promise.all(Array.from({ length: 8 }, () => v.post({ body: "burst", clientId: "burst-1" })));
    expect(new Set(burst.map((r) => `${r.status}:${r.body.message.id}`)).size).toBe(1);
    // Another visitor using the same clientId is another message.
    const w = await Visitor.start(widgetKey!);
    const theirs = await w.post({ body: "mine", clientId: "abc-123" });
    expect(theirs.body.message.id).not.toBe(first.body.message.id);
    const rows = await h!.t.ctx.db.selectFrom("messages").select(["body", "externalId"]).orderBy("id").execute();
    expect(rows.map((r) => r.body)).toEqual(["only once", "burst", "mine"]);
    expect(rows[0]!.externalId).toMatch(/^v:[0-9a-f-]{36}:abc-123$/);
  });

  test("bodies and clientIds are validated", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    for (const body of [
      {},
      { body: "" },
      { body: "   " },
      { body: "x".repeat(4097) },
      { body: "ok", clientId: "has space" },
      { body: "ok", clientId: "x".repeat(65) },
      { body: 5 },
    ]) {
      const r = await v.post(body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "ERR_VALIDATION" });
    }
    expect((await v.post({ body: "x".repeat(4096) })).status).toBe(200);
  });

  test("an attachment is stored through the media store and served by a signed link; unknown bytes are refused", async () => {
    await setup();
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    const form = new FormData();
    form.set("file", new File([PNG], "photo.png", { type: "image/png" }));
    form.set("body", "look");
    form.set("clientId", "file-1");
    const r = await v.post(form);
    expect(r.status).toBe(200);
    expect(r.body.message).toMatchObject({ body: "look", mediaType: "image", mediaName: "photo.png", fromMe: true, clientId: "file-1" });
    const media = await fetch(`${h!.base}${r.body.message.mediaUrl}`);
    expect(media.status).toBe(200);
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG);

    const junk = new FormData();
    junk.set("file", new File([new Uint8Array([0, 1, 2, 3, 255, 254, 0, 9])], "x.exe"));
    const refused = await v.post(junk);
    expect(refused).toMatchObject({ status: 415, body: { error: "ERR_MEDIA_TYPE_NOT_ALLOWED" } });

    await h!.t.ctx.db.insertInto("settings").values({ key: "downloadLimit", value: "32", updatedAt: new Date().toISOString() }).execute();
    const big = new FormData();
    big.set("file", new File([new Uint8Array(33 * 1024 * 1024)], "big.txt"));
    expect(await v.post(big)).toMatchObject({ status: 413, body: { error: "ERR_MEDIA_TOO_LARGE" } });
    expect(await h!.t.ctx.db.selectFrom("messages").select("id").execute()).toHaveLength(1);
  });
});

describe("rate limits", () => {
  test("per visitor: 429 ERR_RATE_LIMITED after the limit, with Retry-After; other visitors carry on; a minute later it passes", async () => {
    await setup({ limits: { WEBCHAT_RATE_PER_MIN: "3", WEBCHAT_RATE_PER_MIN_IP: "1000" } });
    const { widgetKey } = await webchat();
    const v = await Visitor.start(widgetKey!);
    for (let i = 0; i < 3; i++) expect((await v.post({ body: `m${i}` })).status).toBe(200);
    const over = await v.post({ body: "too many" });
    expect(over).toMatchObject({ status: 429, body: { error: "ERR_RATE_LIMITED" } });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const w = await Visitor.start(widgetKey!);
    expect((await w.post({ body: "I am fine" })).status).toBe(200);
    h!.t.clock.advance(120_000);
    expect((await v.post({ body: "later" })).status).toBe(200);
    expect(await h!.t.ctx.db.selectFrom("messages").select("id").execute()).toHaveLength(5);
  });

  test("per address: every visitor behind one address shares its limit; another address is not affected", async () => {
    await setup({ limits: { WEBCHAT_RATE_PER_MIN: "100", WEBCHAT_RATE_PER_MIN_IP: "4", WEBCHAT_SESSIONS_PER_MIN_IP: "3" }, env: { TRUST_PROXY: "true" } });
    const { widgetKey } = await webchat();
    const ip1 = { "x-forwarded-for": "203.0.113.1" };
    const ip2 = { "x-forwarded-for": "203.0.113.2" };
    const visitors = [await Visitor.start(widgetKey!, { name: "a" }, ip1), await Visitor.start(widgetKey!, { name: "b" }, ip1)];
    for (let i = 0; i < 4; i++) expect((await visitors[i % 2]!.post({ body: `m${i}` })).status).toBe(200);
    expect((await visitors[0]!.post({ body: "over" })).status).toBe(429);
    expect((await visitors[1]!.post({ body: "over" })).status).toBe(429);
    const elsewhere = await Visitor.start(widgetKey!, { name: "c" }, ip2);
    expect((await elsewhere.post({ body: "fine" })).status).toBe(200);
    // Sessions: 3 a minute per address (2 used above from ip1).
    expect((await http("POST", `${h!.base}/api/webchat/${widgetKey}/sessions`, { body: { name: "d" }, headers: ip1 })).status).toBe(200);
    const tooMany = await http("POST", `${h!.base}/api/webchat/${widgetKey}/sessions`, { body: { name: "e" }, headers: ip1 });
    expect(tooMany).toMatchObject({ status: 429, body: { error: "ERR_RATE_LIMITED" } });
  });
});

describe("the external send API reaches a visitor", () => {
  test("by the phone number the visitor typed", async () => {
    await setup();
    const { widgetKey, token } = await webchat();
    const v = await Visitor.start(widgetKey!, { name: "Phone visitor", phone: "+55 11 91234-5678" });
    const peer = await v.ready();
    const r = await http("POST", `${h!.base}/api/messages/send`, { token, body: { number: "5511912345678", body: "Your order shipped" } });
    expect(r).toMatchObject({ status: 200, body: { message: "Mensagem enviada" } });
    expect(await peer.next("message", (d) => d.body === "Your order shipped")).toMatchObject({ id: r.body.messageId, fromMe: false });
    const hist = await v.history();
    expect(hist.body.messages.map((m: VisitorMessage) => m.body)).toEqual(["Your order shipped"]);
  });

  test("a company's web chat is only reachable with its own token", async () => {
    await setup();
    const other = await createCompany(h!.t, { name: "Other" });
    const mine = await webchat(1, "Mine");
    const theirs = await webchat(other.companyId, "Theirs");
    await Visitor.start(mine.widgetKey!, { name: "V", phone: "5511900001111" });
    const r = await http("POST", `${h!.base}/api/messages/send`, { token: theirs.token, body: { number: "5511900001111", body: "hi" } });
    expect(r).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { number: expect.any(String) } } });
  });
});
