import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp } from "../../tests/helpers/test-app";
import { createUser, type TestUser } from "../../tests/helpers/factories";
import { type Instances, twoInstances } from "../../tests/helpers/instances";
import { listen, type Peer, tokenFor, until } from "../../tests/helpers/socket-peer";

// Presence with two instances on one PostgreSQL database, whichever store the rest of the run is on.
describe("presence across instances", () => {
  let instances: Instances;
  let open: { a: (token?: string) => Peer; b: (token?: string) => Peer };
  let agent: TestUser;
  const peers: Peer[] = [];
  const connect = async (on: "a" | "b", userId: number) => {
    const peer = open[on](await tokenFor(instances[on], userId));
    peers.push(peer);
    await peer.opened;
    return peer;
  };
  const online = async () => (await instances.b.ctx.db.selectFrom("users").select("online").where("id", "=", agent.id).executeTakeFirstOrThrow()).online === 1;

  beforeEach(async () => {
    // Each instance has a clock of its own: B's moves alone, to see A's presence grow old.
    instances = await twoInstances();
    open = { a: listen(instances.a), b: listen(instances.b) };
    agent = await createUser(instances.a, { companyId: 1, name: "Ana" });
  });
  afterEach(async () => {
    for (const p of peers.splice(0)) p.close();
    await instances.close();
  });

  test("a user with sockets on both instances stays online until the last one closes, wherever it is", async () => {
    const onA = await connect("a", agent.id);
    const onB = await connect("b", agent.id);
    await until(online, "online", 5000);
    const watcher = await connect("b", 1);
    onB.close();
    await instances.b.ctx.bus.settled();
    await Bun.sleep(100);
    expect(await online()).toBe(true);
    onA.close();
    await until(async () => !(await online()), "offline once the last socket closed", 5000);
    await watcher.next("company-1-user", (d) => d.user.id === agent.id && d.user.online === false);
  });

  test("sockets opened and closed at once on B leave no presence behind: the user goes offline with A's last socket", async () => {
    const onA = await connect("a", agent.id);
    for (let i = 0; i < 5; i++) (await connect("b", agent.id)).close();
    await until(online, "online", 5000);
    await Bun.sleep(200);
    onA.close();
    await until(async () => !(await online()), "offline once A's socket closed", 5000);
  });

  test("another instance starting leaves the users of the running ones online", async () => {
    await connect("a", agent.id);
    await until(online, "online", 5000);
    const third = await createTestApp({ DATABASE_URL: instances.url, DATABASE_POOL_SIZE: "2" });
    try {
      await Bun.sleep(100);
      expect(await online()).toBe(true);
    } finally {
      await third.close();
    }
  });

  test("an instance that stops renewing its presence (it died) has its users set offline by another", async () => {
    await connect("a", agent.id);
    await until(online, "online", 5000);
    const watcher = await connect("b", 1);
    // A renews (its clock stands still); B, ninety seconds later by its own clock, sees A's presence as too old.
    await instances.a.ctx.hub.renewPresence();
    instances.b.clock.advance(60_000);
    await instances.b.ctx.hub.renewPresence();
    expect(await online()).toBe(true);
    instances.b.clock.advance(40_000);
    await instances.b.ctx.hub.renewPresence();
    expect(await online()).toBe(false);
    await watcher.next("company-1-user", (d) => d.user.id === agent.id && d.user.online === false);
  });

  test("an instance that shuts down takes its users' presence with it", async () => {
    await connect("a", agent.id);
    await until(online, "online", 5000);
    await instances.a.ctx.close();
    expect(await online()).toBe(false);
  });
});
