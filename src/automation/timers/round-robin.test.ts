import { afterEach, describe, expect, test } from "bun:test";
import { createUser, type TestUser } from "../../../tests/helpers/factories";
import type { Inbox } from "../../../tests/helpers/inbox";
import { advance, agentAnswers, contactSays, MINUTE, timedInbox, tokenOf } from "../../../tests/helpers/timed";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

/** Q1 with round-robin every `minutes`, Ana and Duda its members; the connection's tickets start in Q1. */
async function roundRobinInbox(minutes = 5): Promise<{ w: Inbox; duda: TestUser }> {
  const inbox = await timedInbox();
  const duda = await createUser(inbox.t, { companyId: 1, name: "Duda" });
  await inbox.t.ctx.db.insertInto("user_queues").values({ userId: duda.id, queueId: inbox.q1, companyId: 1 }).execute();
  const r = await inbox.t.json("PUT", `/api/queue/${inbox.q1}`, {
    token: await tokenOf(inbox.t, inbox.admin),
    body: { ativarRoteador: true, tempoRoteador: minutes },
  });
  expect(r.status).toBe(200);
  return { w: inbox, duda };
}

/** What the hub does when a user's first socket connects or their last one closes. */
async function presence(inbox: Inbox, user: TestUser, online: boolean): Promise<void> {
  await inbox.t.ctx.db
    .updateTable("users")
    .set({ online: online ? 1 : 0 })
    .where("id", "=", user.id)
    .execute();
  inbox.t.ctx.bus.emit("user.presence", { companyId: 1, userId: user.id, online });
  // The listeners run after the event, on their own.
  await Bun.sleep(50);
}

const holder = async (inbox: Inbox, id: number) => (await inbox.ticket(id)).userId;

describe("round-robin per queue (ativarRoteador, tempoRoteador)", () => {
  test("the queue's waiting tickets go to its online members in turn; nobody online: they wait unassigned", async () => {
    const r = await roundRobinInbox();
    w = r.w;
    const a = await contactSays(w, "oi", "5511900000001");
    await advance(w.t.ctx, MINUTE, w.t.clock);
    expect(await w.ticket(a)).toMatchObject({ status: "pending", queueId: w.q1, userId: null });

    await presence(w, w.agent, true);
    await presence(w, r.duda, true);
    await advance(w.t.ctx, MINUTE, w.t.clock);
    const b = await contactSays(w, "oi", "5511900000002");
    const c = await contactSays(w, "oi", "5511900000003");
    await advance(w.t.ctx, MINUTE, w.t.clock);
    expect([await holder(w, a), await holder(w, b), await holder(w, c)]).toEqual([w.agent.id, r.duda.id, w.agent.id]);
    expect((await w.ticket(b)).status).toBe("pending");
    expect((await w.logs(b)).filter((l) => l.type === "queue").map((l) => l.userId)).toContain(r.duda.id);
  });

  test("a holder who leaves the ticket idle tempoRoteador minutes loses it to the next online member; one who answers keeps it", async () => {
    const r = await roundRobinInbox(5);
    w = r.w;
    await presence(w, w.agent, true);
    await presence(w, r.duda, true);
    const idle = await contactSays(w, "oi", "5511900000001");
    const answered = await contactSays(w, "oi", "5511900000002");
    await advance(w.t.ctx, MINUTE, w.t.clock);
    expect([await holder(w, idle), await holder(w, answered)]).toEqual([w.agent.id, r.duda.id]);
    await agentAnswers(w, answered, "Oi! Já vejo", r.duda);

    await advance(w.t.ctx, 3 * MINUTE, w.t.clock);
    expect(await holder(w, idle)).toBe(w.agent.id);
    await advance(w.t.ctx, 3 * MINUTE, w.t.clock);
    expect(await w.ticket(idle)).toMatchObject({ status: "pending", userId: r.duda.id });
    expect(await w.ticket(answered)).toMatchObject({ status: "open", userId: r.duda.id });

    // The contact writes again and Duda answers: idle counts from the contact's message, an answer resets it.
    await contactSays(w, "alguém?", "5511900000002");
    await advance(w.t.ctx, 6 * MINUTE, w.t.clock);
    expect(await w.ticket(answered)).toMatchObject({ status: "pending", userId: w.agent.id });
  });

  test("nobody else online: the holder keeps the ticket; a member coming online gets it", async () => {
    const r = await roundRobinInbox(5);
    w = r.w;
    await presence(w, w.agent, true);
    const id = await contactSays(w, "oi");
    await advance(w.t.ctx, MINUTE, w.t.clock);
    expect(await holder(w, id)).toBe(w.agent.id);
    await advance(w.t.ctx, 30 * MINUTE, w.t.clock);
    expect(await holder(w, id)).toBe(w.agent.id);
    await presence(w, r.duda, true);
    await advance(w.t.ctx, MINUTE, w.t.clock);
    expect(await holder(w, id)).toBe(r.duda.id);
  });
});
