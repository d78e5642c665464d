/** A queue as GET /api/queue answers it (the fields the queues page reads). */
export interface Queue {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
}

/** The queue dialog's data tab: the fields whose effect exists (docs/settings.md, Queue fields). */
export interface QueueForm {
  name: string;
  color: string;
  orderQueue: string;
}

export const QUEUE_DEFAULTS: QueueForm = { name: "", color: "", orderQueue: "" };

export const formFromQueue = (q: Queue): QueueForm => ({
  name: q.name,
  color: q.color,
  orderQueue: q.orderQueue === null ? "" : String(q.orderQueue),
});

/** The body of POST/PUT /api/queue: an empty order is none. */
export const bodyFromForm = (f: QueueForm) => ({
  name: f.name.trim(),
  color: f.color.trim(),
  orderQueue: f.orderQueue.trim() === "" ? null : Number(f.orderQueue),
});

/** The list as the server orders it: by order (none first, as SQLite sorts null), then id. */
export function sortQueues<T extends Pick<Queue, "id" | "orderQueue">>(list: T[]): T[] {
  const order = (q: T) => q.orderQueue ?? Number.NEGATIVE_INFINITY;
  return [...list].sort((a, b) => order(a) - order(b) || a.id - b.id);
}
