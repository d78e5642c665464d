/**
 * What keeps the timed rules current between tick runs:
 *   - a ticket or message changed: a tick run within a minute (it finds the change by its time, see tick.ts);
 *   - a switch of a rule changed (a connection, queue or lane saved; the company's auto-close set): the rule's start
 *     is recorded when it goes on (idle time before does not count) and dropped when it goes off, and the tickets it
 *     concerns are planned again;
 *   - a member of round-robin queues came online: those queues' tickets are planned again;
 *   - a contact's message: the inactivity warning may be sent again after their next silence, and a ticket in a lane
 *     with a rollback lane moves back at once.
 */
import type { AppContext } from "../../context";
import type { TimedRuleName } from "../../db/schema";
import { COMPANY_SETTINGS } from "../../modules/settings/catalogue";
import { AUTO_CLOSE_KEY } from "./facts";
import { autoCloseOn } from "./auto-close";
import { expiryOn, warningOn } from "./inactivity";
import { laneRollbackOn, laneTimerOn } from "./lanes";
import * as q from "./queries";
import { redirectOn } from "./redirect";
import { roundRobinOn } from "./round-robin";
import { TIMERS_TICK_JOB, TimedRules } from "./tick";

type Switch = [rule: TimedRuleName, on: boolean];

/** Records each rule's start (on) or drops it (off) for the owner. True when one of them is on. */
async function setSwitches(ctx: AppContext, companyId: number, ownerId: number, switches: readonly Switch[]): Promise<boolean> {
  const at = ctx.clock.now().toISOString();
  for (const [rule, on] of switches) {
    if (on) await q.startRule(ctx.db, companyId, rule, ownerId, at);
    else await q.stopRule(ctx.db, companyId, rule, ownerId);
  }
  return switches.some(([, on]) => on);
}

export function registerTimers(ctx: AppContext): void {
  const ticks = new TimedRules(ctx);
  ctx.jobs.register(TIMERS_TICK_JOB, () => ticks.tick());
  const nowIso = () => ctx.clock.now().toISOString();
  const soon = () => ticks.soon();

  ctx.bus.on("ticket.created", soon);
  ctx.bus.on("ticket.updated", soon);
  ctx.bus.on("message.created", soon);

  ctx.bus.on("connection.saved", async ({ companyId, connectionId }) => {
    const c = await q.connectionSwitches(ctx.db, companyId, connectionId);
    if (!c) return;
    const live = c.deletedAt === null;
    const on = await setSwitches(ctx, companyId, connectionId, [
      ["redirect", live && redirectOn(c)],
      ["inactiveNudge", live && warningOn(c)],
      ["inactiveClose", live && expiryOn(c)],
    ]);
    // Rules switched off leave timers that find nothing to do when due.
    if (!on) return;
    await q.planTickets(ctx.db, companyId, { connectionId }, nowIso());
    await soon();
  });

  const queueSaved = async ({ companyId, queueId }: { companyId: number; queueId: number }) => {
    const queue = await q.queueSwitches(ctx.db, companyId, queueId);
    if (!queue) return;
    if (!(await setSwitches(ctx, companyId, queueId, [["roundRobin", roundRobinOn(queue)]]))) return;
    await q.planTickets(ctx.db, companyId, { queueId }, nowIso());
    await soon();
  };
  ctx.bus.on("queue.created", queueSaved);
  ctx.bus.on("queue.updated", queueSaved);

  const laneSaved = async ({ companyId, tagId }: { companyId: number; tagId: number }) => {
    const lane = await q.lane(ctx.db, companyId, tagId);
    if (!lane) return;
    const kanban = lane.kanban === 1;
    const on = await setSwitches(ctx, companyId, tagId, [
      ["lane", kanban && laneTimerOn(lane)],
      ["laneRollback", kanban && laneRollbackOn(lane)],
    ]);
    if (!on) return;
    await q.planTickets(ctx.db, companyId, { laneId: tagId }, nowIso());
    await soon();
  };
  ctx.bus.on("tag.created", laneSaved);
  ctx.bus.on("tag.updated", laneSaved);

  ctx.bus.on("settings.updated", async ({ companyId, key }) => {
    if (companyId === null || key !== AUTO_CLOSE_KEY) return;
    const minutesSet = Number((await q.companySetting(ctx.db, companyId, key)) ?? COMPANY_SETTINGS[AUTO_CLOSE_KEY].default);
    if (!(await setSwitches(ctx, companyId, 0, [["autoClose", autoCloseOn(minutesSet)]]))) return;
    await q.planTickets(ctx.db, companyId, { status: "open" }, nowIso());
    await soon();
  });

  ctx.bus.on("user.presence", async ({ companyId, userId, online }) => {
    if (!online) return;
    const queues = await q.roundRobinQueuesOf(ctx.db, companyId, userId);
    for (const queueId of queues) await q.planTickets(ctx.db, companyId, { queueId }, nowIso());
    if (queues.length) await soon();
  });

  // Companies with a lane that a contact's answer moves back, known until one of their tags changes: most have none,
  // and their contacts' messages then cost no read here.
  const rollbackLanes = new Map<number, Promise<boolean>>();
  const tagChanged = ({ companyId }: { companyId: number }) => void rollbackLanes.delete(companyId);
  ctx.bus.on("tag.created", tagChanged);
  ctx.bus.on("tag.updated", tagChanged);
  ctx.bus.on("tag.deleted", tagChanged);

  ctx.channels.onInbound(async (event) => {
    if (event.fromMe || event.isGroup) return;
    if (event.inactiveWarned) await q.clearInactiveWarning(ctx.db, event.companyId, event.ticketId);
    let lanes = rollbackLanes.get(event.companyId);
    if (!lanes) {
      lanes = q.hasRollbackLanes(ctx.db, event.companyId);
      rollbackLanes.set(event.companyId, lanes);
      lanes.catch(() => rollbackLanes.delete(event.companyId));
    }
    if ((await lanes) && (await q.inRollbackLane(ctx.db, event.companyId, event.ticketId))) {
      await ticks.work(event.companyId, event.ticketId);
      await soon();
    }
  });

  // Work left from before a restart (timers, or tickets changed since the last run) gets a run at once.
  void ticks
    .wanted()
    .then((wanted) => (wanted ? ticks.at(ctx.clock.now()) : undefined))
    .catch((err) => ctx.log.error("timed rules: could not look for waiting work", { err: String(err) }));
}
