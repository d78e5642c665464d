/**
 * The daily roll-up of the period figures: one row per company day (in the company's time zone), queue and user,
 * built by a durable job for the days that are over, so a year on the dashboard reads a few thousand rows instead of
 * every ticket of the year. The days not built yet (today, and any day since the last build) are counted from the
 * tickets themselves, and both parts add up (tally.ts).
 *
 * A day's figures never change once it is over: every event is counted at the moment it happens, and events are only
 * written at the time they happen. A change of the company's time zone moves every day's edges: the roll-up is then
 * dropped and built again (until then the dashboard counts from the tickets).
 */
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { TALLY_FIELDS, type Tally } from "../../db/tables/dashboard";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "../tickets/day-range";
import { addDays, dayAt, earlierDay, slotOf } from "./period";
import * as q from "./queries";
import { emptyTally, eventTallies } from "./tally";

export const DASHBOARD_DAYS_JOB = "dashboard.days.build";
/** Days built per transaction: a month of a busy desk is a few thousand rows. */
const CHUNK_DAYS = 31;

/**
 * The built days' tallies in [fromDay, toDay) per key (a user, or a day), kept in memory once read: a day over is never
 * counted again differently (a time zone change builds the days anew, and the time zone is part of the key), so a
 * manager's year costs its reading once, then only its live part.
 */
export class BuiltDays {
  private cache = new Map<string, Map<string, Tally>>();
  constructor(private db: Db) {}

  async tallies(companyId: number, timeZone: string, fromDay: string, toDay: string, n: q.Narrowing, by: "userId" | "day"): Promise<Map<string, Tally>> {
    const key = JSON.stringify([companyId, timeZone, fromDay, toDay, by, n.queueIds ?? [], n.userId ?? 0]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const read = await builtTallies(this.db, companyId, fromDay, toDay, n, by);
    // Bounded: the oldest entry leaves first (filters a manager no longer looks at).
    if (this.cache.size >= 500) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, read);
    return read;
  }
}

async function builtTallies(db: Db, companyId: number, fromDay: string, toDay: string, n: q.Narrowing, by: "userId" | "day"): Promise<Map<string, Tally>> {
  const out = new Map<string, Tally>();
  for (const r of await q.builtTallyRows(db, companyId, fromDay, toDay, n, by)) {
    const t = emptyTally();
    for (const f of TALLY_FIELDS) t[f] = Number(r[f] ?? 0);
    out.set(String(r.key), t);
  }
  return out;
}

/** Builds the company's days up to yesterday (its time zone's), from where the last build stopped. */
export async function buildDays(ctx: AppContext, companyId: number): Promise<void> {
  const { db } = ctx;
  const timeZone = await getCompanySetting(db, companyId, "timezone");
  const today = dayAt(ctx.clock.now(), timeZone);
  let state = await q.buildState(db, companyId);
  if (!state || state.timeZone !== timeZone) {
    const first = await q.firstTicketAt(db, companyId);
    const builtTo = first ? dayAt(new Date(first), timeZone) : today;
    await q.restartBuild(db, companyId, timeZone, builtTo);
    state = { timeZone, builtTo };
  }
  while (state.builtTo < today) {
    const from = state.builtTo;
    const to = earlierDay(addDays(from, CHUNK_DAYS), today);
    const period = { from: dayRange(from, timeZone).from, to: dayRange(to, timeZone).from };
    const tallies = await eventTallies(db, companyId, period, {}, (s) => `${slotOf(s.hour, timeZone).day}|${s.queueId ?? 0}|${s.userId ?? 0}`);
    const rows = [...tallies].map(([key, tally]) => {
      const [day, queueId, userId] = key.split("|");
      return { companyId, day: day!, queueId: Number(queueId), userId: Number(userId), ...tally };
    });
    await q.writeBuiltDays(db, companyId, from, to, rows);
    state = { timeZone, builtTo: to };
  }
}

/**
 * The build job, one run per company, day and time zone at most (its key names the three). While the roll-up is
 * stale every load asks for it, and each ask would be a write the key turns away: this process asks once per key, and
 * again only after a build ran here. Other instances ask for themselves; the key still decides that one build runs.
 */
export function registerDayBuilds(ctx: AppContext): { ask(companyId: number, today: string, timeZone: string): Promise<void> } {
  const asked = new Map<number, string>();
  ctx.jobs.register<{ companyId: number }>(DASHBOARD_DAYS_JOB, async ({ companyId }) => {
    try {
      await buildDays(ctx, companyId);
    } finally {
      asked.delete(companyId);
    }
  });
  return {
    async ask(companyId, today, timeZone) {
      const uniqueKey = `${DASHBOARD_DAYS_JOB}:${companyId}:${today}:${timeZone}`;
      if (asked.get(companyId) === uniqueKey) return;
      asked.set(companyId, uniqueKey);
      try {
        await ctx.jobs.enqueue(DASHBOARD_DAYS_JOB, { companyId }, { uniqueKey, companyId });
      } catch (err) {
        asked.delete(companyId);
        throw err;
      }
    },
  };
}
