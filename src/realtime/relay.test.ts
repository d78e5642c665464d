import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../channels/connections";
import { ADMIN, type TestApp } from "../../tests/helpers/test-app";
import { createUser, login } from "../../tests/helpers/factories";
import { type Instances, twoInstances } from "../../tests/helpers/instances";
import { admin, postgresServer } from "../../tests/helpers/test-databases";
import { listen, type Peer, tokenFor, until, within } from "../../tests/helpers/socket-peer";
import { createTestChannel } from "../../tests/helpers/test-channel";
import type { BusEventName } from "./events";
import { envelopes } from "./relay";

describe("envelopes", () => {
  const events = (n: number, text: string) => Array.from({ length: n }, (_, i) => ["settings.updated", { companyId: i, key: text }] as [BusEventName, unknown]);
  const decoded = (payloads: string[]) => payloads.flatMap((p) => JSON.parse(p).e);

  test("a burst is cut into notifications under PostgreSQL's 8,000 bytes, every event kept in order", () => {
    const burst = events(400, "k");
    const payloads = envelopes("instance-a", burst, () => {
      throw new Error("nothing is too large");
    });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) {
      expect(Buffer.byteLength(p)).toBeLessThan(8000);
      expect(JSON.parse(p).o).toBe("instance-a");
    }
    expect(decoded(payloads)).toEqual(burst);
  });

  test("sizes are counted in bytes, not characters", () => {
    const burst = events(60, "ação ".repeat(40));
    const payloads = envelopes("a", burst, () => undefined);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(decoded(payloads)).toEqual(burst);
  });

  test("an event too large even alone is reported and left out; the others go", () => {
    const tooLarge: string[] = [];
    const burst = [...events(1, "small"), ["contact.updated", { companyId: 1, key: "x".repeat(9000) }] as [BusEventName, unknown], ...events(1, "after")];
    const payloads = envelopes("a", burst, (name) => tooLarge.push(name));
    expect(tooLarge).toEqual(["contact.updated"]);
    expect(decoded(payloads)).toEqual([burst[0], burst[2]]);
  });
});

