import { afterEach, describe, expect, test } from "bun:test";
import { z } from "zod";
import { login } from "../../tests/helpers/factories";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestSession } from "../../tests/helpers/test-channel";
import { defineChannel, type InboundMessage } from "./adapter";
import { createConnection, type CreateConnectionInput } from "./connections";
import type { InboundHookEvent } from "./inbound";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Frame = { event: string; data: any; opts: any };
function spyHub(app: ChannelTestApp): Frame[] {
  const frames: Frame[] = [];
  const original = app.ctx.hub.emit.bind(app.ctx.hub);
  app.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: unknown) => {
    frames.push({ event, data, opts });
    return original(companyId, event, data, opts as never);
  }) as typeof app.ctx.hub.emit;
  return frames;
}

async function setup(conn: Partial<CreateConnectionInput> = {}) {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const queue = await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Histórico", color: "#123456" }).returning("id").executeTakeFirstOrThrow();
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan", queueIdImportMessages: queue.id, ...conn });
  const s: TestSession = chan.session(connectionId)!;
  return { t, s, connectionId, queueId: queue.id };
}

const old = (externalId: string, from: string, iso: string, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  type: "message",
  externalId,
  fromMe: false,
  body: `old ${externalId}`,
  chat: { id: from, number: from, name: "Cliente" },
  timestamp: Date.parse(iso),
  ...extra,
});

