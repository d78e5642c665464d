import { afterEach, describe, expect, test } from "bun:test";
import { login } from "../../tests/helpers/factories";
import { until } from "../../tests/helpers/socket-peer";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestChannel } from "../../tests/helpers/test-channel";
import { ChannelError } from "./adapter";
import { createConnection, type CreateConnectionInput } from "./connections";
import { MAX_SEND_ATTEMPTS } from "./outbound";

const PNG_1PX = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const HOUR = 3600_000;

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A connection, one inbound message (pending ticket) and, unless told otherwise, the admin's accept. */
async function setup(opts: { conn?: Partial<CreateConnectionInput>; accept?: boolean; config?: Record<string, unknown> } = {}) {
  const chan: TestChannel = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Test", channel: "testchan", config: opts.config, ...opts.conn });
  const token = await login(t, ADMIN.email, ADMIN.password);
  const s = chan.session(connectionId)!;
  const r = await s.receive({ from: "5511999990001", name: "Ana", body: "hello", externalId: "in-1" });
  if (r.status !== "stored") throw new Error("not stored");
  if (opts.accept !== false) {
    const acc = await t.json("PUT", `/api/tickets/${r.ticketId}`, { token, body: { status: "open" } });
    expect(acc.status).toBe(200);
  }
  return { t, chan, s, token, connectionId, ticketId: r.ticketId, inboundId: r.messageId };
}

const message = (app: ChannelTestApp, id: number) => app.ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** An agent's message on the ticket; answers its id. */
const post = async (app: ChannelTestApp, token: string, ticketId: number, body: string) =>
  (await app.json("POST", `/api/messages/${ticketId}`, { token, body: { body } })).body.message.id as number;

