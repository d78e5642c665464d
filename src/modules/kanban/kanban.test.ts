import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { flush, listen, type Peer, shutdown } from "../../../tests/helpers/socket-peer";

let w: Inbox | undefined;
/** Sockets of the test; set once the app listens on a port. */
let peers: Peer[] | undefined;
afterEach(async () => {
  if (w && peers) await shutdown(w.t, peers);
  else await w?.t.close();
  w = undefined;
  peers = undefined;
});

/** The inbox (admin, agent in Q1, agent2 in Q2, plain) with two lanes, "Novo" first. */
async function board() {
  w = await createInbox();
  const lane = async (name: string, laneOrder: number) =>
    (await w!.t.json("POST", "/api/tags", { token: w!.admin.token, body: { name, kanban: 1, laneOrder } })).body.id as number;
  return { w, novo: await lane("Novo", 1), proposta: await lane("Proposta", 2) };
}

let phone = 5511900000000;
/** A ticket straight in the store (fast for paging): a new contact, the given columns, optionally in a lane. */
async function storedTicket(w: Inbox, values: Record<string, unknown> = {}, laneId?: number) {
  const db = w.t.ctx.db;
  const contact = await db
    .insertInto("contacts")
    .values({ companyId: 1, name: `C${++phone}`, number: String(phone) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("tickets")
    .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: contact.id, whatsappId: w.connectionId, status: "pending", ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (laneId) await db.insertInto("ticket_tags").values({ companyId: 1, ticketId: id, tagId: laneId, createdAt: "2026-01-01T00:00:00.000Z" }).execute();
  return id;
}

const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((x) => x.id).sort((a, b) => a - b);
const lanePath = (laneId: number | null, query = "") => `${laneId === null ? "/api/kanban/open/tickets" : `/api/kanban/lanes/${laneId}/tickets`}${query}`;
const auditOf = (w: Inbox, ticketId: number) =>
  w.t.ctx.db
    .selectFrom("audit_log")
    .select(["userId", "action", "before", "after"])
    .where("entity", "=", "ticket")
    .where("entityId", "=", String(ticketId))
    .execute();

describe("GET /api/kanban/lanes/:laneId/tickets and /api/kanban/open/tickets", () => {
  test("each lane lists its open and pending tickets, the open column those in no lane; closed tickets and other tags stay off", async () => {
    const { w, novo, proposta } = await board();
    const inNovo = await storedTicket(w, {}, novo);
    const openInNovo = await storedTicket(w, { status: "open", userId: w.admin.id }, novo);
    const inProposta = await storedTicket(w, {}, proposta);
    await storedTicket(w, { status: "closed" }, novo);
    const laneless = await storedTicket(w);
    const tag = (await w.t.json("POST", "/api/tags", { token: w.admin.token, body: { name: "Contato" } })).body.id;
    const tagged = await storedTicket(w, {}, tag);
    const token = w.admin.token;

    const lane = await w.t.json("GET", lanePath(novo), { token });
    expect(lane.status).toBe(200);
    expect(ids(lane.body)).toEqual([inNovo, openInNovo]);
    expect(lane.body).toMatchObject({ count: 2, hasMore: false, countCapped: false });
    const card = lane.body.tickets.find((x: { id: number }) => x.id === openInNovo);
    expect(card).toMatchObject({ status: "open", user: { id: w.admin.id }, contact: { name: expect.any(String) } });
    expect(card.tags).toEqual([{ id: novo, name: "Novo", color: expect.any(String), kanban: 1, addedAt: "2026-01-01T00:00:00.000Z" }]);
    expect(ids((await w.t.json("GET", lanePath(proposta), { token })).body)).toEqual([inProposta]);
    expect(ids((await w.t.json("GET", lanePath(null), { token })).body)).toEqual([laneless, tagged]);
  });

  test("40 a page, latest activity first; the next page holds the rest", async () => {
    const { w, novo } = await board();
    const made: number[] = [];
    for (let i = 0; i < 43; i++) made.push(await storedTicket(w, { updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }, novo));
    const first = await w.t.json("GET", lanePath(novo), { token: w.admin.token });
    expect(first.body.tickets).toHaveLength(40);
    expect(first.body).toMatchObject({ count: 43, hasMore: true });
    expect(first.body.tickets[0].id).toBe(made[42]);
    const second = await w.t.json("GET", lanePath(novo, "?pageNumber=2"), { token: w.admin.token });
    expect(second.body.tickets.map((x: { id: number }) => x.id)).toEqual([made[2], made[1], made[0]]);
    expect(second.body.hasMore).toBe(false);
  });

  test("dateFrom and dateTo keep tickets whose last activity falls on those days in the company's time zone", async () => {
    const { w, novo } = await board();
    // America/Sao_Paulo (UTC-3): 02:00 UTC on the 10th is still the 9th there.
    const ninth = await storedTicket(w, { updatedAt: "2026-01-10T02:00:00.000Z" }, novo);
    const tenth = await storedTicket(w, { updatedAt: "2026-01-10T15:00:00.000Z" }, novo);
    const twelfth = await storedTicket(w, { updatedAt: "2026-01-12T12:00:00.000Z" }, novo);
    const get = async (q: string) => ids((await w.t.json("GET", lanePath(novo, q), { token: w.admin.token })).body);
    expect(await get("?dateFrom=2026-01-09&dateTo=2026-01-09")).toEqual([ninth]);
    expect(await get("?dateFrom=2026-01-10&dateTo=2026-01-11")).toEqual([tenth]);
    expect(await get("?dateFrom=2026-01-10")).toEqual([tenth, twelfth]);
    expect(await get("?dateTo=2026-01-10")).toEqual([ninth, tenth]);
    await w.setting("timezone", "UTC");
    expect(await get("?dateFrom=2026-01-10&dateTo=2026-01-10")).toEqual([ninth, tenth]);

    for (const [q, field] of [
      ["?dateFrom=2026-01-10&dateTo=2026-01-09", "dateTo"],
      ["?dateFrom=10/01/2026", "dateFrom"],
      ["?dateTo=2026-02-31x", "dateTo"],
      ["?pageNumber=0", "pageNumber"],
    ] as const) {
      const res = await w.t.json("GET", lanePath(novo, q), { token: w.admin.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.body.fields)).toContain(field);
    }
  });

  test("visibility is the inbox's: an agent sees their queues' unassigned tickets and their own, not another agent's", async () => {
    const { w, novo } = await board();
    const q1 = await storedTicket(w, { queueId: w.q1 }, novo);
    const q2 = await storedTicket(w, { queueId: w.q2 }, novo);
    const mine = await storedTicket(w, { queueId: w.q2, status: "open", userId: w.agent.id }, novo);
    const theirs = await storedTicket(w, { queueId: w.q1, status: "open", userId: w.agent2.id }, novo);
    const noQueue = await storedTicket(w, {}, novo);
    const see = async (token: string) => ids((await w.t.json("GET", lanePath(novo), { token })).body);
    expect(await see(w.agent.token)).toEqual([q1, mine]);
    expect(await see(w.agent2.token)).toEqual([q2, theirs]);
    expect(await see(w.plain.token)).toEqual([]);
    expect(await see(w.admin.token)).toEqual([q1, q2, mine, theirs, noQueue]);
    // The inbox's no-queue rule: allTicket lets a user see unassigned tickets without a queue.
    await w.t.ctx.db.updateTable("users").set({ allTicket: "enable" }).where("id", "=", w.plain.id).execute();
    expect(await see(w.plain.token)).toEqual([noQueue]);
  });

  test("a contact tag, an unknown lane and another company's lane are not found; the plan's useKanban gates the board", async () => {
    const { w, novo } = await board();
    const tag = (await w.t.json("POST", "/api/tags", { token: w.admin.token, body: { name: "Contato" } })).body.id;
    const other = await createCompany(w.t, { name: "Other" });
    const foreign = (await w.t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Deles", kanban: 1 } })).body.id;
    for (const laneId of [tag, foreign, 999_999]) {
      const res = await w.t.json("GET", lanePath(laneId), { token: w.admin.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NOT_FOUND");
    }
    // Company B's admin reaching company A's lane by its id.
    expect((await w.t.json("GET", lanePath(novo), { token: other.admin.token })).status).toBe(404);
    expect((await w.t.json("GET", lanePath(null), { token: other.admin.token })).body.tickets).toEqual([]);

    await w.t.ctx.db.updateTable("plans").set({ useKanban: 0 }).execute();
    for (const path of [lanePath(novo), lanePath(null)]) {
      const res = await w.t.json("GET", path, { token: w.admin.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});

describe("PUT /api/tickets/:id/lane", () => {
  test("moves the ticket between lanes and out of them, stamping its time in the lane, with one audit entry per move", async () => {
    const { w, novo, proposta } = await board();
    const id = await storedTicket(w, { queueId: w.q1 });
    const move = (laneId: number | null, token = w.agent.token) => w.t.json("PUT", `/api/tickets/${id}/lane`, { token, body: { laneId } });

    w.t.clock.set(new Date("2026-03-01T10:00:00.000Z"));
    const first = await move(novo);
    expect(first.status).toBe(200);
    expect(first.body.tags).toEqual([expect.objectContaining({ id: novo, kanban: 1, addedAt: "2026-03-01T10:00:00.000Z" })]);
    expect(ids((await w.t.json("GET", lanePath(null), { token: w.agent.token })).body)).toEqual([]);
    expect(ids((await w.t.json("GET", lanePath(novo), { token: w.agent.token })).body)).toEqual([id]);

    // Putting the same lane again (the drawer's lane selector) keeps the time it entered.
    w.t.clock.set(new Date("2026-03-01T11:00:00.000Z"));
    expect((await w.t.json("PUT", `/api/ticket-tags/${id}/${novo}`, { token: w.agent.token })).body.tags[0].addedAt).toBe("2026-03-01T10:00:00.000Z");
    expect((await move(novo)).body.tags[0].addedAt).toBe("2026-03-01T10:00:00.000Z");

    const second = await move(proposta);
    expect(second.body.tags).toEqual([expect.objectContaining({ id: proposta, addedAt: "2026-03-01T11:00:00.000Z" })]);
    expect(ids((await w.t.json("GET", lanePath(novo), { token: w.agent.token })).body)).toEqual([]);
    expect((await move(null)).body.tags).toEqual([]);
    expect(ids((await w.t.json("GET", lanePath(null), { token: w.agent.token })).body)).toEqual([id]);

    const entries = await auditOf(w, id);
    expect(entries.map((e) => [e.userId, e.action, JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      [w.agent.id, "update", { laneId: null }, { laneId: novo }],
      [w.agent.id, "update", { laneId: novo }, { laneId: proposta }],
      [w.agent.id, "update", { laneId: proposta }, { laneId: null }],
    ]);
  });

  test("a contact tag, another company's lane or a malformed laneId is refused and changes nothing", async () => {
    const { w, novo } = await board();
    const id = await storedTicket(w, {}, novo);
    const tag = (await w.t.json("POST", "/api/tags", { token: w.admin.token, body: { name: "Contato" } })).body.id;
    const other = await createCompany(w.t, { name: "Other" });
    const foreign = (await w.t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Deles", kanban: 1 } })).body.id;
    for (const laneId of [tag, foreign, 999_999]) {
      const res = await w.t.json("PUT", `/api/tickets/${id}/lane`, { token: w.admin.token, body: { laneId } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ laneId: "Unknown lane" });
    }
    for (const body of [{}, { laneId: "x" }, { laneId: 0 }, { laneId: 1.5 }]) {
      const res = await w.t.json("PUT", `/api/tickets/${id}/lane`, { token: w.admin.token, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(["laneId"]);
    }
    // Company B's admin moving company A's ticket into B's own lane.
    const res = await w.t.json("PUT", `/api/tickets/${id}/lane`, { token: other.admin.token, body: { laneId: foreign } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(ids((await w.t.json("GET", lanePath(novo), { token: w.admin.token })).body)).toEqual([id]);
    expect(await auditOf(w, id)).toEqual([]);
  });

  test("a ticket the user may not see is refused (403) and a plan without useKanban refuses every move", async () => {
    const { w, novo } = await board();
    const q2 = await storedTicket(w, { queueId: w.q2 });
    const denied = await w.t.json("PUT", `/api/tickets/${q2}/lane`, { token: w.agent.token, body: { laneId: novo } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    await w.t.ctx.db.updateTable("plans").set({ useKanban: 0 }).execute();
    const gated = await w.t.json("PUT", `/api/tickets/${q2}/lane`, { token: w.admin.token, body: { laneId: novo } });
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(ids((await w.t.json("GET", `/api/tickets?status=pending&showAll=true`, { token: w.admin.token })).body)).toEqual([q2]);
    expect((await w.t.ctx.db.selectFrom("ticket_tags").selectAll().where("ticketId", "=", q2).execute()).length).toBe(0);
    expect(await auditOf(w, q2)).toEqual([]);
  });

  test("every user who may see the ticket gets its ticket frame with the new lane; others get nothing", async () => {
    const { w, novo } = await board();
    const open = listen(w.t);
    const sockets: Peer[] = [];
    peers = sockets;
    const connect = async (token: string) => {
      const p = open(token);
      sockets.push(p);
      await p.opened;
      return p;
    };
    const agent = await connect(w.agent.token);
    const admin = await connect(w.admin.token);
    const agent2 = await connect(w.agent2.token);
    const id = await storedTicket(w, { queueId: w.q1 });
    expect((await w.t.json("PUT", `/api/tickets/${id}/lane`, { token: w.admin.token, body: { laneId: novo } })).status).toBe(200);
    for (const p of [agent, admin]) {
      const frame = await p.next("company-1-ticket", (d) => d.action === "update" && d.ticket.id === id);
      expect(frame.ticket.tags).toEqual([expect.objectContaining({ id: novo, kanban: 1 })]);
    }
    await flush(w.t, agent2, 1);
    expect(agent2.received("company-1-ticket")).toEqual([]);
  });
});
