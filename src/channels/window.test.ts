import { afterEach, describe, expect, test } from "bun:test";
import { login } from "../../tests/helpers/factories";
import { until } from "../../tests/helpers/socket-peer";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel } from "../../tests/helpers/test-channel";
import { createConnection } from "./connections";
import { replyWindow } from "./window";

const HOUR = 3600_000;

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A window24h test channel (Meta's rule): its "number" config field stands for a setting that stretches the window,
 * the way Messenger's humanAgentTag does.
 */
async function setup() {
  const chan = createTestChannel();
  chan.plugin.manifest.capabilities = { ...chan.plugin.manifest.capabilities, window24h: true };
  chan.plugin.replyWindowHours = (config) => (config.number === "7days" ? 7 * 24 : 24);
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Window", channel: "testchan" });
  const token = await login(t, ADMIN.email, ADMIN.password);
  const s = chan.session(connectionId)!;
  const r = await s.receive({ from: "5511999990001", name: "Ana", body: "hello" });
  if (r.status !== "stored") throw new Error("not stored");
  expect((await t.json("PUT", `/api/tickets/${r.ticketId}`, { token, body: { status: "open" } })).status).toBe(200);
  return { t, s, connectionId, ticketId: r.ticketId, receivedAt: t.clock.now().getTime() };
}

/** An agent's send, logged in afresh (moving the clock by hours expires access tokens). */
const send = async (app: ChannelTestApp, ticketId: number, body: Record<string, unknown>) =>
  app.json("POST", `/api/messages/${ticketId}`, { token: await login(app, ADMIN.email, ADMIN.password), body });

describe("the 24-hour reply window (window24h channels)", () => {
  test("open for 24 h after the contact's last message; then every send but a template is refused before it is stored", async () => {
    const { t, s, ticketId, receivedAt } = await setup();
    const open = await replyWindow(t.ctx, 1, ticketId);
    expect(open).toMatchObject({ hours: 24 });
    expect(Date.parse(open!.closesAt!)).toBeGreaterThanOrEqual(receivedAt + 24 * HOUR - 1_000);
    expect((await send(t, ticketId, { body: "in time" })).status).toBe(200);
    // Sent before the clock moves: a send still queued when the window closes is refused at its turn (on PostgreSQL the
    // outbound worker is woken through the database, after the request has answered).
    await until(() => s.sent.length === 1, "the send in time");

    t.clock.advance(24 * HOUR + 60_000);
    expect(await replyWindow(t.ctx, 1, ticketId)).toEqual({ hours: 24, lastInboundAt: null, closesAt: null });
    const before = await t.ctx.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const refused = await send(t, ticketId, { body: "too late" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "ERR_OUTSIDE_WINDOW", hours: 24 });
    const after = await t.ctx.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // A private note is never sent: always allowed.
    expect((await send(t, ticketId, { body: "note", isPrivate: true })).status).toBe(200);
    await t.ctx.channels.idle();
    expect(s.sent.map((m) => m.body)).toEqual(["in time"]);

    // The contact writes again: the window opens again.
    await s.receive({ from: "5511999990001", body: "back" });
    expect((await send(t, ticketId, { body: "welcome back" })).status).toBe(200);
  });

  test("a person's retry of a failed message is refused too once the window has closed", async () => {
    const { t, s, ticketId } = await setup();
    s.failNext("NOT_ON_CHANNEL");
    const failed = (await send(t, ticketId, { body: "will fail" })).body.message.id as number;
    const status = async () => (await t.ctx.db.selectFrom("messages").select("sendStatus").where("id", "=", failed).executeTakeFirstOrThrow()).sendStatus;
    // Failed by the channel inside the window, before the clock moves past it.
    await until(async () => (await status()) === "failed", "the failed send");
    t.clock.advance(25 * HOUR);
    const retry = await t.json("POST", `/api/messages/${failed}/retry`, { token: await login(t, ADMIN.email, ADMIN.password) });
    expect(retry.status).toBe(400);
    expect(retry.body.error).toBe("ERR_OUTSIDE_WINDOW");
    expect(await status()).toBe("failed");
  });

  test("the plugin sets the window's length per connection (Messenger's HUMAN_AGENT: 7 days)", async () => {
    const { t, ticketId, connectionId } = await setup();
    await t.ctx.db
      .updateTable("connections")
      .set({ config: JSON.stringify({ number: "7days" }) })
      .where("id", "=", connectionId)
      .execute();
    t.clock.advance(6 * 24 * HOUR);
    expect(await replyWindow(t.ctx, 1, ticketId)).toMatchObject({ hours: 168 });
    expect((await send(t, ticketId, { body: "still in time" })).status).toBe(200);
    t.clock.advance(2 * 24 * HOUR);
    expect((await send(t, ticketId, { body: "too late" })).body.error).toBe("ERR_OUTSIDE_WINDOW");
  });

  test("channels without the window have none", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const { id } = await createConnection(t.ctx, 1, { name: "Plain", channel: "testchan" });
    const r = await chan.session(id)!.receive({ from: "5511999990002", body: "hi" });
    if (r.status !== "stored") throw new Error("not stored");
    t.clock.advance(48 * HOUR);
    expect(await replyWindow(t.ctx, 1, r.ticketId)).toBeNull();
  });
});