describe("outbound pipeline", () => {
  test("an agent's message is stored queued/ack 0, sent through the plugin, then sent/ack 1 with the channel's id", async () => {
    const { t, s, token, ticketId } = await setup();
    s.hold();
    const res = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "Olá Ana" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ body: "Olá Ana", fromMe: true, ack: 0, origin: "agent", isPrivate: false });
    expect(["queued", "sending"]).toContain(res.body.message.sendStatus);
    await until(() => s.sendCalls === 1, "the send handed to the plugin");
    const inFlight = await message(t, res.body.message.id);
    expect(inFlight).toMatchObject({ sendStatus: "sending", attempts: 1, ack: 0 });
    expect(Math.abs(Date.parse(inFlight.sendingAt!) - t.clock.now().getTime())).toBeLessThan(60_000);
    s.release();
    await t.ctx.channels.idle();
    const sent = await message(t, res.body.message.id);
    expect(sent).toMatchObject({ sendStatus: "sent", ack: 1, attempts: 1, externalId: `out-${s.host.connection.id}-1`, errorCode: null });
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]).toMatchObject({ body: "Olá Ana", ticketId, to: { chatId: "5511999990001", isGroup: false } });
    const ticket = await t.ctx.db.selectFrom("tickets").select(["lastMessage", "unreadMessages"]).where("id", "=", ticketId).executeTakeFirstOrThrow();
    expect(ticket).toEqual({ lastMessage: "Olá Ana", unreadMessages: 0 });
  });

  test("empty or whitespace bodies are refused", async () => {
    const { t, token, ticketId } = await setup();
    for (const body of [{ body: "" }, { body: "   \n\t" }, {}]) {
      const r = await t.json("POST", `/api/messages/${ticketId}`, { token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("ERR_VALIDATION");
    }
  });

  test("sending on a pending ticket is refused; a private note is stored there and never sent", async () => {
    const { t, s, token, ticketId } = await setup({ accept: false });
    const refused = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "hi" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_NO_PERMISSION");
    const note = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "internal note", isPrivate: true } });
    expect(note.status).toBe(200);
    expect(note.body.message).toMatchObject({ isPrivate: true, sendStatus: null });
    await t.ctx.channels.idle();
    expect(s.sendCalls).toBe(0);
    expect((await message(t, note.body.message.id)).sendStatus).toBeNull();
    // Even a retry cannot push a note out.
    const retry = await t.json("POST", `/api/messages/${note.body.message.id}/retry`, { token });
    expect(retry.status).toBe(403);
  });

  test("channel-originated messages are never sent back", async () => {
    const { t, s, token, inboundId } = await setup();
    await t.ctx.db.updateTable("messages").set({ sendStatus: "failed" }).where("id", "=", inboundId).execute();
    const r = await t.json("POST", `/api/messages/${inboundId}/retry`, { token });
    expect(r.status).toBe(400);
    expect(await t.ctx.channels.outbound.requeue(1, inboundId)).toBe(false);
    t.ctx.channels.outbound.dispatch(inboundId, 1);
    await t.ctx.channels.idle();
    expect(s.sendCalls).toBe(0);
    await expect(t.ctx.channels.outbound.queue({ companyId: 1, ticketId: 1, body: "x", origin: "contact" as never })).rejects.toThrow();
  });

  test("a failed send is stored failed with the ChannelError code and shown; retry sends it", async () => {
    const { t, s, token, ticketId } = await setup();
    s.failNext("NOT_ON_CHANNEL", "number is not on the channel");
    const res = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "are you there?" } });
    await t.ctx.channels.idle();
    const failed = await message(t, res.body.message.id);
    expect(failed).toMatchObject({ sendStatus: "failed", errorCode: "NOT_ON_CHANNEL", errorMessage: "number is not on the channel", attempts: 1, ack: 0 });
    const list = await t.json("GET", `/api/messages/${ticketId}`, { token });
    const shown = list.body.messages.find((m: { id: number }) => m.id === res.body.message.id);
    expect(shown).toMatchObject({ sendStatus: "failed", errorCode: "NOT_ON_CHANNEL" });

    const retry = await t.json("POST", `/api/messages/${res.body.message.id}/retry`, { token });
    expect(retry.status).toBe(200);
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "sent", attempts: 2, ack: 1, errorCode: null });
    expect(s.sent.map((m) => m.body)).toEqual(["are you there?"]);
    const again = await t.json("POST", `/api/messages/${res.body.message.id}/retry`, { token });
    expect(again.status).toBe(400);
  });

  test("a plugin throwing a plain error is UNKNOWN; AUTH_EXPIRED also marks the connection DISCONNECTED", async () => {
    const { t, s, token, ticketId, connectionId } = await setup();
    s.failNext("UNKNOWN");
    const a = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "one" } });
    s.failNext("AUTH_EXPIRED", "logged out on the phone");
    const b = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "two" } });
    await t.ctx.channels.idle();
    expect((await message(t, a.body.message.id)).errorCode).toBe("UNKNOWN");
    expect((await message(t, b.body.message.id)).errorCode).toBe("AUTH_EXPIRED");
    const conn = await t.ctx.db.selectFrom("connections").select("status").where("id", "=", connectionId).executeTakeFirstOrThrow();
    expect(conn.status).toBe("DISCONNECTED");
    expect(t.ctx.channels.sessions.liveSession(connectionId)).toBeUndefined();
    expect(ChannelError.from(new Error("boom")).code).toBe("UNKNOWN");
  });

  test("acks only move forward; an ack that overtakes the send's answer is kept and applied", async () => {
    const { t, s, token, ticketId, connectionId } = await setup();
    s.hold();
    const res = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "tracked" } });
    await until(() => s.sendCalls === 1, "the send handed to the plugin");
    s.ack(`out-${connectionId}-1`, 2); // before the send answered
    await t.ctx.channels.inbound.idle();
    s.release();
    await t.ctx.channels.idle();
    expect((await message(t, res.body.message.id)).ack).toBe(2);
    s.ack(`out-${connectionId}-1`, 4);
    s.ack(`out-${connectionId}-1`, 3);
    s.ack(`out-${connectionId}-1`, 1);
    await t.ctx.channels.idle();
    expect((await message(t, res.body.message.id)).ack).toBe(4);
    s.ack(`out-${connectionId}-1`, 9 as never);
    await t.ctx.channels.idle();
    expect((await message(t, res.body.message.id)).ack).toBe(4);
    s.ack(`out-${connectionId}-1`, 5, new ChannelError("OUTSIDE_WINDOW", "window closed"));
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "OUTSIDE_WINDOW" });
  });

  test("an echo of our own send (fromMe inbound with the same id) is not stored twice", async () => {
    const { t, s, token, ticketId, connectionId } = await setup();
    s.hold();
    const res = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "echoed" } });
    await until(() => s.sendCalls === 1, "the send handed to the plugin");
    const echo = s.receive({ from: "5511999990001", fromMe: true, body: "echoed", externalId: `out-${connectionId}-1` });
    await Bun.sleep(5);
    s.release();
    expect((await echo).status).toBe("duplicate");
    await t.ctx.channels.idle();
    const rows = await t.ctx.db.selectFrom("messages").select(["id", "origin"]).where("ticketId", "=", ticketId).execute();
    expect(rows.filter((r) => r.origin === "phone")).toHaveLength(0);
    expect((await message(t, res.body.message.id)).externalId).toBe(`out-${connectionId}-1`);
  });

  test("multipart: each file becomes a message, stored in the media store and handed to the plugin", async () => {
    const { t, s, token, ticketId } = await setup();
    const form = new FormData();
    form.append("medias", new File([PNG_1PX], "a.png", { type: "image/png" }));
    form.append("medias", new File([PNG_1PX], "b.png", { type: "image/png" }));
    form.append("body", "two pictures");
    const res = await t.json("POST", `/api/messages/${ticketId}`, { token, body: form });
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(2);
    expect(res.body.messages[0]).toMatchObject({ body: "two pictures", mediaType: "image", mediaName: "a.png" });
    expect(res.body.messages[0].mediaUrl).toMatch(/^\/api\/media\/[0-9a-f]{32}\?exp=\d+&sig=/);
    expect(res.body.messages[1]).toMatchObject({ body: "", mediaName: "b.png" });
    await t.ctx.channels.idle();
    expect(s.sent).toHaveLength(2);
    expect(s.sent[0]!.media).toMatchObject({ mime: "image/png", kind: "image", name: "a.png" });
    expect(await s.sent[0]!.media!.read()).toEqual(PNG_1PX);

    const refused = new FormData();
    refused.append("medias", new File([Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)])], "x.bin"));
    const bad = await t.json("POST", `/api/messages/${ticketId}`, { token, body: refused });
    expect(bad.status).toBe(415);
  });

  test("quoted replies are resolved within the ticket and passed to the plugin", async () => {
    const { t, s, token, ticketId, inboundId } = await setup();
    const ok = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "answering", quotedMsg: { id: inboundId, body: "hello" } } });
    expect(ok.status).toBe(200);
    expect(ok.body.message.quotedMsg).toMatchObject({ id: inboundId, body: "hello", fromMe: false });
    await t.ctx.channels.idle();
    // The quoted message's text travels with the reference (the channel's quote preview).
    expect(s.sent[0]!.quoted).toEqual({ externalId: "in-1", chatId: "5511999990001", fromMe: false, body: "hello" });
    const foreign = await t.json("POST", `/api/messages/${ticketId}`, { token, body: { body: "x", quotedMsg: 999999 } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.quotedMsg).toBe("Unknown message");
  });
});

