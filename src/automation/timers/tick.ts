/**
 * The timed rules' clock: one durable job, the tick, runs at most once a minute while timers are waiting or tickets
 * have changed. Each run
 *   1. works out the timers of the tickets changed since the last run (the tickets list's index by updatedAt, and the
 *      lanes entered since: ticket_tags by createdAt), so a change needs no listener to be planned and a crash between
 *      a change and its planning loses nothing;
 *   2. acts on the due rows of ticket_timers (read by dueAt), each rule checking its condition again on the live
 *      ticket first, and writing its change, texts and logs in one transaction (an action is never done twice: once
 *      done, the condition no longer holds);
 *   3. schedules the next run: in a minute when something changed, else when the next timer is due.
 */
import { KeyedChain } from "../../channels/keyed";
import type { AppContext } from "../../context";
import { MinuteRuns } from "../../jobs/minute-runs";
import { loadTurn } from "../turn";
import { autoClose } from "./auto-close";
import { commitTimed, type TimedRule } from "./due";
import { activeSince, loadFacts, type TimerFacts } from "./facts";
import { inactiveExpiry, inactiveWarning } from "./inactivity";
import { laneRollback, laneTimer } from "./lanes";
import * as q from "./queries";
import { redirect } from "./redirect";
import { roundRobin } from "./round-robin";

export const TIMERS_TICK_JOB = "automation.timers.tick";

/** The rules in the order they act when several are due at once on a ticket. */
const RULES: readonly TimedRule[] = [laneRollback, inactiveExpiry, autoClose, inactiveWarning, laneTimer, redirect, roundRobin];

/** A change written this long before the last run's start may have committed after it: it is looked at again. */
const SLACK_MS = 2 * 60_000;
const BATCH = 200;
/** Tickets one run works on at most; the rest wait for the next run, a minute later. */
const PER_RUN = 2_000;
/** Actions on one ticket in one go (a warning that could not be sent may leave the expiry due at once). */
const ACTS = 3;

/** The rules' timers for the ticket as it is: rule -> when due (ms). */
async function planOf(f: TimerFacts): Promise<Map<TimedRule, number>> {
  const plan = new Map<TimedRule, number>();
  for (const rule of RULES) {
    const owner = rule.owner(f);
    if (owner === undefined) continue;
    const due = await rule.due(f, await activeSince(f, rule.name, owner));
    if (due !== undefined) plan.set(rule, due);
  }
  return plan;
}

/** Acts on what is due on the ticket now, then writes its timers as the ticket stands. */
async function workTicket(ctx: AppContext, companyId: number, ticketId: number): Promise<void> {
  let f = await loadFacts(ctx, companyId, ticketId);
  let plan = f ? await planOf(f) : new Map<TimedRule, number>();
  for (let acts = 0; f && acts < ACTS; acts++) {
    const now = f.now;
    const due = RULES.find((r) => (plan.get(r) ?? Number.POSITIVE_INFINITY) <= now);
    if (!due) break;
    const turn = await loadTurn(ctx, companyId, ticketId);
    if (!turn) break;
    await due.act(turn, f);
    await commitTimed(turn);
    f = await loadFacts(ctx, companyId, ticketId);
    plan = f ? await planOf(f) : new Map();
  }
  await q.writeTimers(
    ctx.db,
    companyId,
    ticketId,
    [...plan].map(([rule, at]) => ({ rule: rule.name, dueAt: new Date(at).toISOString() })),
  );
}

/**
 * The timed rules' runner: the tick's runs (one at a time, scheduled one per minute at most: a run's key names its
 * minute) and the work on each ticket (one at a time per ticket, so a rule never acts twice on a ticket at once).
 */
export class TimedRules {
  private runs: MinuteRuns;
  private chains = new KeyedChain();
  constructor(private ctx: AppContext) {
    this.runs = new MinuteRuns(ctx, TIMERS_TICK_JOB);
  }

  /** A run at the start of the minute after `at` (or at `at` when it starts a minute). */
  at(at: Date): Promise<void> {
    return this.runs.at(at);
  }

  /** Something changed now: a run within a minute works it out. */
  soon(): Promise<void> {
    return this.runs.soon();
  }

  /** One ticket's work; a failure is logged and the ticket's due rows stay, to be tried again by the next run. */
  work(companyId: number, ticketId: number): Promise<void> {
    return this.chains.run(`ticket:${ticketId}`, async () => {
      try {
        await workTicket(this.ctx, companyId, ticketId);
      } catch (err) {
        this.ctx.log.error("timed rules failed on a ticket", { ticketId, err: err instanceof Error ? err.message : String(err) });
      }
    });
  }

  /** One run of the tick (see the top of this file). */
  tick(): Promise<void> {
    return this.chains.run("tick", async () => {
      const now = this.ctx.clock.now();
      const budget = { left: PER_RUN };
      let behind = false;
      for (const companyId of await q.companyIds(this.ctx.db)) if (budget.left > 0) behind = (await this.catchUp(companyId, now, budget)) || behind;
      await this.runDue(now, budget);
      if (behind || budget.left <= 0) await this.at(new Date(now.getTime() + 60_000));
      const next = await q.nextDueAt(this.ctx.db);
      if (next) await this.at(new Date(Math.max(Date.parse(next), now.getTime() + 60_000)));
    });
  }

  /** Whether anything waits for the tick: a timer, or tickets changed since their company's last sweep. */
  async wanted(): Promise<boolean> {
    if (await q.nextDueAt(this.ctx.db)) return true;
    for (const companyId of await q.companyIds(this.ctx.db)) {
      const swept = await q.sweptAt(this.ctx.db, companyId);
      if ((await q.changedTickets(this.ctx.db, companyId, swept ?? new Date(0).toISOString(), 1)).length) return true;
    }
    return false;
  }

  /**
   * Works out the timers of the company's tickets changed (or entering a lane) since its last sweep. True when there
   * were more than this run could take: the sweep then ends at the last one taken, and the next run goes on from there.
   */
  private async catchUp(companyId: number, now: Date, budget: { left: number }): Promise<boolean> {
    const { db } = this.ctx;
    const swept = await q.sweptAt(db, companyId);
    const since = new Date((swept ? Date.parse(swept) : 0) - SLACK_MS).toISOString();
    const limit = budget.left;
    const [changed, entered] = await Promise.all([q.changedTickets(db, companyId, since, limit), q.laneEntries(db, companyId, since, limit)]);
    const ids = new Set([...changed.map((c) => c.id), ...entered.map((l) => l.ticketId)]);
    for (const id of ids) await this.work(companyId, id);
    budget.left -= ids.size;
    const lasts = [changed, entered].filter((rows) => rows.length === limit).map((rows) => Date.parse(rows[rows.length - 1]!.at ?? ""));
    const cut = lasts.length > 0;
    await q.setSweptAt(db, companyId, cut ? new Date(Math.min(...lasts) + SLACK_MS).toISOString() : now.toISOString());
    return cut;
  }

  /** Acts on the due timers of every company, earliest first. */
  private async runDue(now: Date, budget: { left: number }): Promise<void> {
    const seen = new Set<number>();
    while (budget.left > 0) {
      const rows = await q.dueTimers(this.ctx.db, now.toISOString(), BATCH);
      const fresh = rows.filter((r) => !seen.has(r.ticketId));
      for (const r of fresh) {
        if (seen.has(r.ticketId)) continue;
        seen.add(r.ticketId);
        await this.work(r.companyId, r.ticketId);
        budget.left--;
      }
      if (fresh.length === 0 || rows.length < BATCH) return;
    }
  }
}