// Two instances of the product on one PostgreSQL database, whichever store the rest of the run is on.
describe("two instances on one database", () => {
  let instances: Instances;
  let a: TestApp;
  let b: TestApp;
  let openB: (token?: string) => Peer;
  const chan = createTestChannel();
  const peers: Peer[] = [];
  const connect = async (open: (token?: string) => Peer, token: string) => {
    const peer = open(token);
    peers.push(peer);
    await peer.opened;
    return peer;
  };

  beforeAll(async () => {
    instances = await twoInstances({ plugins: [chan.plugin] });
    ({ a, b } = instances);
    listen(a);
    openB = listen(b);
  });

  afterAll(async () => {
    for (const p of peers) p.close();
    await instances.close();
  });

  test("a contact's message arriving through A reaches an agent's socket on B live, with its ticket", async () => {
    const agent = await createUser(a, { companyId: 1, name: "Agent B" });
    await a.ctx.db.updateTable("users").set({ allTicket: "enable" }).where("id", "=", agent.id).execute();
    const peer = await connect(openB, await tokenFor(b, agent.id));
    // The connection is made after both instances started, so only A runs its session.
    const { id: connectionId } = await createConnection(a.ctx, 1, { name: "Main", channel: "testchan" });
    await until(() => chan.session(connectionId) !== undefined, "A's session", 5000);
    const stored = await chan.session(connectionId)!.receive({ from: "5511988887777", body: "hello through A" });
    expect(stored.status).toBe("stored");
    const frame = await peer.next("company-1-appMessage", (d) => d.message.body === "hello through A", 5000);
    expect(frame.action).toBe("create");
    expect(frame.ticket.id).toBe(stored.status === "stored" ? stored.ticketId : -1);
    expect(frame.ticket.status).toBe("pending");
  });

  test("a burst of events published on A arrives on B in the order it happened", async () => {
    const peer = await connect(openB, await tokenFor(b, 1));
    const keys = Array.from({ length: 300 }, (_, i) => `key-${i}`);
    for (const key of keys) a.ctx.bus.emit("settings.updated", { companyId: 1, key });
    await until(() => peer.received("company-1-settings").length >= keys.length, "300 settings frames on B", 5000);
    expect(peer.received("company-1-settings").map((f) => f.data.key)).toEqual(keys);
  });

  test("B does not run A's own work again: a listener of `on` hears only its instance's events", async () => {
    const heard: string[] = [];
    const offA = a.ctx.bus.on("settings.updated", ({ key }) => void heard.push(`a:${key}`));
    const offB = b.ctx.bus.on("settings.updated", ({ key }) => void heard.push(`b:${key}`));
    const peer = await connect(openB, await tokenFor(b, 1));
    a.ctx.bus.emit("settings.updated", { companyId: 1, key: "once" });
    await peer.next("company-1-settings", (d) => d.key === "once", 5000);
    offA();
    offB();
    expect(heard).toEqual(["a:once"]);
  });

  test("a logout on A closes the user's socket on B at once", async () => {
    const user = await createUser(a, { companyId: 1, name: "Leaving" });
    const token = await login(a, user.email, user.password);
    const peer = await connect(openB, token);
    expect((await a.json("DELETE", "/api/auth/logout", { token })).status).toBe(200);
    const closed = await within(peer.closed, 1000, "close on B after the logout on A");
    expect(closed.code).toBe(4001);
    expect(peer.received("company-1-auth").map((f) => f.data)).toEqual([{ action: "logout", user: { id: user.id } }]);
  });

  test("an agent's queues changed on A re-scope their socket on B", async () => {
    const agent = await createUser(a, { companyId: 1, name: "Scoped" });
    const queue = await a.ctx.db.insertInto("queues").values({ companyId: 1, name: "Sales", color: "#123123" }).returning("id").executeTakeFirstOrThrow();
    const peer = await connect(openB, await tokenFor(b, agent.id));
    const adminToken = await login(a, ADMIN.email, ADMIN.password);
    const res = await a.json("PUT", `/api/users/${agent.id}`, { token: adminToken, body: { queueIds: [queue.id] } });
    expect(res.status).toBe(200);
    await peer.next("company-1-user", (d) => d.action === "update" && d.user.id === agent.id, 5000);
    // B now decides this socket's audience with the new queue: a waiting ticket of Sales reaches it.
    const ticketId = await a.ctx.db.transaction().execute(async (trx) => {
      const contact = await trx
        .insertInto("contacts")
        .values({ companyId: 1, name: "Sales lead", number: "5511977776666" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const ticket = await trx
        .insertInto("tickets")
        .values({ companyId: 1, uuid: crypto.randomUUID(), contactId: contact.id, queueId: queue.id, status: "pending", createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return ticket.id;
    });
    a.ctx.bus.emit("ticket.updated", { companyId: 1, ticketId });
    const frame = await peer.next("company-1-ticket", (d) => d.ticket?.id === ticketId, 5000);
    expect(frame.ticket.queueId).toBe(queue.id);
  });

  test("when the listening connection drops, B's sockets are told to reconnect and refetch", async () => {
    const peer = await connect(openB, await tokenFor(b, 1));
    const dbName = new URL(instances.url).pathname.slice(1);
    await admin(postgresServer(), (sql) =>
      sql.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and query ilike 'listen%'`),
    );
    const closed = await within(peer.closed, 10_000, "resync close on B");
    expect(closed.code).toBe(1012);
    // And it listens again: A's events reach a new socket on B.
    const again = await connect(openB, await tokenFor(b, 1));
    await until(
      async () => {
        a.ctx.bus.emit("settings.updated", { companyId: 1, key: "after-reconnect" });
        await Bun.sleep(50);
        return again.received("company-1-settings", (d) => d.key === "after-reconnect").length > 0;
      },
      "events after the relay reconnected",
      10_000,
    );
  });
});
