import type { Logger } from "../log";
import type { BusEventName, BusEvents } from "./events";

type Listener<K extends BusEventName> = (payload: BusEvents[K]) => void | Promise<void>;

/** Typed in-process event bus. A failing listener is logged and never breaks the publisher or the others. */
export class Bus {
  private listeners = new Map<BusEventName, Set<Listener<any>>>();
  constructor(private log: Logger) {}

  on<K extends BusEventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((err) => this.log.error("bus listener failed", { event: name, err: String(err) }));
      } catch (err) {
        this.log.error("bus listener failed", { event: name, err: String(err) });
      }
    }
  }
}
