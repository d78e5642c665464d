import type { Logger } from "../log";
import type { BusEventName, BusEvents } from "./events";

type Listener<K extends BusEventName> = (payload: BusEvents[K]) => void | Promise<void>;

/** Carries this instance's events to the other instances on the same database (src/realtime/relay.ts). */
export interface BusRelay {
  send(name: BusEventName, payload: unknown): void;
}

/**
 * Typed in-process event bus. A failing listener is logged and never breaks the publisher or the others. The
 * publisher does not wait for asynchronous listeners; `settled()` does (a shutdown lets them finish their writes).
 *
 * Several instances on one PostgreSQL: an event happens on one instance, and only there do the `on` listeners run
 * (work done once: timers, writes). Listeners that serve what each instance holds for itself (frames for its own
 * sockets, its caches) register with `onEveryInstance`: they run for the events of this instance and, through the
 * relay, for those of every other one.
 */
export class Bus {
  private listeners = new Map<BusEventName, Set<Listener<any>>>();
  private everywhere = new Map<BusEventName, Set<Listener<any>>>();
  private running = new Set<Promise<void>>();
  private relay: BusRelay | undefined;
  constructor(private log: Logger) {}

  on<K extends BusEventName>(name: K, listener: Listener<K>): () => void {
    return add(this.listeners, name, listener);
  }

  onEveryInstance<K extends BusEventName>(name: K, listener: Listener<K>): () => void {
    return add(this.everywhere, name, listener);
  }

  /** From now on this instance's events also go to the other instances (set once the relay listens). */
  attach(relay: BusRelay | undefined): void {
    this.relay = relay;
  }

  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    this.run(name, payload, this.listeners.get(name));
    this.run(name, payload, this.everywhere.get(name));
    this.relay?.send(name, payload);
  }

  /** An event another instance published: only the listeners that serve every instance run. */
  receive(name: BusEventName, payload: unknown): void {
    this.run(name, payload, this.everywhere.get(name));
  }

  /** Resolves when no asynchronous listener is running (including those their work published). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private run(name: BusEventName, payload: unknown, listeners: Set<Listener<any>> | undefined): void {
    for (const listener of listeners ?? []) {
      try {
        const result = listener(payload as never);
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
}

function add<K extends BusEventName>(map: Map<BusEventName, Set<Listener<any>>>, name: K, listener: Listener<K>): () => void {
  let set = map.get(name);
  if (!set) {
    set = new Set();
    map.set(name, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