const connRow = (app: ChannelTestApp, id: number) => app.ctx.db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("history import (host.importMessage)", () => {
  test("old messages: no automation, their own time, read; a contact without a live ticket gets an imported one in the import queue", async () => {
    const { t, s, connectionId, queueId } = await setup();
    const hooks: InboundHookEvent[] = [];
    t.ctx.channels.onInbound((h) => void hooks.push(h));
    const created: number[] = [];
    t.ctx.bus.on("message.created", ({ messageId }) => void created.push(messageId));

    const live = await s.receive({ from: "5511999990001", body: "hoje", externalId: "live-1" });
    if (live.status !== "stored") throw new Error("not stored");
    const intoLive = await s.host.importMessage!(old("h-a", "5511999990001", "2024-11-01T10:00:00Z"));
    const first = await s.host.importMessage!(old("h-b1", "5511999990002", "2024-11-02T10:00:00Z"));
    const second = await s.host.importMessage!(old("h-b2", "5511999990002", "2024-11-03T10:00:00Z", { fromMe: true, body: "nossa resposta" }));
    const again = await s.host.importMessage!(old("h-b1", "5511999990002", "2024-11-02T10:00:00Z"));
    const reaction = await s.host.importMessage!({ type: "reaction", externalId: "h-b1", chat: { id: "5511999990002" }, fromMe: false, emoji: "👍" } as never);
    await t.ctx.channels.idle();

    expect(intoLive).toMatchObject({ status: "stored", ticketId: live.ticketId, ticketCreated: false });
    expect(first).toMatchObject({ status: "stored", ticketCreated: true });
    expect(second).toMatchObject({ status: "stored", ticketCreated: false });
    expect(again.status).toBe("duplicate");
    expect(reaction).toEqual({ status: "dropped", reason: "invalid" });
    if (first.status !== "stored" || second.status !== "stored") throw new Error("not stored");
    expect(second.ticketId).toBe(first.ticketId);

    // The live ticket keeps its last message and unread count; the old message is in it, dated as sent.
    const liveTicket = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", live.ticketId).executeTakeFirstOrThrow();
    expect(liveTicket).toMatchObject({ lastMessage: "hoje", unreadMessages: 1, imported: null });
    const imported = await t.ctx.db.selectFrom("tickets").selectAll().where("id", "=", first.ticketId).executeTakeFirstOrThrow();
    expect(imported).toMatchObject({
      status: "pending",
      queueId,
      whatsappId: connectionId,
      unreadMessages: 0,
      lastMessage: "nossa resposta",
      createdAt: "2024-11-02T10:00:00.000Z",
      updatedAt: "2024-11-03T10:00:00.000Z",
    });
    expect(Math.abs(Date.parse(imported.imported!) - t.clock.now().getTime())).toBeLessThan(60_000); // marked when imported
    const rows = await t.ctx.db
      .selectFrom("messages")
      .select(["externalId", "createdAt", "read", "origin", "ticketId"])
      .where("externalId", "like", "h-%")
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { externalId: "h-a", createdAt: "2024-11-01T10:00:00.000Z", read: 1, origin: "contact", ticketId: live.ticketId },
      { externalId: "h-b1", createdAt: "2024-11-02T10:00:00.000Z", read: 1, origin: "contact", ticketId: first.ticketId },
      { externalId: "h-b2", createdAt: "2024-11-03T10:00:00.000Z", read: 1, origin: "phone", ticketId: first.ticketId },
    ]);
    // Automation ran for the live message only; old messages are not announced one by one.
    expect(hooks.map((h) => h.messageId)).toEqual([live.messageId]);
    expect(created).toEqual([live.messageId]);
  });

  test("progress is stored and pushed; at the end the imported tickets are closed (closedTicketsPostImported)", async () => {
    const { t, s, connectionId } = await setup({ closedTicketsPostImported: 1 });
    const frames = spyHub(t);
    const live = await s.receive({ from: "5511999990001", body: "hoje", externalId: "live-1" });
    const imported = await s.host.importMessage!(old("h-1", "5511999990002", "2024-11-02T10:00:00Z"));
    if (live.status !== "stored" || imported.status !== "stored") throw new Error("not stored");

    s.host.importProgress!({ processed: 1, total: 3, done: false });
    await t.ctx.channels.idle();
    const running = JSON.parse((await connRow(t, connectionId)).statusImportMessages!);
    expect(running).toMatchObject({ status: "running", processed: 1, total: 3 });
    const update = frames.filter((f) => f.event === "importMessages-1").at(-1)!;
    expect(update.data).toEqual({ action: "update", status: { this: 1, all: 3, date: running.date } });
    // Only people who may see the connections screen get the frames.
    const plain = { profile: "user", super: false, flags: { allowConnections: "disabled" } } as never;
    const admin = { profile: "admin", super: false, flags: { allowConnections: "disabled" } } as never;
    expect(update.opts.shape(plain, update.data)).toBeUndefined();
    expect(update.opts.shape(admin, update.data)).toBe(update.data);

    frames.length = 0;
    s.host.importProgress!({ processed: 3, total: 3, done: true });
    await t.ctx.channels.idle();
    const done = JSON.parse((await connRow(t, connectionId)).statusImportMessages!);
    expect(done).toEqual({ status: "done", processed: 3, total: 3, date: running.date });
    expect(frames.filter((f) => f.event === "importMessages-1").map((f) => f.data)).toEqual([
      { action: "update", status: { this: 3, all: 3, date: running.date } },
      { action: "refresh" },
    ]);
    const ticket = (id: number) => t.ctx.db.selectFrom("tickets").select(["status", "closedAt"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect((await ticket(imported.ticketId)).status).toBe("closed");
    expect((await ticket(live.ticketId)).status).toBe("pending");
    const logs = await t.ctx.db.selectFrom("ticket_logs").select(["type", "userId"]).where("ticketId", "=", imported.ticketId).orderBy("id").execute();
    expect(logs).toEqual([
      { type: "create", userId: null },
      { type: "closed", userId: null },
    ]);
  });

  test("without closing at the end the screen offers it: POST /api/closedimported/:id closes them", async () => {
    const { t, s, connectionId } = await setup();
    const imported = await s.host.importMessage!(old("h-1", "5511999990002", "2024-11-02T10:00:00Z"));
    if (imported.status !== "stored") throw new Error("not stored");
    s.host.importProgress!({ processed: 1, total: 1, done: true });
    await t.ctx.channels.idle();
    expect(JSON.parse((await connRow(t, connectionId)).statusImportMessages!)).toMatchObject({ status: "renderButtonCloseTickets", processed: 1, total: 1 });
    const token = await login(t, ADMIN.email, ADMIN.password);
    const shown = await t.json("GET", `/api/whatsapp/${connectionId}`, { token });
    expect(JSON.parse(shown.body.statusImportMessages)).toMatchObject({ status: "renderButtonCloseTickets" });
    const r = await t.json("POST", `/api/closedimported/${connectionId}`, { token });
    expect(r).toMatchObject({ status: 200, body: { closed: 1 } });
    expect((await connRow(t, connectionId)).statusImportMessages).toBeNull();
    const closed = await t.ctx.db.selectFrom("tickets").select("status").where("id", "=", imported.ticketId).executeTakeFirstOrThrow();
    expect(closed.status).toBe("closed");
    const log = await t.ctx.db
      .selectFrom("ticket_logs")
      .select(["type", "userId"])
      .where("ticketId", "=", imported.ticketId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(log.type).toBe("closed");
    expect(log.userId).toBe(1); // the admin who closed them
  });

  test("the connection's import columns reach a plugin whose config declares them, and no other", async () => {
    const configs: unknown[] = [];
    const importing = defineChannel({
      manifest: {
        id: "importing",
        name: "Importing",
        connect: "qrcode",
        configSchema: z.object({
          enableImportMessage: z.boolean().default(false),
          importOldMessages: z.string().nullish(),
          importRecentMessages: z.string().nullish(),
          importOldMessagesGroups: z.boolean().default(false),
        }),
        secretFields: [],
        capabilities: { react: false, edit: false, delete: false, markRead: false, groups: true, checkNumber: false, window24h: false },
      },
      createSession: (host, config) => {
        configs.push(config);
        return { start: async () => host.status("CONNECTED"), stop: async () => {}, logout: async () => {}, send: async () => ({ externalId: "x" }) };
      },
    });
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [importing, chan.plugin] });
    await createConnection(t.ctx, 1, {
      name: "Import",
      channel: "importing",
      enableImportMessage: 1,
      importOldMessages: "2024-11-01T00:00:00.000Z",
      importRecentMessages: "2024-11-30T00:00:00.000Z",
      importOldMessagesGroups: 1,
    });
    expect(configs).toEqual([
      {
        enableImportMessage: true,
        importOldMessages: "2024-11-01T00:00:00.000Z",
        importRecentMessages: "2024-11-30T00:00:00.000Z",
        importOldMessagesGroups: true,
      },
    ]);
    const { id } = await createConnection(t.ctx, 1, { name: "Plain", channel: "testchan", enableImportMessage: 1 });
    expect(chan.session(id)!.config).toEqual({ mode: "connect" });
  });
});
