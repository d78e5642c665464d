/** GET /api/ticketreport/reports against the hand-made desk of tests/helpers/report-desk.ts (its header lists it). */
import { afterEach, describe, expect, test } from "bun:test";
import { MARCH, type ReportDesk, reportDesk } from "../../../tests/helpers/report-desk";

let d: ReportDesk | undefined;
afterEach(async () => {
  await d?.w.t.close();
  d = undefined;
});

const report = (query: string, token = d!.w.admin.token) => d!.w.t.json("GET", `/api/ticketreport/reports?${query}`, { token });
const ids = async (query: string) => {
  const res = await report(query);
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(res.body.tickets.length);
  return res.body.tickets.map((t: { id: number }) => t.id);
};

describe("GET /api/ticketreport/reports", () => {
  test("a month's tickets newest first, each with its names, times and latest rating, counted by hand", async () => {
    d = await reportDesk();
    const { w, t1, t2, t3, t5 } = d;
    const res = await report(MARCH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 4, hasMore: false });
    const rows = res.body.tickets;
    expect(rows.map((t: { id: number }) => t.id)).toEqual([t5, t3, t2, t1]);
    const [r5, r3, r2, r1] = rows;
    expect(r1).toMatchObject({
      contact: { name: "Maria", number: "5511000000001" },
      connection: "Main",
      channel: "testchan",
      queue: "Q1",
      user: "Ana",
      status: "closed",
      tags: [{ id: d.vip, name: "VIP", color: "#aa0000" }],
      createdAt: "2026-03-05T12:00:00.000Z",
      firstQueuedAt: "2026-03-05T12:00:00.000Z",
      firstAcceptedAt: "2026-03-05T12:30:00.000Z",
      lastClosedAt: "2026-03-05T13:15:00.000Z",
      waitMinutes: 30,
      serviceMinutes: 45,
      rating: 9,
    });
    expect(r1.uuid).toBe((await w.ticket(t1)).uuid);
    expect(r2).toMatchObject({ queue: "Q2", user: "Bruno", status: "open", waitMinutes: 5, serviceMinutes: null, lastClosedAt: null, rating: null });
    expect(r2.tags.map((t: { name: string }) => t.name)).toEqual(["Suporte", "VIP"]);
    expect(r3).toMatchObject({ contact: { name: "João" }, channel: "webchat", queue: "Q1", user: null, status: "pending", waitMinutes: null, tags: [] });
    expect(r5).toMatchObject({ contact: { name: "Lia" }, connection: "Second", queue: null, createdAt: "2026-04-01T02:00:00.000Z" });
  });

  test("each filter narrows: queue, user, tags, status, connection, channel, and the company's days", async () => {
    d = await reportDesk();
    const { w, t1, t2, t3, t4, t5 } = d;
    expect(await ids(`${MARCH}&queueIds=[${w.q1}]`)).toEqual([t3, t1]);
    expect(await ids(`${MARCH}&queueIds=${w.q1},${w.q2}`)).toEqual([t3, t2, t1]);
    expect(await ids(`${MARCH}&userId=${w.agent.id}`)).toEqual([t1]);
    expect(await ids(`${MARCH}&tagIds=[${d.vip}]`)).toEqual([t2, t1]);
    expect(await ids(`${MARCH}&tagId=${d.suporte}`)).toEqual([t2]);
    expect(await ids(`${MARCH}&status=pending`)).toEqual([t5, t3]);
    expect(await ids(`${MARCH}&status=closed`)).toEqual([t1]);
    expect(await ids(`${MARCH}&whatsappId=${d.second}`)).toEqual([t5]);
    expect(await ids(`${MARCH}&whatsappId=${w.connectionId}&channel=testchan`)).toEqual([t2, t1]);
    expect(await ids(`${MARCH}&channel=webchat`)).toEqual([t3]);
    expect(await ids(`${MARCH}&status=open&userId=${w.agent2.id}&tagIds=${d.vip}`)).toEqual([t2]);
    // A day's edges are the company's: T4 (03-01 02:30Z) is February 28 in São Paulo, T5 (04-01 02:00Z) March 31.
    expect(await ids("dateFrom=2026-02-28&dateTo=2026-02-28")).toEqual([t4]);
    expect(await ids("dateFrom=2026-03-31&dateTo=2026-03-31")).toEqual([t5]);
    await w.setting("timezone", "UTC");
    expect(await ids(MARCH)).toEqual([t3, t2, t1, t4]);
  });

  test("40 a page: the pages hold every ticket once, in order, with the total and whether more follow", async () => {
    d = await reportDesk();
    const db = d.w.t.ctx.db;
    const made: number[] = [];
    for (let i = 0; i < 41; i++) {
      const contact = await db
        .insertInto("contacts")
        .values({ companyId: 1, name: `Lote ${i}`, number: `55119${String(i).padStart(8, "0")}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Two tickets share each second, so the order's tie-break by id is walked too.
      const createdAt = new Date(Date.UTC(2026, 2, 2, 12, 0, Math.floor(i / 2))).toISOString();
      const row = await db
        .insertInto("tickets")
        .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: contact.id, status: "closed", createdAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      made.push(row.id);
    }
    const first = await report(MARCH);
    expect(first.body).toMatchObject({ count: 45, hasMore: true });
    expect(first.body.tickets).toHaveLength(40);
    const second = await report(`${MARCH}&pageNumber=2`);
    expect(second.body).toMatchObject({ count: 45, hasMore: false });
    expect(second.body.tickets).toHaveLength(5);
    const all = [...first.body.tickets, ...second.body.tickets].map((t: { id: number }) => t.id);
    const { t1, t2, t3, t5 } = d;
    expect(all).toEqual([t5, t3, t2, t1, ...made.toReversed()]);
    const beyond = await report(`${MARCH}&pageNumber=3`);
    expect(beyond.body).toMatchObject({ tickets: [], count: 45, hasMore: false });
  });

  test("a manager who is a plain user (showDashboard) sees the tickets their inbox shows, numbers masked under LGPD; admins see them all, whole", async () => {
    d = await reportDesk();
    const { w } = d;
    const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id);
    await w.t.ctx.db.updateTable("users").set({ showDashboard: "enabled" }).where("id", "in", [w.agent.id, w.agent2.id]).execute();
    // Ana (Q1): her own T1 and Q1's unassigned T3; not Bruno's T2, nor T5, which has no queue.
    const ana = await report(MARCH, w.agent.token);
    expect(ana.status).toBe(200);
    expect(ana.body.count).toBe(2);
    expect(ids(ana.body)).toEqual([d.t3, d.t1]);
    expect(ana.body.tickets[1].contact).toMatchObject({ name: "Maria", number: "5511000000001" });

    await w.setting("enableLGPD", "enabled");
    await w.setting("lgpdHideNumber", "enabled");
    const masked = await report(MARCH, w.agent.token);
    expect(ids(masked.body)).toEqual([d.t3, d.t1]);
    for (const t of masked.body.tickets) expect(t.contact.number).toMatch(/^5511\*{7}\d\d$/);
    expect(masked.body.tickets[1].contact.name).toBe("Maria");
    // Bruno holds T2, whose contact has no name of its own: the number shown as its name is masked too.
    const bruno = await report(MARCH, w.agent2.token);
    expect(ids(bruno.body)).toEqual([d.t2]);
    expect(bruno.body.tickets[0].contact.name).toBe("5511*******02");
    // Without a queue or a ticket of his own, Caio's report is empty.
    await w.t.ctx.db.updateTable("users").set({ showDashboard: "enabled" }).where("id", "=", w.plain.id).execute();
    expect((await report(MARCH, w.plain.token)).body).toMatchObject({ tickets: [], count: 0 });
    const whole = await report(MARCH);
    expect(ids(whole.body)).toEqual([d.t5, d.t3, d.t2, d.t1]);
    expect(whole.body.tickets[3].contact.number).toBe("5511000000001");
  });

  test("refusals: no token, no dashboard:view, no period, a period backwards, bad values, another company's ids", async () => {
    d = await reportDesk();
    const { w, other } = d;
    expect((await w.t.json("GET", `/api/ticketreport/reports?${MARCH}`, {})).status).toBe(401);
    expect((await w.t.json("GET", `/api/ticketreport/reports?${MARCH}`, { token: "junk" })).status).toBe(401);
    const agent = await report(MARCH, w.agent.token);
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe("ERR_NO_PERMISSION");
    expect((await report(MARCH, w.plain.token)).status).toBe(403);

    const none = await report("");
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.fields).sort()).toEqual(["dateFrom", "dateTo"]);
    expect((await report("dateFrom=2026-03-02&dateTo=2026-03-01")).body.fields).toHaveProperty("dateTo");
    expect((await report("dateFrom=2020-01-01&dateTo=2026-01-01")).status).toBe(400);
    for (const [q, field] of [
      ["status=sleeping", "status"],
      ["pageNumber=0", "pageNumber"],
      ["channel=%00", "channel"],
      ["queueIds=abc", "queueIds"],
      ["userId=-1", "userId"],
    ] as const) {
      const res = await report(`${MARCH}&${q}`);
      expect(res.status).toBe(400);
      // A list's item is named with its place (queueIds.0).
      expect(Object.keys(res.body.fields).map((k) => k.split(".")[0])).toEqual([field]);
    }
    const foreign = await report(`${MARCH}&queueIds=[${other.queueId}]&userId=${other.admin.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ queueIds: "Unknown queue", userId: "Unknown user" });
  });

  test("another company's tickets never appear, and its admin sees only its own", async () => {
    d = await reportDesk();
    const { w, other } = d;
    const mine = await ids(MARCH);
    expect(mine).not.toContain(other.ticketId);
    const theirs = await report(MARCH, other.admin.token);
    expect(theirs.body).toMatchObject({ count: 1, hasMore: false });
    expect(theirs.body.tickets.map((t: { id: number }) => t.id)).toEqual([other.ticketId]);
    expect(theirs.body.tickets[0]).toMatchObject({ contact: { name: "Cliente B" }, queue: "Fila B", connection: null });
    expect((await report(`${MARCH}&queueIds=${w.q1}`, other.admin.token)).body.fields).toEqual({ queueIds: "Unknown queue" });
  });
});
