/**
 * The dashboard's figures. What counts where (docs/decisions.md, "The dashboard's figures"):
 *   - now, whatever the period: tickets in attendance (open), waiting (pending), waiting for a rating (nps), live
 *     groups, attendants online;
 *   - in the period, each at the moment it completes: a cycle of a ticket is finished when it is closed, has waited
 *     (queue to acceptance) when it is accepted, and has been served (acceptance to close) when it is closed; a ticket
 *     is new (active or passive) when it is created; a rating counts when it is given; a contact when it is created.
 *     A ticket crossing the period's edges counts in the period where the event falls; a reopened ticket counts once
 *     per cycle.
 * Groups count only as groups. The days that are over are read from their daily roll-up (days.ts), the rest from the
 * tickets.
 */
import type { AppContext } from "../../context";
import type { Tally } from "../../db/tables/dashboard";
import { refuseForeignIds } from "../../http/company-ids";
import { type Actor, assertCan } from "../../http/permissions";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "../tickets/day-range";
import { BuiltDays, registerDayBuilds } from "./days";
import { addDays, dayAt, earlierDay, laterDay, periodOf, seriesOf } from "./period";
import * as q from "./queries";
import { messageCounts } from "./rollup";
import type { DashboardAnswer, DashboardQuery } from "./schema";
import { addTally, emptyTally, eventTallies } from "./tally";

const round1 = (n: number) => Math.round(n * 10) / 10;
const avg = (sum: number, n: number) => (n > 0 ? round1(sum / n) : null);
const perc = (part: number, whole: number) => (whole > 0 ? round1((part * 100) / whole) : 0);

/** The key of a user's tallies; 0 stands for no user. */
const userKey = (userId: number | null) => String(userId ?? 0);

function merged(into: Map<string, Tally>, from: Map<string, Tally>): Map<string, Tally> {
  for (const [key, t] of from) into.set(key, addTally(into.get(key) ?? emptyTally(), t));
  return into;
}

