import type { AppContext } from "../context";
import type { BusEventName } from "./events";

/** The LISTEN/NOTIFY channel every instance on the database publishes its events on and listens to. */
export const EVENTS_CHANNEL = "multi100_events";
/** PostgreSQL refuses a notification of 8,000 bytes or more; events are ids, so a batch is cut well below. */
const MAX_PAYLOAD = 7_000;

interface Envelope {
  /** The instance that published (ctx.id): it ignores its own notifications, its listeners already ran. */
  o: string;
  e: [BusEventName, unknown][];
}

/**
 * Carries the bus's events between the instances sharing one PostgreSQL database. The events of one tick are sent as
 * one notification, one notification after the other, so every instance hears an instance's events in the order they
 * happened. On SQLite (one instance) there is nothing to relay. If the listening connection drops, the events sent
 * meanwhile are lost to this instance: once it listens again, its sockets are told to reconnect and refetch.
 * Answers the function that stops relaying (after the last events went out).
 */
export async function startRelay(ctx: AppContext): Promise<() => Promise<void>> {
  const notifications = ctx.store.notifications;
  if (!notifications) return async () => {};
  let batch: Envelope["e"] = [];
  let sending: Promise<void> = Promise.resolve();

  const flush = () => {
    const events = batch;
    batch = [];
    for (const payload of envelopes(ctx.id, events, (name) => ctx.log.error("event too large to relay", { event: name }))) {
      sending = sending.then(() => notifications.notify(EVENTS_CHANNEL, payload)).catch((err) => ctx.log.error("event relay failed", { err: String(err) }));
    }
  };

  let listening = false;
  const subscription = await notifications.listen(
    EVENTS_CHANNEL,
    (text) => {
      const envelope = JSON.parse(text) as Envelope;
      if (envelope.o === ctx.id) return;
      for (const [name, payload] of envelope.e) ctx.bus.receive(name, payload);
    },
    () => {
      if (listening) {
        ctx.log.warn("event relay listening again: sockets reconnect to catch up");
        ctx.hub.resync();
      }
      listening = true;
    },
  );
  ctx.bus.attach({
    send(name, payload) {
      if (!batch.length) queueMicrotask(flush);
      batch.push([name, payload]);
    },
  });
  return async () => {
    ctx.bus.attach(undefined);
    flush();
    await sending;
    await subscription.unlisten();
  };
}

/** The events cut into notifications under PostgreSQL's size limit; an event too large even alone is reported and left out. */
export function envelopes(origin: string, events: Envelope["e"], tooLarge: (name: BusEventName) => void): string[] {
  const out: string[] = [];
  const head = `{"o":${JSON.stringify(origin)},"e":[`;
  const room = MAX_PAYLOAD - Buffer.byteLength(head) - 2;
  let items: string[] = [];
  let bytes = 0;
  for (const event of events) {
    const item = JSON.stringify(event);
    const size = Buffer.byteLength(item) + 1;
    if (size > room) {
      tooLarge(event[0]);
      continue;
    }
    if (bytes + size > room) {
      out.push(`${head}${items.join(",")}]}`);
      items = [];
      bytes = 0;
    }
    items.push(item);
    bytes += size;
  }
  if (items.length) out.push(`${head}${items.join(",")}]}`);
  return out;
}