describe("refusals for now (RATE_LIMITED, TEMPORARY): queued again with backoff", () => {
  /** What the retry waits: retryAt against the moment it was queued again (both written together). */
  const wait = (row: { retryAt: string | null; updatedAt: string }) => Date.parse(row.retryAt!) - Date.parse(row.updatedAt);

  test("queued again with the code, the attempts and the provider's hint; later messages wait behind it; sent in order when due", async () => {
    const { t, s, token, ticketId } = await setup();
    s.failNext("RATE_LIMITED", "slow down", 30_000);
    const first = await post(t, token, ticketId, "first");
    const second = await post(t, token, ticketId, "second");
    await t.ctx.channels.idle();
    const waiting = await message(t, first);
    expect(waiting).toMatchObject({ sendStatus: "queued", attempts: 1, errorCode: "RATE_LIMITED", errorMessage: "slow down", ack: 0 });
    expect(wait(waiting)).toBe(30_000);
    expect(await message(t, second)).toMatchObject({ sendStatus: "queued", attempts: 0, retryAt: null });
    const shown = (await t.json("GET", `/api/messages/${ticketId}`, { token })).body.messages.find((m: { id: number }) => m.id === first);
    expect(shown).toMatchObject({ sendStatus: "queued", attempts: 1, errorCode: "RATE_LIMITED" });

    await t.ctx.channels.outbound.retryDue(); // not due yet
    await t.ctx.channels.idle();
    expect(s.sendCalls).toBe(1);
    t.clock.advance(30_000);
    await t.ctx.channels.outbound.retryDue();
    await t.ctx.channels.idle();
    expect(await message(t, first)).toMatchObject({ sendStatus: "sent", attempts: 2, errorCode: null, errorMessage: null, retryAt: null, ack: 1 });
    expect(await message(t, second)).toMatchObject({ sendStatus: "sent", attempts: 1 });
    expect(s.sent.map((m) => m.body)).toEqual(["first", "second"]);
  });

  test("without a hint the wait doubles (1 s, 2 s, 4 s, 8 s); the fifth refusal fails the message with its code", async () => {
    const { t, s, token, ticketId } = await setup();
    for (let i = 0; i < MAX_SEND_ATTEMPTS; i++) s.failNext("TEMPORARY", "provider down");
    const id = await post(t, token, ticketId, "persistent");
    await t.ctx.channels.idle();
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt++) {
      const row = await message(t, id);
      expect(row).toMatchObject({ sendStatus: "queued", attempts: attempt, errorCode: "TEMPORARY" });
      expect(wait(row)).toBe(1000 * 2 ** (attempt - 1));
      t.clock.advance(wait(row));
      await t.ctx.channels.outbound.retryDue();
      await t.ctx.channels.idle();
    }
    expect(await message(t, id)).toMatchObject({ sendStatus: "failed", attempts: MAX_SEND_ATTEMPTS, errorCode: "TEMPORARY", retryAt: null });
    expect(s.sendCalls).toBe(MAX_SEND_ATTEMPTS);
    // A person may still send it again.
    expect((await t.json("POST", `/api/messages/${id}/retry`, { token })).status).toBe(200);
    await t.ctx.channels.idle();
    expect(await message(t, id)).toMatchObject({ sendStatus: "sent", attempts: MAX_SEND_ATTEMPTS + 1 });
  });

  test("never more than 24 h late: a wait past the limit fails the message now; other codes fail at once", async () => {
    const { t, s, token, ticketId } = await setup();
    s.failNext("RATE_LIMITED", "come back tomorrow", 25 * HOUR);
    const late = await post(t, token, ticketId, "late");
    s.failNext("OUTSIDE_WINDOW", "window closed");
    const closed = await post(t, token, ticketId, "closed");
    await t.ctx.channels.idle();
    expect(await message(t, late)).toMatchObject({ sendStatus: "failed", attempts: 1, errorCode: "RATE_LIMITED", retryAt: null });
    expect(await message(t, closed)).toMatchObject({ sendStatus: "failed", attempts: 1, errorCode: "OUTSIDE_WINDOW" });
  });

  test("the resend wakes up on its own (the timer), and after a restart through the sweep", async () => {
    const { t, s, token, ticketId } = await setup();
    s.failNext("TEMPORARY", "blip");
    const id = await post(t, token, ticketId, "wakes up");
    await t.ctx.channels.idle();
    expect((await message(t, id)).sendStatus).toBe("queued");
    await Bun.sleep(1_100);
    await t.ctx.channels.idle();
    expect(await message(t, id)).toMatchObject({ sendStatus: "sent", attempts: 2 });
  });
});

