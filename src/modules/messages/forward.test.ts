import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import type { ChannelTestApp } from "../../../tests/helpers/test-channel";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { FORWARD_GAP_MS, FORWARD_JOB } from "./forward";

let w: Inbox | undefined;
let restarted: ChannelTestApp | undefined;
afterEach(async () => {
  if (restarted) await restarted.close();
  else await w?.t.close();
  w = undefined;
  restarted = undefined;
});

/** The agent's open ticket with three messages from the contact, and a second contact on the same connection. */
async function setup() {
  w = await createInbox();
  const source = await w.inbound("5511000000001", { body: "um" });
  await w.session.receive({ from: "5511000000001", body: "dois" });
  await w.session.receive({ from: "5511000000001", body: "três" });
  await w.setTicket(source, { queueId: w.q1, status: "open", userId: w.agent.id });
  const target = await w.t.ctx.db
    .insertInto("contacts")
    .values({ companyId: 1, name: "Destino", number: "5511000000002", channel: "testchan", identity: "5511000000002" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids = (await w.messages(source)).map((m) => m.id as number);
  return { source, contactId: target.id, ids };
}
const forward = (token: string, body: unknown) => w!.t.json("POST", "/api/message/forward", { token, body });
const jobs = (t: ChannelTestApp) =>
  t.ctx.db.selectFrom("jobs").select(["runAt", "status", "payload"]).where("name", "=", FORWARD_JOB).orderBy("runAt").execute();

describe("POST /api/message/forward", () => {
  test("copies go 900 ms apart, each link of the chain scheduled by the one before, into a new open ticket of the agent's, signed", async () => {
    const { contactId, ids } = await setup();
    const t = w!.t;
    t.clock.set(new Date()); // time stands still unless the test moves it
    const asked = t.clock.now().getTime();
    const res = await forward(w!.agent.token, { messageId: [ids[2], ids[0]], contactId, signMessage: true });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: "open", userId: w!.agent.id, contactId, queueId: w!.q1 });
    expect(res.body.messageIds).toEqual([ids[0], ids[2]]);
    const [first] = await jobs(t);
    expect(Date.parse(first!.runAt)).toBe(asked);

    await t.ctx.jobs.runDue();
    const target = res.body.ticket.id as number;
    const [copy1] = await w!.messages(target);
    expect(copy1!.body).toBe("*Ana*:\num");
    const next = (await jobs(t)).find((j) => j.status === "queued")!;
    expect(Date.parse(next.runAt) - Date.parse(copy1!.createdAt)).toBe(FORWARD_GAP_MS);
    // Not before its time, even if the scheduler polls right away.
    t.clock.advance(FORWARD_GAP_MS - 100);
    await t.ctx.jobs.runDue();
    expect(await w!.messages(target)).toHaveLength(1);
    t.clock.advance(100);
    await t.ctx.jobs.runDue();
    const copies = await w!.messages(target);
    expect(copies.map((m) => [m.body, m.isForwarded, m.origin, m.userId])).toEqual([
      ["*Ana*:\num", 1, "agent", w!.agent.id],
      ["*Ana*:\ntrês", 1, "agent", w!.agent.id],
    ]);
    expect(Date.parse(copies[1]!.createdAt) - Date.parse(copies[0]!.createdAt)).toBe(FORWARD_GAP_MS);
    expect((await jobs(t)).map((j) => j.status)).toEqual(["done", "done"]);
    await t.ctx.channels.idle();
    expect(w!.session.sent.map((m) => [m.body, m.to.chatId])).toEqual([
      ["*Ana*:\num", "5511000000002"],
      ["*Ana*:\ntrês", "5511000000002"],
    ]);
  });

  test("the pacing survives a restart: the copies wait in the jobs table for their time", async () => {
    const { contactId, ids } = await setup();
    const res = await forward(w!.agent.token, { messageId: ids, contactId });
    restarted = await w!.t.restart();
    const t = restarted;
    expect((await jobs(t)).map((j) => j.status)).toEqual(["queued"]);
    await t.ctx.jobs.runDue();
    t.clock.advance(FORWARD_GAP_MS);
    await t.ctx.jobs.runDue();
    t.clock.advance(FORWARD_GAP_MS);
    await t.ctx.jobs.runDue();
    const copies = await t.ctx.db.selectFrom("messages").select("body").where("ticketId", "=", res.body.ticket.id).orderBy("id").execute();
    expect(copies.map((m) => m.body)).toEqual(["um", "dois", "três"]);
  });

  test("a link that runs again (at-least-once) makes no second copy and no second next link", async () => {
    const { contactId, ids } = await setup();
    const t = w!.t;
    const res = await forward(w!.agent.token, { messageId: [ids[0], ids[1]], contactId });
    await t.ctx.jobs.runDue();
    // As if the process died after the copy, before the job was marked done: the lease expires and it runs again.
    await t.ctx.db.updateTable("jobs").set({ status: "queued", runAt: t.clock.now().toISOString() }).where("uniqueKey", "like", "forward:%:0").execute();
    await t.ctx.jobs.runDue();
    expect((await w!.messages(res.body.ticket.id)).map((m) => m.body)).toEqual(["um"]);
    expect(await jobs(t)).toHaveLength(2);
  });

  test("into the contact's open ticket when the agent may write in it; someone else's is ERR_OTHER_OPEN_TICKET", async () => {
    const { contactId, ids } = await setup();
    const live = await w!.inbound("5511000000002");
    await w!.setTicket(live, { queueId: w!.q1, status: "open", userId: w!.agent.id });
    const mine = await forward(w!.agent.token, { messageId: ids[0], contactId });
    expect(mine.body.ticket.id).toBe(live);
    // The forwarded copy is the agent's first answer to the contact's message in that ticket.
    await w!.t.ctx.jobs.runDue();
    expect((await w!.ticket(live)).firstResponseAt).not.toBeNull();
    await w!.setTicket(live, { userId: w!.agent2.id, queueId: w!.q2 });
    const held = await forward(w!.agent.token, { messageId: ids[0], contactId });
    expect(held.status).toBe(409);
    expect(JSON.parse(held.body.message)).toMatchObject({ id: live, user: { name: "Bruno" }, queue: { name: "Q2" } });
  });

  test("ids of another company or of unseen tickets, notes, and no message at all are refused; nothing is scheduled", async () => {
    const { source, contactId, ids } = await setup();
    const other = await createCompany(w!.t, { name: "B" });
    const foreignContact = (
      await w!.t.ctx.db
        .insertInto("contacts")
        .values({ companyId: other.companyId, name: "F", number: "1", channel: "testchan" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const fc = await forward(w!.agent.token, { messageId: ids[0], contactId: foreignContact });
    expect([fc.status, Object.keys(fc.body.fields)]).toEqual([400, ["contactId"]]);
    const foreignMsg = await forward(other.admin.token, { messageId: ids[0], contactId: foreignContact });
    expect([foreignMsg.status, Object.keys(foreignMsg.body.fields)]).toEqual([400, ["messageId"]]);
    expect((await forward(w!.agent2.token, { messageId: ids[0], contactId })).status).toBe(403);
    const note = await w!.t.json("POST", `/api/messages/${source}`, { token: w!.agent.token, body: { body: "interno", isPrivate: true } });
    expect((await forward(w!.agent.token, { messageId: note.body.message.id, contactId })).status).toBe(400);
    expect((await forward(w!.agent.token, { messageId: [], contactId })).status).toBe(400);
    expect(await jobs(w!.t)).toEqual([]);
  });
});
