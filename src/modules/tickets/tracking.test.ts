/**
 * The ticket's figures (firstQueuedAt, firstAcceptedAt, firstResponseAt, lastClosedAt): set as events happen, once per
 * cycle, a reopen starting a new cycle; and the migration's backfill from the logs of an older store.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../../../migrations";
import { createCompany } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
/** An inbox whose clock stands still until the test moves it, so each event's time is known exactly. */
async function inbox(opts?: Parameters<typeof createInbox>[0]) {
  const box = await createInbox(opts);
  box.t.clock.set(new Date());
  return box;
}
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const put = (token: string, id: number, body: Record<string, unknown>) => w!.t.json("PUT", `/api/tickets/${id}`, { token, body });
const say = (token: string, id: number, body: string) => w!.t.json("POST", `/api/messages/${id}`, { token, body: { body } });
/** Moves the clock a minute on and answers the new time. */
const tick = () => {
  w!.t.clock.advance(60_000);
  return w!.t.clock.now().toISOString();
};
const figures = async (id: number) => {
  const t = await w!.ticket(id);
  return { firstQueuedAt: t.firstQueuedAt, firstAcceptedAt: t.firstAcceptedAt, firstResponseAt: t.firstResponseAt, lastClosedAt: t.lastClosedAt };
};

