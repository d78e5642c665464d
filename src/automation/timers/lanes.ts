/**
 * Kanban lane timers, with the plan's useKanban. An open ticket in a lane with timeLane and nextLaneId, whose last
 * message is the company's side's and which stays idle timeLane minutes (counted from no earlier than its entering
 * the lane), moves to the next lane, which greets the contact with its greetingMessageLane. A contact's message on a
 * ticket in a lane with rollbackLaneId (written after the ticket entered the lane) moves it to that lane, silently.
 */
import type { Turn } from "../turn";
import { type TimedRule, lastActivity, later, minutes, sayTimed, whileQuiet, writeOrDrop } from "./due";
import type { TimerFacts } from "./facts";
import { lane as laneRow, moveLane } from "./queries";

type LaneSwitches = { timeLane: number; nextLaneId: number | null; rollbackLaneId: number | null; id: number };

export const laneTimerOn = (l: LaneSwitches) => l.timeLane > 0 && l.nextLaneId !== null && l.nextLaneId !== l.id;
export const laneRollbackOn = (l: LaneSwitches) => l.rollbackLaneId !== null && l.rollbackLaneId !== l.id;

const entered = (f: TimerFacts) => (f.lane?.enteredAt ? Date.parse(f.lane.enteredAt) : undefined);

function move(turn: Turn, f: TimerFacts, to: number): void {
  const at = turn.now.toISOString();
  writeOrDrop(turn, (trx) => moveLane(trx, f.ticket.companyId, f.ticket.id, f.lane!.id, to, at));
}

export const laneTimer: TimedRule = {
  name: "lane",
  owner: (f) => (f.ticket.useKanban === 1 && f.lane && laneTimerOn(f.lane) ? f.lane.id : undefined),
  async due(f, since) {
    if (f.ticket.status !== "open" || f.last?.fromMe !== true) return undefined;
    return later(lastActivity(f), entered(f), since) + minutes(f.lane!.timeLane);
  },
  async act(turn, f) {
    const next = await laneRow(f.ctx.db, f.ticket.companyId, f.lane!.nextLaneId!);
    if (next?.kanban !== 1) return;
    move(turn, f, next.id);
    await sayTimed(turn, next.greetingMessageLane);
    whileQuiet(turn, f);
  },
};

export const laneRollback: TimedRule = {
  name: "laneRollback",
  owner: (f) => (f.ticket.useKanban === 1 && f.lane && laneRollbackOn(f.lane) ? f.lane.id : undefined),
  async due(f, since) {
    if (f.contactAt === undefined || f.contactAt <= later(entered(f), since)) return undefined;
    return f.contactAt;
  },
  async act(turn, f) {
    const back = await laneRow(f.ctx.db, f.ticket.companyId, f.lane!.rollbackLaneId!);
    if (back?.kanban === 1) move(turn, f, back.id);
  },
};
