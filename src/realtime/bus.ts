import type { Logger } from "../log";
import type { BusEventName, BusEvents } from "./events";

type Listener<K extends BusEventName> = (payload: BusEvents[K]) => void | Promise<void>;

/**
 * Typed in-process event bus. A failing listener is logged and never breaks the publisher or the others. The
 * publisher does not wait for asynchronous listeners; `settled()` does (a shutdown lets them finish their writes).
 */
export class Bus {
  private listeners = new Map<BusEventName, Set<Listener<any>>>();
  private running = new Set<Promise<void>>();
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
        if (result instanceof Promise) {
          const run = result.catch((err) => this.log.error("bus listener failed", { event: name, err: String(err) }));
          this.running.add(run);
          void run.finally(() => this.running.delete(run));
        }
      } catch (err) {
        this.log.error("bus listener failed", { event: name, err: String(err) });
      }
    }
  }

  /** Resolves when no asynchronous listener is running (including those their work published). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
