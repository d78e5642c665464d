import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createCompany, createUser } from "../../tests/helpers/factories";
import { flush, listen, type Peer, shutdown, tokenFor, until, within } from "../../tests/helpers/socket-peer";

let t: TestApp;
let open: (token?: string) => Peer;
let peers: Peer[];
let companyB: number;
let a: Peer;
let b: Peer;

beforeEach(async () => {
  t = await createTestApp();
  open = listen(t);
  peers = [];
  const created = await createCompany(t, { name: "B" });
  companyB = created.companyId;
  a = await connectAs(1);
  b = await connectAs(created.admin.id);
});

afterEach(() => shutdown(t, peers));

async function connectAs(userId: number): Promise<Peer> {
  const peer = open(await tokenFor(t, userId));
  peers.push(peer);
  await peer.opened;
  return peer;
}

/** B saw nothing of company 1 (checked after every frame sent to B so far has arrived). */
async function bSawNothingOfCompanyA() {
  await flush(t, b, companyB);
  expect(b.frames.filter((f) => f.event.startsWith("company-1-"))).toEqual([]);
}

const addQueue = (companyId: number, name: string) =>
  t.ctx.db.insertInto("queues").values({ companyId, name, color: "#123456", greetingMessage: "Hi" }).returning("id").executeTakeFirstOrThrow();

describe("users", () => {
  test("user.created sends the new user's public fields to the company only", async () => {
    const user = await createUser(t, { companyId: 1, name: "Agent" });
    t.ctx.bus.emit("user.created", { companyId: 1, userId: user.id });
    const data = await a.next("company-1-user", (d) => d.action === "create");
    expect(data).toEqual({ action: "create", user: { id: user.id, name: "Agent", email: user.email, profile: "user", online: false } });
    await bSawNothingOfCompanyA();
  });

  test("an event naming another company's user sends nothing", async () => {
    const foreign = await createUser(t, { companyId: companyB, name: "Foreign" });
    t.ctx.bus.emit("user.created", { companyId: 1, userId: foreign.id });
    t.ctx.bus.emit("user.updated", { companyId: 1, userId: foreign.id });
    // Listeners run their reads in order: once this later event has arrived, the earlier ones would have too.
    t.ctx.bus.emit("user.updated", { companyId: 1, userId: 1 });
    await a.next("company-1-user", (d) => d.action === "update" && d.user.email);
    expect(a.received("company-1-user", (d) => d.user?.id === foreign.id)).toEqual([]);
  });

  test("user.updated announces the change and later events are shaped with the new permissions", async () => {
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    const agentPeer = await connectAs(agent.id);
    // The first socket marks the user online (a write of its own): done before the test changes the row under it.
    await until(async () => (await t.ctx.db.selectFrom("users").select("online").where("id", "=", agent.id).executeTakeFirstOrThrow()).online === 1, "online");
    const adminsOnly = { shape: (actor: { profile: string }, d: unknown) => (actor.profile === "admin" ? d : undefined) };

    t.ctx.hub.emit(1, "company-1-report", { n: 1 }, adminsOnly);
    await flush(t, agentPeer, 1);
    expect(agentPeer.received("company-1-report")).toEqual([]);

    await t.ctx.db.updateTable("users").set({ profile: "admin", name: "Lead" }).where("id", "=", agent.id).execute();
    t.ctx.bus.emit("user.updated", { companyId: 1, userId: agent.id });
    expect(await agentPeer.next("company-1-user", (d) => d.action === "update" && d.user.id === agent.id && d.user.profile === "admin")).toEqual({
      action: "update",
      user: { id: agent.id, name: "Lead", email: agent.email, profile: "admin", online: true },
    });

    t.ctx.hub.emit(1, "company-1-report", { n: 2 }, adminsOnly);
    expect(await agentPeer.next("company-1-report")).toEqual({ n: 2 });
    expect(agentPeer.isOpen).toBe(true);
    await bSawNothingOfCompanyA();
  });

  test("user.deleted announces the deletion and ends the deleted user's sockets", async () => {
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    const agentPeer = await connectAs(agent.id);
    await t.ctx.db.deleteFrom("users").where("id", "=", agent.id).execute();
    t.ctx.bus.emit("user.deleted", { companyId: 1, userId: agent.id });
    expect(await a.next("company-1-user", (d) => d.action === "delete")).toEqual({ action: "delete", userId: agent.id });
    expect(await within(agentPeer.closed, 1000, "deleted user's socket closed")).toEqual({ code: 4001, reason: "ERR_UNAUTHORIZED" });
    expect(agentPeer.received("company-1-auth").map((f) => f.data)).toEqual([{ action: "logout", user: { id: agent.id } }]);
    await bSawNothingOfCompanyA();
  });
});

describe("queues", () => {
  test("created, updated and deleted queues reach the company only, shaped like the REST answer", async () => {
    const token = await tokenFor(t, 1);
    const created = await t.json("POST", "/api/queue", { token, body: { name: "Sales", color: "#123456" } });
    expect(created.status).toBe(201);
    expect(await a.next("company-1-queue", (d) => d.action === "create")).toEqual({ action: "create", queue: created.body });

    const updated = await t.json("PUT", `/api/queue/${created.body.id}`, { token, body: { name: "Sales 2" } });
    expect(updated.status).toBe(200);
    expect(await a.next("company-1-queue", (d) => d.action === "update")).toEqual({ action: "update", queue: updated.body });

    expect((await t.json("DELETE", `/api/queue/${created.body.id}`, { token })).status).toBe(200);
    expect(await a.next("company-1-queue", (d) => d.action === "delete")).toEqual({ action: "delete", queueId: created.body.id });
    await bSawNothingOfCompanyA();
  });

  test("an event naming another company's queue sends nothing", async () => {
    const { id } = await addQueue(companyB, "Theirs");
    const ours = await addQueue(1, "Ours");
    t.ctx.bus.emit("queue.updated", { companyId: 1, queueId: id });
    t.ctx.bus.emit("queue.updated", { companyId: 1, queueId: ours.id });
    await a.next("company-1-queue");
    expect(a.received("company-1-queue").map((f) => f.data.queue.id)).toEqual([ours.id]);
  });
});

describe("settings", () => {
  test("a company setting reaches that company; a platform setting reaches every company under its own name", async () => {
    t.ctx.bus.emit("settings.updated", { companyId: 1, key: "userRating" });
    expect(await a.next("company-1-settings")).toEqual({ action: "update", key: "userRating" });
    await bSawNothingOfCompanyA();

    t.ctx.bus.emit("settings.updated", { companyId: null, key: "userCreation" });
    expect(await a.next("company-1-settings", (d) => d.key === "userCreation")).toEqual({ action: "update", key: "userCreation" });
    expect(await b.next(`company-${companyB}-settings`)).toEqual({ action: "update", key: "userCreation" });
    expect(a.received(`company-${companyB}-settings`)).toEqual([]);
  });
});
