/**
 * The period figures of a slice of the desk (a user, a company day, a queue), added up from the event rows of
 * queries.ts or read back from the daily roll-up: the same shape both ways, so built days and live hours add up.
 */
import type { Db } from "../../db/database";
import { TALLY_FIELDS, type Tally } from "../../db/tables/dashboard";
import * as q from "./queries";

export const emptyTally = (): Tally => Object.fromEntries(TALLY_FIELDS.map((f) => [f, 0])) as Tally;

export function addTally(into: Tally, from: Tally): Tally {
  for (const f of TALLY_FIELDS) into[f] += from[f];
  return into;
}

/** The fields of a row that hold a number. */
type CountOf<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R];

/** The tallies of the period's events, per key of their slot (UTC hour, queue, user). */
export async function eventTallies(db: Db, companyId: number, p: q.Period, n: q.Narrowing, keyOf: (slot: q.Slot) => string): Promise<Map<string, Tally>> {
  const [closed, accepted, created, ratings] = await Promise.all([
    q.intervalRows(db, companyId, p, n, q.ACCEPTED, q.CLOSED),
    q.intervalRows(db, companyId, p, n, q.QUEUED, q.ACCEPTED),
    q.createdRows(db, companyId, p, n),
    q.ratingRows(db, companyId, p, n),
  ]);
  const out = new Map<string, Tally>();
  /** Adds each row to its slot's tally: `into` names the row's count added to each figure. */
  const fold = <R extends q.Slot>(rows: readonly R[], into: Partial<Record<keyof Tally, CountOf<R>>>) => {
    const pairs = Object.entries(into) as [keyof Tally, keyof R][];
    for (const r of rows) {
      const key = keyOf(r);
      const t = out.get(key) ?? emptyTally();
      out.set(key, t);
      for (const [figure, field] of pairs) t[figure] += r[field] as number;
    }
  };
  fold(closed, { closed: "count", serviceN: "timed", serviceSum: "minutes" });
  fold(accepted, { accepted: "count", waitN: "timed", waitSum: "minutes" });
  fold(created, { created: "total", createdActive: "active" });
  fold(ratings, { ratings: "count", rateSum: "sum", promoters: "promoters", detractors: "detractors" });
  return out;
}
