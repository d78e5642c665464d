/**
 * The dashboard's figures. What counts where (docs/decisions.md, "The dashboard's figures"):
 *   - now, whatever the period: tickets in attendance (open), waiting (pending), waiting for a rating (nps), live
 *     groups, attendants online;
 *   - in the period, each at the moment it completes: a cycle of a ticket is finished when it is closed, has waited
 *     (queue to acceptance) when it is accepted, and has been served (acceptance to close) when it is closed; a ticket
 *     is new (active or passive) when it is created; a rating counts when it is given; a contact when it is created.
 *     A ticket crossing the period's edges counts in the period where the event falls; a reopened ticket counts once
 *     per cycle.
 * Groups count only as groups. Deleted and merged tickets count nowhere.
 */
import type { AppContext } from "../../context";
import { type Actor, assertCan } from "../../http/permissions";
import { getCompanySetting } from "../settings/queries";
import { periodOf, seriesOf } from "./period";
import * as q from "./queries";
import { messageCounts } from "./rollup";
import type { DashboardAnswer, DashboardQuery } from "./schema";

const round1 = (n: number) => Math.round(n * 10) / 10;
const avg = (sum: number, n: number) => (n > 0 ? round1(sum / n) : null);
const perc = (part: number, whole: number) => (whole > 0 ? round1((part * 100) / whole) : 0);

function byUser<T extends { userId: number | null }>(rows: readonly T[]): Map<number | null, T> {
  return new Map(rows.map((r) => [r.userId, r]));
}

function total<T>(rows: readonly T[], pick: (r: T) => number): number {
  return rows.reduce((s, r) => s + pick(r), 0);
}

export function createDashboardService(ctx: AppContext) {
  const { db } = ctx;

  async function period(actor: Actor, dateFrom: string, dateTo: string) {
    assertCan(actor, "dashboard:view");
    const timeZone = await getCompanySetting(db, actor.companyId, "timezone");
    return { timeZone, period: periodOf(dateFrom, dateTo, timeZone) };
  }

  return {
    /** GET /api/dashboard: every counter and one row per attendant. */
    async figures(actor: Actor, query: DashboardQuery): Promise<DashboardAnswer> {
      const { period: p } = await period(actor, query.dateFrom, query.dateTo);
      const n: q.Narrowing = { queueIds: query.queueIds, userId: query.userId };
      const c = actor.companyId;
      const [live, closed, accepted, created, ratings, leads, messages, users] = await Promise.all([
        q.liveCounts(db, c, n),
        q.closedByUser(db, c, p, n),
        q.acceptedByUser(db, c, p, n),
        q.createdByHour(db, c, p, n),
        q.ratingsByUser(db, c, p, n),
        q.newContacts(db, c, p),
        messageCounts(db, c, p),
        q.attendants(db, c, n),
      ]);
      const finished = total(closed, (r) => r.count);
      const rated = total(ratings, (r) => r.count);
      const promoters = total(ratings, (r) => r.promoters);
      const detractors = total(ratings, (r) => r.detractors);
      const tickets = total(created, (r) => r.total);
      const active = total(created, (r) => r.active);
      const closedOf = byUser(closed);
      const acceptedOf = byUser(accepted);
      const ratingsOf = byUser(ratings);
      return {
        counters: {
          supportHappening: live.open,
          supportPending: live.pending,
          supportFinished: finished,
          supportGroups: live.groups,
          leads,
          avgSupportTime: avg(
            total(closed, (r) => r.minutes),
            total(closed, (r) => r.timed),
          ),
          avgWaitTime: avg(
            total(accepted, (r) => r.minutes),
            total(accepted, (r) => r.timed),
          ),
          activeTickets: active,
          passiveTickets: tickets - active,
          tickets,
          activeAttendants: users.filter((u) => u.online === 1).length,
          messagesReceived: messages.received,
          messagesSent: messages.sent,
          npsScore: rated > 0 ? Math.round(((promoters - detractors) * 100) / rated) : null,
          npsPromotersPerc: perc(promoters, rated),
          npsDetractorsPerc: perc(detractors, rated),
          npsPassivePerc: perc(rated - promoters - detractors, rated),
          waitRating: live.nps,
          withRating: rated,
          withoutRating: Math.max(finished - rated, 0),
          percRating: perc(Math.min(rated, finished), finished),
        },
        attendants: users.map((u) => {
          const cl = closedOf.get(u.id);
          const ac = acceptedOf.get(u.id);
          const ra = ratingsOf.get(u.id);
          return {
            id: u.id,
            name: u.name,
            rating: ra && ra.count > 0 ? round1(ra.sum / ra.count) : null,
            countRating: ra?.count ?? 0,
            tickets: cl?.count ?? 0,
            avgWaitTime: ac ? avg(ac.minutes, ac.timed) : null,
            avgSupportTime: cl ? avg(cl.minutes, cl.timed) : null,
            online: u.online === 1,
          };
        }),
      };
    },

    /** GET /api/dashboard/ticketsUsers: tickets finished in the period per user (unassigned ones as a row of their own). */
    async ticketsUsers(actor: Actor, dateFrom: string, dateTo: string) {
      const { period: p } = await period(actor, dateFrom, dateTo);
      const [closed, users] = await Promise.all([q.closedByUser(db, actor.companyId, p, {}), q.attendants(db, actor.companyId, {})]);
      const names = new Map(users.map((u) => [u.id, u.name]));
      const data = closed
        .map((r) => ({ userId: r.userId, name: r.userId === null ? "" : (names.get(r.userId) ?? ""), total: r.count }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      return { data };
    },

    /** GET /api/dashboard/ticketsDay: tickets created per company day (per hour for a one-day period). */
    async ticketsDay(actor: Actor, dateFrom: string, dateTo: string) {
      const { timeZone, period: p } = await period(actor, dateFrom, dateTo);
      const series = seriesOf(await q.createdByHour(db, actor.companyId, p, {}), dateFrom, dateTo, timeZone);
      return { by: series.by, data: series.points };
    },

    /** GET /api/messages-allMe: the company's messages sent or received in the period, in the spec's shape. */
    async messagesAllMe(actor: Actor, fromMe: boolean, dateFrom: string, dateTo: string) {
      const { period: p } = await period(actor, dateFrom, dateTo);
      const counts = await messageCounts(db, actor.companyId, p);
      return { count: [{ count: fromMe ? counts.sent : counts.received }] };
    },
  };
}