describe("a lost authorisation reported twice", () => {
  test("a send that calls host.lost and throws AUTH_EXPIRED (in either order) changes the status once: one notice", async () => {
    for (const order of ["lost first", "thrown first"] as const) {
      const { t: app, s, token, ticketId, connectionId } = await setup();
      const statuses: string[] = [];
      const emit = app.ctx.hub.emit.bind(app.ctx.hub);
      app.ctx.hub.emit = ((companyId: number, event: string, data: any, opts?: never) => {
        if (event === `company-${companyId}-whatsappSession`) statuses.push(data.session.status);
        return emit(companyId, event, data, opts);
      }) as typeof app.ctx.hub.emit;
      s.send = async () => {
        const expired = new ChannelError("AUTH_EXPIRED", "token expired");
        if (order === "lost first") s.host.lost(expired);
        else setTimeout(() => s.host.lost(expired), 0);
        throw expired;
      };
      await post(app, token, ticketId, "hello?");
      await Bun.sleep(10);
      await app.ctx.channels.idle();
      expect(statuses).toEqual(["DISCONNECTED"]);
      expect((await app.ctx.db.selectFrom("connections").select("status").where("id", "=", connectionId).executeTakeFirstOrThrow()).status).toBe(
        "DISCONNECTED",
      );
      await app.close();
      t = undefined;
    }
  });
});

describe("outbound locations", () => {
  test("a location is stored as a location message and handed to the plugin", async () => {
    const { t, s, ticketId } = await setup();
    const location = { latitude: -23.5505, longitude: -46.6333, name: "Loja Centro", address: "Praça da Sé, São Paulo" };
    const { messageId } = await t.ctx.channels.outbound.queue({ companyId: 1, ticketId, body: "", origin: "api", location });
    await t.ctx.channels.idle();
    expect(s.sent.at(-1)).toMatchObject({ messageId, body: "", location });
    const row = await message(t, messageId);
    expect(row).toMatchObject({ sendStatus: "sent", mediaType: "locationMessage" });
    expect(JSON.parse(row.data!)).toEqual({ location });
    const ticket = await t.ctx.db.selectFrom("tickets").select("lastMessage").where("id", "=", ticketId).executeTakeFirstOrThrow();
    expect(ticket.lastMessage).toBe("locationMessage");
  });
});

