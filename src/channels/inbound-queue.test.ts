import { afterEach, describe, expect, test } from "bun:test";
import { ADMIN } from "../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel } from "../../tests/helpers/test-channel";
import { createConnection } from "./connections";

let t: ChannelTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(queueCount: number, conn: { allowGroup?: number } = {}) {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  const queueIds: number[] = [];
  for (let i = 0; i < queueCount; i++) {
    const q = await t.ctx.db
      .insertInto("queues")
      .values({ companyId: 1, name: `Fila ${i}`, color: `#00000${i}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    queueIds.push(q.id);
  }
  const { id } = await createConnection(t.ctx, 1, { name: "Test", channel: "testchan", queueIds, ...conn });
  return { t, s: chan.session(id)!, queueIds };
}

async function ticketOf(app: ChannelTestApp, id: number) {
  const ticket = await app.ctx.db.selectFrom("tickets").select(["queueId", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
  const log = await app.ctx.db.selectFrom("ticket_logs").select(["type", "queueId"]).where("ticketId", "=", id).executeTakeFirstOrThrow();
  const msg = await app.ctx.db.selectFrom("messages").select("queueId").where("ticketId", "=", id).executeTakeFirstOrThrow();
  return { ticket, log, msg };
}

describe("the queue of a new inbound ticket", () => {
  test("a connection with exactly one queue: the new ticket, its create log and its message are in that queue", async () => {
    const { t, s, queueIds } = await setup(1);
    const r = await s.receive({ from: "5511999990101", body: "oi" });
    if (r.status !== "stored") throw new Error(`not stored: ${r.status}`);
    expect(r.ticketCreated).toBe(true);
    expect(await ticketOf(t, r.ticketId)).toEqual({
      ticket: { queueId: queueIds[0]!, status: "pending" },
      log: { type: "create", queueId: queueIds[0]! },
      msg: { queueId: queueIds[0]! },
    });
  });

  test("a group ticket on a one-queue connection is in that queue too", async () => {
    const { t, s, queueIds } = await setup(1, { allowGroup: 1 });
    const r = await s.receive({ from: "5511999990102", body: "oi", group: true });
    if (r.status !== "stored") throw new Error(`not stored: ${r.status}`);
    expect((await ticketOf(t, r.ticketId)).ticket).toEqual({ queueId: queueIds[0]!, status: "group" });
  });

  test("no queue or several queues: the new ticket has no queue (the contact's choice or an agent decides)", async () => {
    for (const n of [0, 2]) {
      const { t: app, s } = await setup(n);
      const r = await s.receive({ from: "5511999990103", body: "oi" });
      if (r.status !== "stored") throw new Error(`not stored: ${r.status}`);
      expect((await ticketOf(app, r.ticketId)).ticket.queueId).toBeNull();
      await app.close();
      t = undefined;
    }
  });

  test("the queue is set once, at creation: a live ticket moved to no queue stays there", async () => {
    const { t, s } = await setup(1);
    const a = await s.receive({ from: "5511999990104", body: "a" });
    if (a.status !== "stored") throw new Error("not stored");
    await t.ctx.db.updateTable("tickets").set({ queueId: null }).where("id", "=", a.ticketId).execute();
    const b = await s.receive({ from: "5511999990104", body: "b" });
    expect(b.status === "stored" && b.ticketId).toBe(a.ticketId);
    expect((await ticketOf(t, a.ticketId)).ticket.queueId).toBeNull();
  });

  test("through the API alone: a queue, an agent in it with the defaults, a connection linked to it; the agent sees and accepts the contact's ticket without a queue prompt", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const app = t;
    const ok = async (method: string, path: string, token: string, body?: unknown) => {
      const r = await app.json(method, path, { token, body });
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const admin = (await app.json("POST", "/api/auth/login", { body: ADMIN })).body.token as string;
    const queue = await ok("POST", "/api/queue", admin, { name: "Atendimento", color: "#16a34a" });
    const agentCreds = { email: "agente@test.local", password: "Agente123!" };
    const agent = await ok("POST", "/api/users", admin, { name: "Agente", profile: "user", queueIds: [queue.id], ...agentCreds });
    expect(agent.allTicket).toBe("disable");
    const conn = await ok("POST", "/api/whatsapp", admin, { name: "Site", channel: "testchan", queueIds: [queue.id] });
    await app.ctx.channels.idle();

    const r = await chan.session(conn.id)!.receive({ from: "5511999990105", name: "Visitante", body: "Olá, preciso de ajuda" });
    if (r.status !== "stored") throw new Error(`not stored: ${r.status}`);
    const token = (await app.json("POST", "/api/auth/login", { body: agentCreds })).body.token as string;
    const pending = await ok("GET", "/api/tickets?status=pending&showAll=false", token);
    expect(pending.tickets.map((x: { id: number }) => x.id)).toEqual([r.ticketId]);
    const accepted = await ok("PUT", `/api/tickets/${r.ticketId}`, token, { status: "open" });
    expect(accepted).toMatchObject({ status: "open", userId: agent.id, queueId: queue.id, needsQueue: false });
  });
});
