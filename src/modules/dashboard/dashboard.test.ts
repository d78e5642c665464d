/**
 * The dashboard's figures against a desk whose every event time is set by the test, and counted by hand below.
 * The company's days are São Paulo's (UTC-3): its March is [2026-03-01T03:00Z, 2026-04-01T03:00Z).
 *
 *   T1  Ana, Q1     created 03-01 02:30Z (Feb 28 locally), queued 02:40, accepted 03:10, closed 04:10: waited 30,
 *                   served 60; rated 10 at 05:00 and 8 on 04-02 (April)
 *   T2  Bruno, Q2   created 03-10 12:00Z, queued 12:00, accepted 12:20, closed 13:20 (waited 20, served 60), rated 6
 *                   at 14:00; reopened by Bruno on 04-05: open now, its March cycle archived
 *   T3  Q1          created 03-31 23:00 locally (04-01 02:00Z), queued at once: pending now
 *   T4  Ana, Q1     created 04-01 00:30 locally (04-01 03:30Z), accepted 03:40: open now, nothing in March
 *   T5              created 03-15 15:00Z by the company (active): pending now
 *   G1  a group     created 03-20: a live group, in no ticket figure
 * In March: finished 2 (T1, T2's cycle); waited (30 + 20) / 2 = 25; served (60 + 60) / 2 = 60; created T2, T3, T5
 * (1 active, 2 passive); new contacts T2, T3, T5 (a group is no contact of these figures); ratings 10 and 6: one
 * promoter, one detractor, NPS 0; received messages: the contacts' first messages of T2, T3, T5 and G1.
 * Now: in attendance T2 and T4, waiting T3 and T5, one group.
 */
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { buildDays, DASHBOARD_DAYS_JOB } from "./days";
import { rollUpMessages } from "./rollup";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const at = (iso: string) => w!.t.clock.set(new Date(iso));
const put = async (token: string, id: number, body: Record<string, unknown>) => {
  const res = await w!.t.json("PUT", `/api/tickets/${id}`, { token, body });
  expect(res.status).toBe(200);
};
const get = (path: string, token = w!.admin.token) => w!.t.json("GET", path, { token });

/** A ticket from a new number at `createdAt`, put in `queueId` as it arrives. */
async function arrive(number: string, createdAt: string, queueId?: number) {
  at(createdAt);
  const id = await w!.inbound(number);
  if (queueId) await put(w!.admin.token, id, { status: "pending", queueId, isTransfered: true });
  return id;
}

async function rate(ticketId: number, userId: number, rate: number, createdAt: string) {
  await w!.t.ctx.db.insertInto("ticket_ratings").values({ companyId: 1, ticketId, userId, rate, createdAt }).execute();
}

async function desk() {
  w = await createInbox();
  await w.setting("timezone", "America/Sao_Paulo");
  const { q1, q2, agent: ana, agent2: bruno, admin } = w;

  const t1 = await arrive("5511000000001", "2026-03-01T02:30:00.000Z");
  at("2026-03-01T02:40:00.000Z");
  await put(admin.token, t1, { status: "pending", queueId: q1, isTransfered: true });
  at("2026-03-01T03:10:00.000Z");
  await put(ana.token, t1, { status: "open" });
  at("2026-03-01T04:10:00.000Z");
  await put(ana.token, t1, { status: "closed", sendFarewellMessage: false });
  await rate(t1, ana.id, 10, "2026-03-01T05:00:00.000Z");
  await rate(t1, ana.id, 8, "2026-04-02T00:00:00.000Z");

  const t2 = await arrive("5511000000002", "2026-03-10T12:00:00.000Z", q2);
  at("2026-03-10T12:20:00.000Z");
  await put(bruno.token, t2, { status: "open" });
  at("2026-03-10T13:20:00.000Z");
  await put(bruno.token, t2, { status: "closed", sendFarewellMessage: false });
  await rate(t2, bruno.id, 6, "2026-03-10T14:00:00.000Z");
  // Part of the messages rolled up, the rest counted from the table: a run sees the ids, the next counts them.
  await rollUpMessages(w.t.ctx.db);
  await rollUpMessages(w.t.ctx.db);

  const t5 = await arrive("5511000000005", "2026-03-15T15:00:00.000Z");
  await w.setTicket(t5, { initiatedBy: "company" });
  at("2026-03-20T10:00:00.000Z");
  await w.inbound("120363000000000001@g.us", { group: true });
  await arrive("5511000000003", "2026-04-01T02:00:00.000Z", q1);
  const t4 = await arrive("5511000000004", "2026-04-01T03:30:00.000Z", q1);
  at("2026-04-01T03:40:00.000Z");
  await put(ana.token, t4, { status: "open" });
  at("2026-04-05T10:00:00.000Z");
  await put(bruno.token, t2, { status: "open" });
  return { t1, t2, t4, t5 };
}

