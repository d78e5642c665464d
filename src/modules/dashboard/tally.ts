/**
 * The period figures of a slice of the desk (a user, a company day, a queue), added up from the event rows of
 * queries.ts or read back from the daily roll-up: the same shape both ways, so built days and live hours add up.
 */
import type { Db } from "../../db/database";
import * as q from "./queries";

/** The period figures, in the order of dashboard_days' columns. */
export const TALLY_FIELDS = [
  "created",
  "createdActive",
  "accepted",
  "waitN",
  "waitSum",
  "closed",
  "serviceN",
  "serviceSum",
  "ratings",
  "rateSum",
  "promoters",
  "detractors",
] as const;

export type Tally = Record<(typeof TALLY_FIELDS)[number], number>;

export const emptyTally = (): Tally => Object.fromEntries(TALLY_FIELDS.map((f) => [f, 0])) as Tally;

export function addTally(into: Tally, from: Tally): Tally {
  for (const f of TALLY_FIELDS) into[f] += from[f];
  return into;
}

/** The tallies of the period's events, per key of their slot (UTC hour, queue, user). */
export async function eventTallies(db: Db, companyId: number, p: q.Period, n: q.Narrowing, keyOf: (slot: q.Slot) => string): Promise<Map<string, Tally>> {
  const [closed, accepted, created, ratings] = await Promise.all([
    q.intervalRows(db, companyId, p, n, q.ACCEPTED, q.CLOSED),
    q.intervalRows(db, companyId, p, n, q.QUEUED, q.ACCEPTED),
    q.createdRows(db, companyId, p, n),
    q.ratingRows(db, companyId, p, n),
  ]);
  const out = new Map<string, Tally>();
  const at = (slot: q.Slot) => {
    const key = keyOf(slot);
    const t = out.get(key) ?? emptyTally();
    out.set(key, t);
    return t;
  };
  for (const r of closed) {
    const t = at(r);
    t.closed += r.count;
    t.serviceN += r.timed;
    t.serviceSum += r.minutes;
  }
  for (const r of accepted) {
    const t = at(r);
    t.accepted += r.count;
    t.waitN += r.timed;
    t.waitSum += r.minutes;
  }
  for (const r of created) {
    const t = at(r);
    t.created += r.total;
    t.createdActive += r.active;
  }
  for (const r of ratings) {
    const t = at(r);
    t.ratings += r.count;
    t.rateSum += r.sum;
    t.promoters += r.promoters;
    t.detractors += r.detractors;
  }
  return out;
}
