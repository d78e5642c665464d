import type { Queue } from "../../db/schema";
import { storedSchedules } from "../business-hours/schema";

export function serializeQueue(queue: Queue) {
  return {
    id: queue.id,
    companyId: queue.companyId,
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    orderQueue: queue.orderQueue,
    schedules: storedSchedules(queue.schedules),
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
