/** Shared setup for the session tests: a session on a fake socket and a fake host. */
import { initAuthCreds, type WAMessage } from "baileys";
import { serialize, CREDS_KEY } from "../auth-state";
import { whatsappConfigSchema } from "../manifest";
import { WhatsAppSession } from "../session";
import { createFakeHost, MemoryStore, type WhatsAppHostExtras } from "./fake-host";
import { fakeSockets, type FakeSocket } from "./fake-socket";

export const ME = "5511900000000:7@s.whatsapp.net";

export interface SetupOptions {
  config?: Record<string, unknown>;
  store?: MemoryStore;
  extras?: WhatsAppHostExtras | false;
  socketSetup?: (s: FakeSocket) => void;
  connectionId?: number;
  pictures?: boolean;
}

export function setup(opts: SetupOptions = {}) {
  const sockets = fakeSockets(opts.socketSetup);
  const fake = createFakeHost({
    ...(opts.store ? { store: opts.store } : {}),
    ...(opts.extras !== undefined ? { extras: opts.extras } : {}),
    ...(opts.connectionId ? { connectionId: opts.connectionId } : {}),
  });
  const config = whatsappConfigSchema.parse(opts.config ?? {});
  const downloads: WAMessage[] = [];
  const session = new WhatsAppSession(fake.host, config, {
    socket: sockets.factory,
    download: async (m) => {
      downloads.push(m);
      return new TextEncoder().encode(`media ${m.key.id}`);
    },
    lookupTimeoutMs: 50,
    ...(opts.pictures !== undefined ? { pictures: opts.pictures } : {}),
  });
  return { session, sockets, downloads, ...fake };
}

/** A store holding the credentials of a linked device (as a previous session would have left them). */
export async function linkedStore(me = ME): Promise<MemoryStore> {
  const store = new MemoryStore();
  const creds = initAuthCreds();
  creds.me = { id: me, name: "Loja" };
  await store.set(CREDS_KEY, serialize(creds));
  return store;
}

/** Waits until the condition holds (the session connects after an await, so sockets appear a tick later). */
export async function until(cond: () => boolean, ms = 1_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await Bun.sleep(1);
  }
}

/** Starts a session on a linked store and brings it to CONNECTED. */
export async function connectedSession(opts: SetupOptions = {}) {
  const t = setup({ ...opts, store: opts.store ?? (await linkedStore()) });
  const started = t.session.start();
  await until(() => t.sockets.made.length === 1);
  t.sockets.last.connecting();
  t.sockets.last.open();
  await started;
  return t;
}