describe("restart rules", () => {
  /** A connection that is not connected (QR pending), so messages wait queued. */
  async function offline() {
    const ctx = await setup({ config: { mode: "qrcode" }, accept: false });
    await ctx.t.ctx.db.updateTable("tickets").set({ status: "open", userId: 1 }).where("id", "=", ctx.ticketId).execute();
    return ctx;
  }

  test("a message left in flight is marked failed (INTERRUPTED) at boot, never resent on its own; a retry sends it", async () => {
    const ctx = await offline();
    const res = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "in flight" } });
    // Simulate the crash: the row was claimed (attempts 1, sending) and the process died before the plugin answered.
    await ctx.t.ctx.db
      .updateTable("messages")
      .set({ sendStatus: "sending", attempts: 1, sendingAt: ctx.t.clock.now().toISOString() })
      .where("id", "=", res.body.message.id)
      .execute();
    t = await ctx.t.restart();
    const s2 = ctx.chan.session(ctx.connectionId)!;
    expect(s2).not.toBe(ctx.s);
    s2.pair();
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "INTERRUPTED", attempts: 1 });
    expect(s2.sendCalls).toBe(0);
    const token = await login(t, ADMIN.email, ADMIN.password);
    const retry = await t.json("POST", `/api/messages/${res.body.message.id}/retry`, { token });
    expect(retry.status).toBe(200);
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "sent", attempts: 2 });
    expect(s2.sent).toHaveLength(1);
  });

  test("queued, never-attempted messages are sent after a restart once the session connects", async () => {
    const ctx = await offline();
    const res = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "waiting" } });
    await ctx.t.ctx.channels.idle();
    expect(await message(ctx.t, res.body.message.id)).toMatchObject({ sendStatus: "queued", attempts: 0 });
    t = await ctx.t.restart();
    const s2 = ctx.chan.session(ctx.connectionId)!;
    await t.ctx.channels.idle();
    expect(s2.sendCalls).toBe(0);
    s2.pair();
    await until(async () => (await message(t!, res.body.message.id)).sendStatus === "sent", "the queued message sent once paired");
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "sent", attempts: 1, ack: 1 });
    expect(s2.sent.map((m) => m.body)).toEqual(["waiting"]);
    // And a further restart sends nothing twice.
    t = await t.restart();
    const s3 = ctx.chan.session(ctx.connectionId)!;
    s3.pair();
    await Bun.sleep(5);
    await t.ctx.channels.idle();
    expect(s3.sendCalls).toBe(0);
  });

  test("nothing is sent more than 24 h late: expired at boot with a clear code", async () => {
    const ctx = await offline();
    const res = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "too late" } });
    ctx.t.clock.advance(25 * HOUR);
    t = await ctx.t.restart();
    const s2 = ctx.chan.session(ctx.connectionId)!;
    s2.pair();
    await until(async () => (await message(t!, res.body.message.id)).sendStatus === "failed", "the late message expired");
    await t.ctx.channels.idle();
    expect(await message(t, res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "EXPIRED", attempts: 0 });
    expect(s2.sendCalls).toBe(0);
  });

  test("nothing is sent more than 24 h late: expired when the session comes back without a restart", async () => {
    const ctx = await offline();
    const res = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "too late" } });
    ctx.t.clock.advance(24 * HOUR + 60_000);
    ctx.s.pair();
    await until(async () => (await message(ctx.t, res.body.message.id)).sendStatus === "failed", "the late message expired");
    await ctx.t.ctx.channels.idle();
    expect(await message(ctx.t, res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "EXPIRED" });
    expect(ctx.s.sendCalls).toBe(0);
  });

  test("messages to a deleted connection fail with NO_CONNECTION; sending there is refused", async () => {
    const ctx = await offline();
    const res = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "orphan" } });
    await ctx.t.ctx.db.updateTable("connections").set({ deletedAt: ctx.t.clock.now().toISOString() }).execute();
    ctx.t.ctx.channels.outbound.dispatch(res.body.message.id, ctx.ticketId);
    await ctx.t.ctx.channels.idle();
    expect(await message(ctx.t, res.body.message.id)).toMatchObject({ sendStatus: "failed", errorCode: "NO_CONNECTION" });
    const refused = await ctx.t.json("POST", `/api/messages/${ctx.ticketId}`, { token: ctx.token, body: { body: "again" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("ERR_NO_WAPP_FOUND");
  });
});