describe("ticket figures as events happen", () => {
  test("each is set once per cycle: queued, accepted, first reply after the contact's, closed; the answer carries them", async () => {
    w = await inbox();
    const id = await w.inbound("5511000000101");
    expect(await figures(id)).toEqual({ firstQueuedAt: null, firstAcceptedAt: null, firstResponseAt: null, lastClosedAt: null });

    const queuedAt = tick();
    expect((await put(w.admin.token, id, { status: "pending", queueId: w.q1, isTransfered: true })).status).toBe(200);
    expect((await figures(id)).firstQueuedAt).toBe(queuedAt);

    const acceptedAt = tick();
    expect((await put(w.agent.token, id, { status: "open" })).status).toBe(200);
    const repliedAt = tick();
    expect((await say(w.agent.token, id, "Olá")).status).toBe(200);
    tick();
    await say(w.agent.token, id, "Tudo bem?");
    expect(await figures(id)).toEqual({ firstQueuedAt: queuedAt, firstAcceptedAt: acceptedAt, firstResponseAt: repliedAt, lastClosedAt: null });

    // Back to the queue, another transfer and a second accept leave the firsts as they were.
    tick();
    await put(w.agent.token, id, { status: "pending" });
    tick();
    await put(w.admin.token, id, { queueId: w.q2, isTransfered: true, status: "pending" });
    tick();
    await put(w.agent2.token, id, { status: "open" });
    const closedAt = tick();
    expect((await put(w.agent2.token, id, { status: "closed" })).status).toBe(200);
    expect(await figures(id)).toEqual({ firstQueuedAt: queuedAt, firstAcceptedAt: acceptedAt, firstResponseAt: repliedAt, lastClosedAt: closedAt });

    const shown = await w.t.json("GET", `/api/tickets/u/${(await w.ticket(id)).uuid}`, { token: w.admin.token });
    expect(shown.body).toMatchObject({ firstQueuedAt: queuedAt, firstAcceptedAt: acceptedAt, firstResponseAt: repliedAt, lastClosedAt: closedAt });
  });

  test("an agent's message before the contact has written is no response; a private note never is", async () => {
    w = await inbox();
    const id = await w.inbound("5511000000102");
    await put(w.admin.token, id, { status: "open", queueId: w.q1 });
    tick();
    await w.t.json("POST", `/api/messages/${id}`, { token: w.admin.token, body: { body: "nota", isPrivate: true } });
    expect((await figures(id)).firstResponseAt).toBeNull();
    const replyAt = tick();
    await say(w.admin.token, id, "Oi");
    expect((await figures(id)).firstResponseAt).toBe(replyAt);
  });

  test("a reopen starts a new cycle, logged: the firsts start over, the last close is kept until the next close", async () => {
    w = await inbox();
    const id = await w.inbound("5511000000103");
    await put(w.admin.token, id, { status: "open", queueId: w.q1 });
    tick();
    await say(w.admin.token, id, "Oi");
    const firstClose = tick();
    await put(w.admin.token, id, { status: "closed" });

    const reopenedAt = tick();
    expect((await put(w.admin.token, id, { status: "open" })).status).toBe(200);
    expect((await w.logs(id)).at(-1)).toEqual({ type: "reopen", userId: w.admin.id, queueId: w.q1 });
    expect(await figures(id)).toEqual({ firstQueuedAt: reopenedAt, firstAcceptedAt: reopenedAt, firstResponseAt: null, lastClosedAt: firstClose });

    // The contact has not written in this cycle yet: the agent's message is no response.
    tick();
    await say(w.admin.token, id, "Voltei");
    expect((await figures(id)).firstResponseAt).toBeNull();
    tick();
    await w.inbound("5511000000103", { body: "ok" });
    const repliedAt = tick();
    await say(w.admin.token, id, "Certo");
    const secondClose = tick();
    await put(w.admin.token, id, { status: "closed" });
    expect(await figures(id)).toEqual({ firstQueuedAt: reopenedAt, firstAcceptedAt: reopenedAt, firstResponseAt: repliedAt, lastClosedAt: secondClose });
  });

  test("a contact's message reopening a closed ticket starts a cycle waiting in its queue, not accepted", async () => {
    w = await inbox({ connection: { timeCreateNewTicket: 10 } });
    const id = await w.inbound("5511000000104");
    await put(w.admin.token, id, { status: "open", queueId: w.q1 });
    tick();
    await say(w.admin.token, id, "Oi");
    const closedAt = tick();
    await put(w.admin.token, id, { status: "closed" });

    const reopenedAt = tick();
    expect(await w.inbound("5511000000104", { body: "de novo" })).toBe(id);
    expect((await w.logs(id)).at(-1)).toMatchObject({ type: "reopen", queueId: w.q1 });
    expect(await figures(id)).toEqual({ firstQueuedAt: reopenedAt, firstAcceptedAt: null, firstResponseAt: null, lastClosedAt: closedAt });
  });

  test("another company's events leave this company's tickets alone", async () => {
    w = await inbox();
    const id = await w.inbound("5511000000105");
    const other = await createCompany(w.t, { name: "B" });
    const b = await w.t.ctx.db
      .insertInto("tickets")
      .values({ companyId: other.companyId, uuid: crypto.randomUUID(), contactId: (await w.ticket(id)).contactId, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await put(w.admin.token, id, { status: "open", queueId: w.q1 });
    expect((await figures(id)).firstAcceptedAt).not.toBeNull();
    expect(await figures(b.id)).toEqual({ firstQueuedAt: null, firstAcceptedAt: null, firstResponseAt: null, lastClosedAt: null });
    // The admin of company B cannot move company A's ticket, so its figures stay.
    const before = await figures(id);
    expect((await w.t.json("PUT", `/api/tickets/${id}`, { token: other.admin.token, body: { status: "closed" } })).status).toBe(404);
    expect(await figures(id)).toEqual(before);
  });
});

describe("migration 0044: backfill from the logs", () => {
  test("an older store's tickets get the current cycle's figures from their logs and messages", async () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("PRAGMA foreign_keys = ON;");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite as unknown as SqliteDatabase }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    const before = names[names.indexOf("0044_ticket_tracking") - 1]!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const planId = (await db.insertInto("plans").values({ name: "P" }).returning("id").executeTakeFirstOrThrow()).id;
    const companyId = (await db.insertInto("companies").values({ name: "A", planId }).returning("id").executeTakeFirstOrThrow()).id;
    const otherCompany = (await db.insertInto("companies").values({ name: "B", planId }).returning("id").executeTakeFirstOrThrow()).id;
    const userId = (
      await db.insertInto("users").values({ companyId, name: "Ana", email: "ana@a.test", passwordHash: "x" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const queueId = (await db.insertInto("queues").values({ companyId, name: "Q", color: "#111111" }).returning("id").executeTakeFirstOrThrow()).id;
    const contactId = (await db.insertInto("contacts").values({ companyId, name: "C", number: "5511" }).returning("id").executeTakeFirstOrThrow()).id;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
    const ticket = async (status: string, closedAt: string | null = null) =>
      (
        await db
          .insertInto("tickets")
          .values({ companyId, uuid: crypto.randomUUID(), contactId, status, closedAt, createdAt: at(0) })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const log = (ticketId: number, type: string, minute: number, o: { userId?: number; queueId?: number; companyId?: number } = {}) =>
      db
        .insertInto("ticket_logs")
        .values({ companyId: o.companyId ?? companyId, ticketId, type, userId: o.userId ?? null, queueId: o.queueId ?? null, createdAt: at(minute) })
        .execute();
    const message = (ticketId: number, fromMe: 0 | 1, minute: number, o: { isPrivate?: 1; origin?: string } = {}) =>
      db
        .insertInto("messages")
        .values({
          companyId,
          ticketId,
          contactId,
          body: "m",
          fromMe,
          isPrivate: o.isPrivate ?? 0,
          origin: o.origin ?? (fromMe ? "agent" : "contact"),
          createdAt: at(minute),
        })
        .execute();

    // One cycle: created without a queue, transferred to Q, accepted, answered, closed.
    const single = await ticket("closed", at(20));
    await log(single, "create", 0);
    await log(single, "access", 1, { userId, queueId });
    await log(single, "transfered", 2, { userId, queueId });
    await log(single, "receivedTransfer", 3, { queueId });
    await log(single, "open", 5, { userId, queueId });
    await log(single, "open", 6, { userId, queueId });
    await log(single, "closed", 20, { userId, queueId });
    await log(single, "create", 1, { userId, queueId, companyId: otherCompany }); // another company's row: ignored
    await message(single, 1, 4, { origin: "bot" });
    await message(single, 0, 4);
    await message(single, 1, 7, { isPrivate: 1 });
    await message(single, 1, 8);
    await message(single, 1, 9);

    // Two cycles: the second, reopened by the contact, still waits in its queue with a message unanswered.
    const reopened = await ticket("pending");
    await log(reopened, "create", 0, { queueId });
    await log(reopened, "open", 1, { userId, queueId });
    await message(reopened, 0, 1);
    await message(reopened, 1, 2);
    await log(reopened, "closed", 3, { userId, queueId });
    await log(reopened, "reopen", 10, { queueId });
    await message(reopened, 0, 10);

    // Never in a queue, never accepted, closed without a log (only closedAt).
    const bare = await ticket("closed", at(30));

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom("tickets").select(["id", "firstQueuedAt", "firstAcceptedAt", "firstResponseAt", "lastClosedAt"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: single, firstQueuedAt: at(3), firstAcceptedAt: at(5), firstResponseAt: at(8), lastClosedAt: at(20) },
      { id: reopened, firstQueuedAt: at(10), firstAcceptedAt: null, firstResponseAt: null, lastClosedAt: at(3) },
      { id: bare, firstQueuedAt: null, firstAcceptedAt: null, firstResponseAt: null, lastClosedAt: at(30) },
    ]);
    await db.destroy();
  });
});
