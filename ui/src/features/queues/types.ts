import { DEFAULT_WEEK, type ScheduleEntry, weekBody } from "../schedules/week";
import { HIDDEN_QUEUE_FIELDS, queueFieldShown } from "./hidden";

/** A queue as GET /api/queue answers it (the fields the queues page reads). */
export interface Queue {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage?: string | null;
  outOfHoursMessage?: string | null;
  closeTicket?: boolean;
  ativarRoteador?: boolean;
  tempoRoteador?: number | null;
  schedules?: ScheduleEntry[];
}

/** The round-robin intervals the server takes, in minutes. */
export const ROUND_ROBIN_MINUTES = ["2", "5", "10", "15", "30", "45", "60"] as const;

/** The queue dialog's data tab; fields listed in hidden.ts are not shown and not sent. */
export interface QueueForm {
  name: string;
  color: string;
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Only inform: the bot closes the ticket after the queue's greeting. */
  closeTicket: boolean;
  ativarRoteador: boolean;
  /** Minutes as text; "0" while round-robin is off and no interval was chosen. */
  tempoRoteador: string;
  schedules: ScheduleEntry[];
}

export const QUEUE_DEFAULTS: QueueForm = {
  name: "",
  color: "",
  orderQueue: "",
  greetingMessage: "",
  outOfHoursMessage: "",
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: "0",
  schedules: DEFAULT_WEEK,
};

export const formFromQueue = (q: Queue): QueueForm => ({
  name: q.name,
  color: q.color,
  orderQueue: q.orderQueue === null ? "" : String(q.orderQueue),
  greetingMessage: q.greetingMessage ?? "",
  outOfHoursMessage: q.outOfHoursMessage ?? "",
  closeTicket: q.closeTicket ?? false,
  ativarRoteador: q.ativarRoteador ?? false,
  tempoRoteador: String(q.tempoRoteador ?? 0),
  schedules: q.schedules?.length === 7 ? q.schedules : DEFAULT_WEEK,
});

/** The body of POST/PUT /api/queue: an empty order is none, an empty text is none; hidden fields are left out. */
export function bodyFromForm(f: QueueForm, hidden: ReadonlySet<string> = HIDDEN_QUEUE_FIELDS) {
  const text = (v: string) => (v.trim() === "" ? null : v.trim());
  const optional = {
    greetingMessage: text(f.greetingMessage),
    outOfHoursMessage: text(f.outOfHoursMessage),
    closeTicket: f.closeTicket,
    ativarRoteador: f.ativarRoteador,
    tempoRoteador: Number(f.tempoRoteador),
    schedules: weekBody(f.schedules),
  };
  return {
    name: f.name.trim(),
    color: f.color.trim(),
    orderQueue: f.orderQueue.trim() === "" ? null : Number(f.orderQueue),
    ...Object.fromEntries(Object.entries(optional).filter(([k]) => queueFieldShown(k, hidden))),
  };
}

/** The list as the server orders it: by order (none first, as SQLite sorts null), then id. */
export function sortQueues<T extends Pick<Queue, "id" | "orderQueue">>(list: T[]): T[] {
  const order = (q: T) => q.orderQueue ?? Number.NEGATIVE_INFINITY;
  return [...list].sort((a, b) => order(a) - order(b) || a.id - b.id);
}