const MARCH = "/api/dashboard?dateFrom=2026-03-01&dateTo=2026-03-31";

describe("GET /api/dashboard", () => {
  test("every counter of a month, counted by hand (edges in the company's time zone, a reopened ticket, a group)", async () => {
    await desk();
    const res = await get(MARCH);
    expect(res.status).toBe(200);
    expect(res.body.counters).toEqual({
      supportHappening: 2,
      supportPending: 2,
      supportFinished: 2,
      supportGroups: 1,
      leads: 3,
      avgSupportTime: 60,
      avgWaitTime: 25,
      activeTickets: 1,
      passiveTickets: 2,
      tickets: 3,
      activeAttendants: 0,
      messagesReceived: 4,
      messagesSent: 0,
      npsScore: 0,
      npsPromotersPerc: 50,
      npsDetractorsPerc: 50,
      npsPassivePerc: 0,
      waitRating: 0,
      withRating: 2,
      withoutRating: 0,
      percRating: 100,
    });
    const rows = Object.fromEntries(res.body.attendants.map((a: any) => [a.name, a]));
    expect(rows.Ana).toMatchObject({ tickets: 1, rating: 10, countRating: 1, avgWaitTime: 30, avgSupportTime: 60, online: false });
    expect(rows.Bruno).toMatchObject({ tickets: 1, rating: 6, countRating: 1, avgWaitTime: 20, avgSupportTime: 60, online: false });
    expect(rows.Caio).toMatchObject({ tickets: 0, rating: null, countRating: 0, avgWaitTime: null, avgSupportTime: null });
  });

  test("April holds the reopened cycle's acceptance and the tickets created after March's last local hour", async () => {
    await desk();
    const res = await get("/api/dashboard?dateFrom=2026-04-01&dateTo=2026-04-30");
    expect(res.body.counters).toMatchObject({
      supportFinished: 0,
      tickets: 1,
      leads: 1,
      avgSupportTime: null,
      withRating: 1,
      npsScore: 0,
      npsPassivePerc: 100,
    });
    // T4 waited 10 minutes; T2's new cycle was queued and taken by its reopen at once: no sample of waiting.
    expect(res.body.counters.avgWaitTime).toBe(10);
  });

  test("in UTC the month's edges move: T1 is March's, T3 is April's", async () => {
    await desk();
    await w!.setting("timezone", "UTC");
    const res = await get(MARCH);
    expect(res.body.counters).toMatchObject({ tickets: 3, activeTickets: 1, leads: 3 });
    const days = await get("/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31");
    const nonZero = days.body.data.filter((d: any) => d.total > 0);
    expect(nonZero).toEqual([
      { at: "2026-03-01", total: 1 },
      { at: "2026-03-10", total: 1 },
      { at: "2026-03-15", total: 1 },
    ]);
  });

  test("the charts: tickets per company day (per hour for one day) and finished tickets per user", async () => {
    await desk();
    const days = await get("/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31&companyId=2");
    expect(days.body.by).toBe("day");
    expect(days.body.data).toHaveLength(31);
    expect(days.body.data.filter((d: any) => d.total > 0)).toEqual([
      { at: "2026-03-10", total: 1 },
      { at: "2026-03-15", total: 1 },
      { at: "2026-03-31", total: 1 },
    ]);
    const hours = await get("/api/dashboard/ticketsDay?initialDate=2026-03-31&finalDate=2026-03-31");
    expect(hours.body.by).toBe("hour");
    expect(hours.body.data.filter((d: any) => d.total > 0)).toEqual([{ at: "23", total: 1 }]);
    const users = await get("/api/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31");
    expect(users.body.data).toEqual([
      { userId: w!.agent.id, name: "Ana", total: 1 },
      { userId: w!.agent2.id, name: "Bruno", total: 1 },
    ]);
  });

  test("narrowed to a queue: its cycles, ratings of its tickets and its members", async () => {
    const { t2 } = await desk();
    expect(t2).toBeGreaterThan(0);
    const res = await get(`${MARCH}&queueIds=${w!.q2}`);
    expect(res.body.counters).toMatchObject({
      supportFinished: 1,
      avgWaitTime: 20,
      avgSupportTime: 60,
      withRating: 1,
      npsScore: -100,
      supportHappening: 1,
      supportPending: 0,
    });
    expect(res.body.attendants.map((a: any) => a.name)).toEqual(["Bruno"]);
    const ana = await get(`${MARCH}&userId=${w!.agent.id}`);
    expect(ana.body.counters).toMatchObject({ supportFinished: 1, avgWaitTime: 30, npsScore: 100 });
  });

  test("the days built by the roll-up give the same figures, charts and narrowed figures as the tickets, built whole or in part", async () => {
    await desk();
    const read = async () =>
      Promise.all(
        [
          MARCH,
          "/api/dashboard?dateFrom=2026-04-01&dateTo=2026-04-30",
          `${MARCH}&queueIds=${w!.q2}`,
          `${MARCH}&userId=${w!.agent.id}`,
          "/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-04-30",
          "/api/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-04-30",
        ].map(async (path) => (await get(path)).body),
      );
    const live = await read();
    const built = async () => w!.t.ctx.db.selectFrom("dashboard_builds").select(["builtTo", "timeZone"]).where("companyId", "=", 1).executeTakeFirst();
    // Built up to the middle of March (the clock stands there), then on to the clock's April 6.
    w!.t.clock.set(new Date("2026-03-15T12:00:00.000Z"));
    await buildDays(w!.t.ctx, 1);
    expect(await built()).toEqual({ builtTo: "2026-03-15", timeZone: "America/Sao_Paulo" });
    w!.t.clock.set(new Date("2026-04-06T12:00:00.000Z"));
    expect(await read()).toEqual(live);
    await buildDays(w!.t.ctx, 1);
    expect(await built()).toEqual({ builtTo: "2026-04-06", timeZone: "America/Sao_Paulo" });
    const rows = await w!.t.ctx.db.selectFrom("dashboard_days").select(["day", "closed", "created"]).where("companyId", "=", 1).orderBy("day").execute();
    expect(rows.filter((r) => r.closed > 0).map((r) => r.day)).toEqual(["2026-03-01", "2026-03-10"]);
    expect(await read()).toEqual(live);
    // Another time zone moves every day's edges: the built days are set aside until they are built again in it.
    await w!.setting("timezone", "UTC");
    const utc = (await get(MARCH)).body.counters;
    expect(utc).toMatchObject({ tickets: 3, leads: 3 });
    await buildDays(w!.t.ctx, 1);
    expect(await built()).toEqual({ builtTo: "2026-04-06", timeZone: "UTC" });
    expect((await get(MARCH)).body.counters).toEqual(utc);
  });

  test("while the roll-up is behind, this process asks for its build once however often the dashboard loads", async () => {
    w = await createInbox();
    at("2026-03-10T12:00:00.000Z");
    const enqueue = spyOn(w.t.ctx.jobs, "enqueue");
    const asks = () => enqueue.mock.calls.filter(([name]) => name === DASHBOARD_DAYS_JOB).length;
    const load = async () => expect((await get(MARCH)).status).toBe(200);
    for (let i = 0; i < 3; i++) await load();
    await Promise.all([load(), load(), get("/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31")]);
    expect(asks()).toBe(1);
    await w.t.ctx.jobs.runDue();
    await load();
    expect(asks()).toBe(1);
    // A day later the roll-up is a day behind: one ask again.
    at("2026-03-11T12:00:00.000Z");
    for (let i = 0; i < 3; i++) await load();
    expect(asks()).toBe(2);
    // The key names the company's day: one job per day.
    const jobs = await w.t.ctx.db.selectFrom("jobs").select("uniqueKey").where("name", "=", DASHBOARD_DAYS_JOB).orderBy("id").execute();
    expect(jobs.map((j) => j.uniqueKey?.split(":")[2])).toEqual(["2026-03-10", "2026-03-11"]);
  });

  test("an empty period: zeros, no averages, no score; what is live now still shows", async () => {
    await desk();
    const res = await get("/api/dashboard?dateFrom=2025-01-01&dateTo=2025-01-31");
    expect(res.body.counters).toMatchObject({
      supportFinished: 0,
      tickets: 0,
      leads: 0,
      messagesReceived: 0,
      avgSupportTime: null,
      avgWaitTime: null,
      npsScore: null,
      percRating: 0,
      supportHappening: 2,
    });
  });

  test("messages: the rolled-up hours and the rest give the same count, and GET /messages-allMe answers it", async () => {
    await desk();
    const before = (await get(MARCH)).body.counters;
    await rollUpMessages(w!.t.ctx.db);
    await rollUpMessages(w!.t.ctx.db);
    const after = (await get(MARCH)).body.counters;
    expect([after.messagesReceived, after.messagesSent]).toEqual([before.messagesReceived, before.messagesSent]);
    const counts = await w!.t.ctx.db.selectFrom("message_counts").select("count").execute();
    expect(counts.length).toBeGreaterThan(0);
    const received = await get("/api/messages-allMe?fromMe=false&dateStart=2026-03-01&dateEnd=2026-03-31");
    expect(received.body).toEqual({ count: [{ count: 4 }] });
  });

  test("a new ticket an agent opens is active, a contact's is passive", async () => {
    w = await createInbox();
    const passive = await w.inbound("5511000000009");
    const contactId = (await w.ticket(passive)).contactId;
    await put(w.admin.token, passive, { status: "closed", sendFarewellMessage: false });
    const res = await w.t.json("POST", "/api/tickets", {
      token: w.agent.token,
      body: { contactId, whatsappId: w.connectionId, status: "open", userId: w.agent.id },
    });
    expect(res.status).toBe(200);
    expect((await w.ticket(passive)).initiatedBy).toBe("contact");
    expect((await w.ticket(res.body.id)).initiatedBy).toBe("company");
  });

  test("refusals: no period, a period backwards or too long, a user without dashboard:view, no token", async () => {
    w = await createInbox();
    expect((await get("/api/dashboard")).status).toBe(400);
    const backwards = await get("/api/dashboard?dateFrom=2026-03-02&dateTo=2026-03-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.dateTo).toBeDefined();
    expect((await get("/api/dashboard?dateFrom=2020-01-01&dateTo=2026-01-01")).status).toBe(400);
    // The calendar's edges answer, empty.
    for (const [from, to] of [
      ["9999-12-30", "9999-12-31"],
      ["0001-01-01", "0001-01-02"],
      ["2026-02-28", "2026-02-31"],
    ])
      expect((await get(`/api/dashboard?dateFrom=${from}&dateTo=${to}`)).status).toBeLessThan(500);
    expect((await get(MARCH, w.agent.token)).status).toBe(403);
    expect((await get("/api/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31", w.agent.token)).status).toBe(403);
    expect((await w.t.json("GET", MARCH, {})).status).toBe(401);
    await w.t.ctx.db.updateTable("users").set({ showDashboard: "enabled" }).where("id", "=", w.agent.id).execute();
    expect((await get(MARCH, w.agent.token)).status).toBe(200);
  });

  test("another company's queue or user is refused on its field, and the refusal writes nothing", async () => {
    w = await createInbox();
    const db = w.t.ctx.db;
    const other = await createCompany(w.t, { name: "Outra" });
    const queue = await db
      .insertInto("queues")
      .values({ companyId: other.companyId, name: "Fila B", color: "#333333" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const builds = () => db.selectFrom("jobs").select("id").where("name", "=", DASHBOARD_DAYS_JOB).execute();
    for (const [query, fields] of [
      [`queueIds=[${queue.id}]`, { queueIds: "Unknown queue" }],
      [`queueIds=${w.q1},${queue.id}`, { queueIds: "Unknown queue" }],
      [`userId=${other.admin.id}`, { userId: "Unknown user" }],
      [`queueIds=[${queue.id}]&userId=${other.admin.id}`, { queueIds: "Unknown queue", userId: "Unknown user" }],
    ] as const) {
      const res = await get(`${MARCH}&${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields });
    }
    // Not even the roll-up a load asks for.
    expect(await builds()).toEqual([]);
    expect(await db.selectFrom("dashboard_builds").selectAll().execute()).toEqual([]);
    // The company's own queue and user answer.
    expect((await get(`${MARCH}&queueIds=[${w.q1}]&userId=${w.agent.id}`)).status).toBe(200);
    expect(await builds()).toHaveLength(1);
  });

  test("another company's tickets and users never show", async () => {
    await desk();
    const other = await createCompany(w!.t, { name: "Outra" });
    const res = await get(MARCH, other.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.counters).toMatchObject({ supportFinished: 0, tickets: 0, leads: 0, messagesReceived: 0, supportHappening: 0, withRating: 0 });
    expect(res.body.attendants.map((a: any) => a.id)).toEqual([other.admin.id]);
  });
});
