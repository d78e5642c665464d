import { afterEach, describe, expect, test } from "bun:test";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const CLOSED_DAY = { startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" };
/** Open 08:00-12:00 and 13:00-18:00 every day but Sunday. */
const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) =>
  weekdayEn === "sunday" ? { weekdayEn, ...CLOSED_DAY } : { weekdayEn, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" },
);

async function inbox(connection: Record<string, unknown> = {}) {
  w = await createInbox({
    queues: true,
    connection: { greetingMessage: "Menu:", outOfHoursMessage: "Fechados agora, {{firstName}}", ...connection },
  });
  return w;
}

async function say(inbox: Inbox, body: string, from = "5511988880000") {
  const before = inbox.session.sent.length;
  const r = await inbox.session.receive({ from, body, name: "Ana Lima" });
  if (r.status !== "stored") throw new Error("not stored");
  await inbox.t.ctx.channels.idle();
  return { ticketId: r.ticketId, texts: inbox.session.sent.slice(before).map((m) => m.body ?? "") };
}

const putWeek = async (inbox: Inbox) => {
  const r = await inbox.t.json("PUT", "/api/companies/1/schedules", { token: inbox.admin.token, body: { schedules: WEEK } });
  expect(r.status).toBe(200);
};

describe("out-of-hours and vacation notices", () => {
  test("scheduleType company: outside the company's week the out-of-hours text instead of the menu, once; back inside, the menu", async () => {
    const w = await inbox();
    await putWeek(w);
    await w.setting("scheduleType", "company");
    await w.setting("timezone", "America/Sao_Paulo");
    // Friday 2026-11-27 07:30 in São Paulo (10:30 UTC): closed there, though a UTC server's clock reads open hours.
    w.t.clock.set(new Date("2026-11-27T10:30:00Z"));
    const first = await say(w, "oi");
    expect(first.texts).toEqual(["Fechados agora, Ana"]);
    expect((await w.ticket(first.ticketId)).isOutOfHour).toBe(1);
    // timeUseBotQueues 0: said once in the ticket's cycle.
    expect((await say(w, "alô?")).texts).toEqual([]);
    w.t.clock.set(new Date("2026-11-27T11:00:00Z"));
    const open = await say(w, "e agora?");
    expect(open.texts[0]).toStartWith("Menu:\n\n*[ 1 ]* - Q1");
    expect((await w.ticket(open.ticketId)).isOutOfHour).toBe(0);
  });

  test("the notice comes again after timeUseBotQueues minutes", async () => {
    const w = await inbox({ timeUseBotQueues: 30 });
    await putWeek(w);
    await w.setting("scheduleType", "company");
    await w.setting("timezone", "UTC");
    w.t.clock.set(new Date("2026-11-29T10:00:00Z")); // a Sunday: closed all day
    expect((await say(w, "oi")).texts).toHaveLength(1);
    w.t.clock.advance(29 * 60_000);
    expect((await say(w, "oi")).texts).toEqual([]);
    w.t.clock.advance(60_000);
    expect((await say(w, "oi")).texts).toEqual(["Fechados agora, Ana"]);
  });

  test("scheduleType connection reads the connection's week; disabled reads none", async () => {
    const w = await inbox({ schedules: JSON.stringify(WEEK.map((d) => ({ weekday: d.weekdayEn, ...d }))) });
    await w.setting("timezone", "UTC");
    w.t.clock.set(new Date("2026-11-29T10:00:00Z"));
    expect((await say(w, "oi", "5511900000001")).texts[0]).toStartWith("Menu:");
    await w.setting("scheduleType", "connection");
    expect((await say(w, "oi", "5511900000002")).texts).toEqual(["Fechados agora, Ana"]);
  });

  test("scheduleType queue: the queue's own out-of-hours text once the contact is in it", async () => {
    const w = await inbox();
    await w.setting("scheduleType", "queue");
    await w.setting("timezone", "UTC");
    await w.t.ctx.db
      .updateTable("queues")
      .set({
        schedules: JSON.stringify(WEEK.map((d) => ({ weekday: d.weekdayEn, ...d }))),
        outOfHoursMessage: "A fila 1 abre às 8h",
        greetingMessage: "Fila 1",
      })
      .where("id", "=", w.q1)
      .execute();
    w.t.clock.set(new Date("2026-11-27T20:00:00Z"));
    expect((await say(w, "oi")).texts[0]).toStartWith("Menu:");
    const picked = await say(w, "1");
    expect(picked.texts).toEqual(["A fila 1 abre às 8h"]);
    expect(await w.ticket(picked.ticketId)).toMatchObject({ queueId: w.q1, isOutOfHour: 1 });
  });

  test("collective vacation: its message on the company's calendar days, before anything else", async () => {
    const w = await inbox({
      collectiveVacationMessage: "Férias coletivas até dia 5",
      collectiveVacationStart: "2026-12-20",
      collectiveVacationEnd: "2027-01-05",
    });
    await w.setting("timezone", "America/Sao_Paulo");
    // 2026-12-20 01:00 UTC is still the 19th in São Paulo.
    w.t.clock.set(new Date("2026-12-20T01:00:00Z"));
    expect((await say(w, "oi", "5511900000003")).texts[0]).toStartWith("Menu:");
    w.t.clock.set(new Date("2026-12-20T04:00:00Z"));
    expect((await say(w, "oi", "5511900000004")).texts).toEqual(["Férias coletivas até dia 5"]);
    w.t.clock.set(new Date("2027-01-06T12:00:00Z"));
    expect((await say(w, "oi", "5511900000005")).texts[0]).toStartWith("Menu:");
  });
});
