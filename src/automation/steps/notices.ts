/**
 * The notices that stand in for the agents when nobody is there: the connection's collective vacation, and the
 * out-of-hours text of the company's, the connection's or the queue's week (scheduleType). A notice marks the ticket
 * isOutOfHour and holds the bot's menu back; it is said once, then again only after timeUseBotQueues minutes (with 0:
 * once in the ticket's cycle). Back inside the hours, the mark is cleared and the bot carries on.
 */
import { storedSchedules } from "../../modules/business-hours/schema";
import { type TurnMessage, botMayTalk } from "../dialogue";
import { isOpenAt, wallDate } from "../hours";
import { botQueue } from "../queries";
import type { Turn } from "../turn";

function notice(turn: Turn, text: string | null | undefined): true {
  const t = turn.ticket;
  const waited = t.botPromptAt ? turn.now.getTime() - Date.parse(t.botPromptAt) : Number.POSITIVE_INFINITY;
  const again = t.isOutOfHour !== 1 || (turn.connection.timeUseBotQueues > 0 && waited >= turn.connection.timeUseBotQueues * 60_000);
  if (again && text?.trim()) turn.ask(text);
  else if (again) turn.set({ botPromptAt: turn.now.toISOString() });
  turn.set({ isOutOfHour: 1 });
  return true;
}

/** Inside the connection's collective vacation (whole days of the company's calendar), its vacation message. */
export async function vacation(turn: Turn, _msg: TurnMessage): Promise<boolean> {
  const c = turn.connection;
  if (!botMayTalk(turn) || !c.collectiveVacationMessage?.trim() || !c.collectiveVacationStart || !c.collectiveVacationEnd) return false;
  const today = wallDate(turn.now, turn.setting("timezone"));
  if (today < c.collectiveVacationStart.slice(0, 10) || today > c.collectiveVacationEnd.slice(0, 10)) return false;
  return notice(turn, c.collectiveVacationMessage);
}

/** Outside the company's or the connection's week (scheduleType company or connection), the connection's out-of-hours text. */
export async function outOfHours(turn: Turn, _msg: TurnMessage): Promise<boolean> {
  const type = turn.setting("scheduleType");
  if ((type !== "company" && type !== "connection") || !botMayTalk(turn)) return false;
  const week = storedSchedules(type === "company" ? turn.facts.company.schedules : turn.connection.schedules);
  if (isOpenAt(week, turn.setting("timezone"), turn.now)) {
    if (turn.ticket.isOutOfHour === 1) turn.set({ isOutOfHour: 0 });
    return false;
  }
  return notice(turn, turn.connection.outOfHoursMessage);
}

/** With scheduleType queue: outside the ticket's queue's week, the queue's out-of-hours text. */
export async function queueOutOfHours(turn: Turn, _msg: TurnMessage): Promise<boolean> {
  const queueId = turn.ticket.queueId;
  if (turn.setting("scheduleType") !== "queue" || queueId === null || !botMayTalk(turn)) return false;
  const queue = await botQueue(turn.ctx.db, turn.ticket.companyId, queueId);
  if (!queue) return false;
  if (isOpenAt(storedSchedules(queue.schedules), turn.setting("timezone"), turn.now)) {
    if (turn.ticket.isOutOfHour === 1) turn.set({ isOutOfHour: 0 });
    return false;
  }
  return notice(turn, queue.outOfHoursMessage);
}
