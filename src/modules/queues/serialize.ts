import type { Queue } from "../../db/schema";
import { DEFAULT_SCHEDULES, type ScheduleEntry } from "./schema";

/**
 * A queue's business hours. The column's "[]" (a row written before any schedule was given) reads as
 * the default week, the same as a queue created without schedules; business-hours checks use this too.
 */
export function queueSchedules(queue: Pick<Queue, "schedules">): ScheduleEntry[] {
  const list: ScheduleEntry[] = JSON.parse(queue.schedules);
  return list.length === 7 ? list : DEFAULT_SCHEDULES;
}

export function serializeQueue(queue: Queue) {
  return {
    id: queue.id,
    companyId: queue.companyId,
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    orderQueue: queue.orderQueue,
    schedules: queueSchedules(queue),
    integrationId: queue.integrationId,
    fileListId: queue.fileListId,
    promptId: queue.promptId,
    closeTicket: queue.closeTicket === 1,
    ativarRoteador: queue.ativarRoteador === 1,
    tempoRoteador: queue.tempoRoteador,
    createdAt: queue.createdAt,
    updatedAt: queue.updatedAt,
  };
}