export function createDashboardService(ctx: AppContext) {
  const { db } = ctx;
  const builds = registerDayBuilds(ctx);
  const builtDays = new BuiltDays(db);

  /**
   * The caller's period: its UTC instants, and where the built days end (days before `builtEnd` are read from the
   * roll-up, the rest counted live from `live`). A roll-up behind today, or in another time zone, is asked for, once
   * the caller's right and the narrowing's ids are known to be good: a refused request writes nothing.
   */
  async function period(actor: Actor, dateFrom: string, dateTo: string, n: q.Narrowing = {}) {
    assertCan(actor, "dashboard:view");
    const c = actor.companyId;
    await refuseForeignIds(db, c, q.narrowingIds(n));
    const timeZone = await getCompanySetting(db, c, "timezone");
    const p = periodOf(dateFrom, dateTo, timeZone);
    const today = dayAt(ctx.clock.now(), timeZone);
    const state = await q.buildState(db, c);
    if (!state || state.timeZone !== timeZone || state.builtTo < today) await builds.ask(c, today, timeZone);
    const built = state?.timeZone === timeZone ? state.builtTo : dateFrom;
    const end = addDays(dateTo, 1);
    const builtEnd = earlierDay(laterDay(built, dateFrom), end);
    const live = builtEnd < end ? { from: dayRange(builtEnd, timeZone).from, to: p.to } : undefined;
    return { timeZone, p, builtEnd, live };
  }

  /** The period's tallies per user: the built days plus the live ones. */
  async function perUser(actor: Actor, dateFrom: string, dateTo: string, n: q.Narrowing) {
    const { timeZone, p, builtEnd, live } = await period(actor, dateFrom, dateTo, n);
    const c = actor.companyId;
    const [built, counted] = await Promise.all([
      builtEnd > dateFrom ? builtDays.tallies(c, timeZone, dateFrom, builtEnd, n, "userId") : new Map<string, Tally>(),
      live ? eventTallies(db, c, live, n, (s) => userKey(s.userId)) : new Map<string, Tally>(),
    ]);
    // The cached map is shared: the live part is added to a copy.
    return { p, tallies: merged(merged(new Map(), built), counted) };
  }

  return {
    /** GET /api/dashboard: every counter and one row per attendant. */
    async figures(actor: Actor, query: DashboardQuery): Promise<DashboardAnswer> {
      const n: q.Narrowing = { queueIds: query.queueIds, userId: query.userId };
      const c = actor.companyId;
      const { p, tallies } = await perUser(actor, query.dateFrom, query.dateTo, n);
      const [live, leads, messages, users] = await Promise.all([
        q.liveCounts(db, c, n),
        q.newContacts(db, c, p),
        messageCounts(db, c, p),
        q.attendants(db, c, n),
      ]);
      const t = [...tallies.values()].reduce(addTally, emptyTally());
      const of = (userId: number) => tallies.get(userKey(userId)) ?? emptyTally();
      return {
        counters: {
          supportHappening: live.open,
          supportPending: live.pending,
          supportFinished: t.closed,
          supportGroups: live.groups,
          leads,
          avgSupportTime: avg(t.serviceSum, t.serviceN),
          avgWaitTime: avg(t.waitSum, t.waitN),
          activeTickets: t.createdActive,
          passiveTickets: t.created - t.createdActive,
          tickets: t.created,
          activeAttendants: users.filter((u) => u.online === 1).length,
          messagesReceived: messages.received,
          messagesSent: messages.sent,
          npsScore: t.ratings > 0 ? Math.round(((t.promoters - t.detractors) * 100) / t.ratings) : null,
          npsPromotersPerc: perc(t.promoters, t.ratings),
          npsDetractorsPerc: perc(t.detractors, t.ratings),
          npsPassivePerc: perc(t.ratings - t.promoters - t.detractors, t.ratings),
          waitRating: live.nps,
          withRating: t.ratings,
          withoutRating: Math.max(t.closed - t.ratings, 0),
          percRating: perc(Math.min(t.ratings, t.closed), t.closed),
        },
        attendants: users.map((u) => {
          const a = of(u.id);
          return {
            id: u.id,
            name: u.name,
            rating: a.ratings > 0 ? round1(a.rateSum / a.ratings) : null,
            countRating: a.ratings,
            tickets: a.closed,
            avgWaitTime: avg(a.waitSum, a.waitN),
            avgSupportTime: avg(a.serviceSum, a.serviceN),
            online: u.online === 1,
          };
        }),
      };
    },

    /** GET /api/dashboard/ticketsUsers: tickets finished in the period per user (unassigned ones as a row of their own). */
    async ticketsUsers(actor: Actor, dateFrom: string, dateTo: string) {
      const [{ tallies }, users] = await Promise.all([perUser(actor, dateFrom, dateTo, {}), q.attendants(db, actor.companyId, {})]);
      const names = new Map(users.map((u) => [userKey(u.id), u.name]));
      const data = [...tallies]
        .filter(([, t]) => t.closed > 0)
        .map(([key, t]) => ({ userId: key === "0" ? null : Number(key), name: names.get(key) ?? "", total: t.closed }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      return { data };
    },

    /** GET /api/dashboard/ticketsDay: tickets created per company day (per hour for a one-day period). */
    async ticketsDay(actor: Actor, dateFrom: string, dateTo: string) {
      const { timeZone, p, builtEnd, live } = await period(actor, dateFrom, dateTo);
      const oneDay = dateFrom === dateTo;
      // One day is charted by hour, which the roll-up does not keep: its tickets are counted from the table.
      const counted = oneDay ? p : live;
      const [built, rows] = await Promise.all([
        !oneDay && builtEnd > dateFrom ? builtDays.tallies(actor.companyId, timeZone, dateFrom, builtEnd, {}, "day") : new Map<string, Tally>(),
        counted ? q.createdRows(db, actor.companyId, counted, {}) : [],
      ]);
      const series = seriesOf(rows, dateFrom, dateTo, timeZone);
      return { by: series.by, data: series.points.map((d) => ({ at: d.at, total: d.total + (built.get(d.at)?.created ?? 0) })) };
    },

    /** GET /api/messages-allMe: the company's messages sent or received in the period, in the spec's shape. */
    async messagesAllMe(actor: Actor, fromMe: boolean, dateFrom: string, dateTo: string) {
      const { p } = await period(actor, dateFrom, dateTo);
      const counts = await messageCounts(db, actor.companyId, p);
      return { count: [{ count: fromMe ? counts.sent : counts.received }] };
    },
  };
}
