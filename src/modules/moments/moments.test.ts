import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser } from "../../../tests/helpers/factories";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { MOMENTS_CAP, MOMENTS_WINDOW_DAYS } from "./limits";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const DAY = 86_400_000;
type MomentBody = { id: number; [k: string]: any };
const ids = (body: MomentBody[]) => body.map((m) => m.id);

async function get(token: string, path: string) {
  const r = await w!.t.json<MomentBody[]>("GET", path, { token });
  if (r.status !== 200) throw new Error(`${path} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Five tickets, last active `ago` days before now (newest first in the answers): a (Q1 open, the agent's),
 * b (Q2 pending), c (no queue pending), d (Q1 closed), e (Q2 open, the admin's, 2 unread).
 */
async function five(inbox: Inbox) {
  const now = inbox.t.ctx.clock.now().getTime();
  const make = async (from: string, values: Record<string, unknown>, minutesAgo: number) => {
    const id = await inbox.inbound(from, { name: `Contact ${from.slice(-1)}` });
    await inbox.setTicket(id, { unreadMessages: 0, updatedAt: new Date(now - minutesAgo * 60_000).toISOString(), ...values });
    return id;
  };
  return {
    a: await make("5511000000001", { queueId: inbox.q1, status: "open", userId: inbox.agent.id }, 50),
    b: await make("5511000000002", { queueId: inbox.q2 }, 40),
    c: await make("5511000000003", {}, 30),
    d: await make("5511000000004", { queueId: inbox.q1, status: "closed" }, 20),
    e: await make("5511000000005", { queueId: inbox.q2, status: "open", userId: inbox.admin.id, unreadMessages: 2 }, 10),
  };
}

const realTime = (inbox: Inbox, userId: number) => inbox.t.ctx.db.updateTable("users").set({ allowRealTime: "enabled" }).where("id", "=", userId).execute();

describe("GET /api/usersMoments", () => {
  test("open and pending tickets, newest first, in the ticket moment's shape with the user's presence", async () => {
    w = await createInbox();
    const t = await five(w);
    await w.t.ctx.db.updateTable("users").set({ online: 1 }).where("id", "=", w.admin.id).execute();
    const body = await get(w.admin.token, "/api/usersMoments");
    expect(ids(body)).toEqual([t.e, t.c, t.b, t.a]);
    const e = body[0]!;
    expect(Object.keys(e).sort()).toEqual(
      ["contact", "id", "lastMessage", "queue", "status", "unreadMessages", "updatedAt", "user", "userId", "uuid", "whatsapp"].sort(),
    );
    const stored = await w.ticket(t.e);
    expect(e).toEqual({
      id: t.e,
      uuid: stored.uuid,
      status: "open",
      userId: w.admin.id,
      user: { id: w.admin.id, name: expect.any(String), online: true },
      contact: { id: stored.contactId, name: "Contact 5", number: "5511000000005", urlPicture: null, isGroup: false },
      lastMessage: "from 5511000000005",
      whatsapp: { id: w.connectionId, name: "Main", channel: "testchan" },
      queue: { id: w.q2, name: "Q2", color: "#222222" },
      unreadMessages: 2,
      updatedAt: stored.updatedAt,
    });
    expect(body.find((m) => m.id === t.a)!.user).toEqual({ id: w.agent.id, name: "Ana", online: false });
    expect(body.find((m) => m.id === t.c)!).toMatchObject({ userId: null, user: null, queue: null, status: "pending" });
  });

  test("without realtime:view the answer is ERR_NO_PERMISSION; without a token, 401", async () => {
    w = await createInbox();
    await five(w);
    for (const path of ["/api/usersMoments", "/api/dashboard/moments"]) {
      const refused = await w.t.json("GET", path, { token: w.plain.token });
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({ path, status: 403, error: "ERR_NO_PERMISSION" });
      expect((await w.t.request("GET", path)).status).toBe(401);
      expect((await w.t.request("GET", path, { token: "junk" })).status).toBe(401);
    }
    // allowRealTime enabled opens the panel to the same plain user.
    await realTime(w, w.plain.id);
    expect((await w.t.json("GET", "/api/usersMoments", { token: w.plain.token })).status).toBe(200);
  });

  test("a plain user with allowRealTime sees what the inbox shows them: own tickets, their queue's unassigned ones", async () => {
    w = await createInbox();
    const t = await five(w);
    await realTime(w, w.agent.id);
    // Ana is in Q1 only: her own ticket; not Q2's pending ticket, not the admin's, not the no-queue one (allTicket off).
    expect(ids(await get(w.agent.token, "/api/usersMoments"))).toEqual([t.a]);
    const q1Pending = await w.inbound("5511000000006");
    await w.setTicket(q1Pending, { queueId: w.q1 });
    expect(ids(await get(w.agent.token, "/api/usersMoments"))).toEqual([q1Pending, t.a]);
    await w.t.ctx.db.updateTable("users").set({ allTicket: "enable" }).where("id", "=", w.agent.id).execute();
    expect(ids(await get(w.agent.token, "/api/usersMoments")).sort()).toEqual([q1Pending, t.a, t.c].sort());
    // allUserChat is the show-all right: everything open and pending of the company.
    await w.t.ctx.db.updateTable("users").set({ allUserChat: "enabled" }).where("id", "=", w.agent.id).execute();
    expect(ids(await get(w.agent.token, "/api/usersMoments")).sort()).toEqual([q1Pending, t.a, t.b, t.c, t.e].sort());
  });

  test("LGPD: a plain user sees numbers masked, groups and admins unmasked", async () => {
    w = await createInbox();
    const t = await five(w);
    // Named like a number: a plain contact's such name is masked too, a group's is not.
    const group = await w.inbound("120363000000000001@g.us", { group: true, name: "5511999998888" });
    // A group's ticket has status "group"; one an agent took is open, and so on the panel.
    await w.setTicket(group, { status: "open" });
    await w.setting("enableLGPD", "enabled");
    await w.setting("lgpdHideNumber", "enabled");
    await w.t.ctx.db.updateTable("users").set({ allowRealTime: "enabled", allUserChat: "enabled", allowGroup: 1 }).where("id", "=", w.agent.id).execute();
    const agentView = await get(w.agent.token, "/api/usersMoments");
    expect(agentView.find((m) => m.id === t.b)!.contact.number).toBe("5511*******02");
    expect(agentView.find((m) => m.id === group)!.contact).toMatchObject({ isGroup: true, name: "5511999998888" });
    const adminView = await get(w.admin.token, "/api/usersMoments");
    expect(adminView.find((m) => m.id === t.b)!.contact.number).toBe("5511000000002");
  });

  test("another company's tickets never appear, and its admin sees only its own", async () => {
    w = await createInbox();
    const t = await five(w);
    const other = await createCompany(w.t, { name: "Other" });
    const contact = await w.t.ctx.db
      .insertInto("contacts")
      .values({ companyId: other.companyId, name: "Theirs", number: "5521900000001" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const theirs = await w.t.ctx.db
      .insertInto("tickets")
      .values({ uuid: crypto.randomUUID(), companyId: other.companyId, contactId: contact.id, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const path of ["/api/usersMoments", "/api/dashboard/moments"]) {
      expect(ids(await get(w.admin.token, path))).toEqual([t.e, t.c, t.b, t.a]);
      expect(ids(await get(other.admin.token, path))).toEqual([theirs.id]);
    }
  });

  test(`at most ${MOMENTS_CAP} tickets, the most recent first, and a header says more exist`, async () => {
    w = await createInbox();
    const db = w.t.ctx.db;
    const now = w.t.ctx.clock.now().getTime();
    const contacts = await db
      .insertInto("contacts")
      .values(Array.from({ length: MOMENTS_CAP + 1 }, (_, i) => ({ companyId: 1, name: `Bulk ${i}`, number: `55119${String(i).padStart(8, "0")}` })))
      .returning("id")
      .execute();
    await db
      .insertInto("tickets")
      .values(
        contacts.map((c, i) => ({
          uuid: crypto.randomUUID(),
          companyId: 1,
          contactId: c.id,
          status: "pending" as const,
          updatedAt: new Date(now - (i + 1) * 60_000).toISOString(),
        })),
      )
      .execute();
    const full = await w.t.json<MomentBody[]>("GET", "/api/usersMoments", { token: w.admin.token });
    expect(full.body).toHaveLength(MOMENTS_CAP);
    expect(full.body[0]!.contact.name).toBe("Bulk 0");
    expect(full.res.headers.get("x-moments-capped")).toBe("true");
    // One fewer ticket: all of them, and no header.
    await db.updateTable("tickets").set({ status: "closed" }).where("contactId", "=", contacts.at(-1)!.id).execute();
    const all = await w.t.json<MomentBody[]>("GET", "/api/usersMoments", { token: w.admin.token });
    expect(all.body).toHaveLength(MOMENTS_CAP);
    expect(all.res.headers.get("x-moments-capped")).toBeNull();
  });
});

describe("GET /api/dashboard/moments", () => {
  test(`only the last ${MOMENTS_WINDOW_DAYS} days of activity, whatever dateStart asks; dateStart and dateEnd narrow it`, async () => {
    w = await createInbox();
    await w.setting("timezone", "UTC");
    const t = await five(w);
    const now = w.t.ctx.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const dayOf = (daysAgo: number) => at(daysAgo).slice(0, 10);
    await w.setTicket(t.b, { updatedAt: at(MOMENTS_WINDOW_DAYS + 1) });
    await w.setTicket(t.c, { updatedAt: at(MOMENTS_WINDOW_DAYS - 1) });
    await w.setTicket(t.a, { updatedAt: at(5) });
    // The panel itself has no window: b still waits there.
    expect(ids(await get(w.admin.token, "/api/usersMoments"))).toEqual([t.e, t.a, t.c, t.b]);
    const admin = (query: string) => get(w!.admin.token, `/api/dashboard/moments${query}`);
    expect(ids(await admin(""))).toEqual([t.e, t.a, t.c]);
    expect(ids(await admin(`?dateStart=${dayOf(400)}`))).toEqual([t.e, t.a, t.c]);
    expect(ids(await admin(`?dateStart=${dayOf(10)}`))).toEqual([t.e, t.a]);
    expect(ids(await admin(`?dateStart=${dayOf(10)}&dateEnd=${dayOf(2)}`))).toEqual([t.a]);
    expect(ids(await admin(`?dateEnd=${dayOf(MOMENTS_WINDOW_DAYS + 5)}`))).toEqual([]);
    const backwards = await w.t.json("GET", `/api/dashboard/moments?dateStart=${dayOf(1)}&dateEnd=${dayOf(3)}`, { token: w.admin.token });
    expect([backwards.status, backwards.body.fields?.dateEnd]).toEqual([400, "Before dateStart"]);
  });

  test("status, queueIds, userId and showAll filter like the inbox; userId is the admins'; foreign ids are refused", async () => {
    w = await createInbox();
    const t = await five(w);
    const admin = (query: string) => get(w!.admin.token, `/api/dashboard/moments${query}`);
    expect(ids(await admin("?status=closed"))).toEqual([t.d]);
    expect(ids(await admin("?status=pending"))).toEqual([t.c, t.b]);
    // Tickets without a queue pass every queue filter, as in the inbox.
    expect(ids(await admin(`?queueIds=${w.q1}`))).toEqual([t.c, t.a]);
    expect(ids(await admin(`?userId=${w.agent.id}`))).toEqual([t.a]);
    // showAll=false is the personal view: the admin's own ticket (no queues, allTicket on: the no-queue one too).
    expect(ids(await admin("?showAll=false"))).toEqual([t.e, t.c]);

    await realTime(w, w.agent.id);
    const byUser = await w.t.json("GET", `/api/dashboard/moments?userId=${w.admin.id}`, { token: w.agent.token });
    expect([byUser.status, byUser.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect(ids(await get(w.agent.token, "/api/dashboard/moments"))).toEqual([t.a]);

    const other = await createCompany(w.t, { name: "Other" });
    const foreignQueue = await w.t.ctx.db
      .insertInto("queues")
      .values({ companyId: other.companyId, name: "Theirs", color: "#333333" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const foreignUser = await createUser(w.t, { companyId: other.companyId, name: "Theirs" });
    const q = await w.t.json("GET", `/api/dashboard/moments?queueIds=${foreignQueue.id}&userId=${foreignUser.id}`, { token: w.admin.token });
    expect([q.status, q.body.fields]).toEqual([400, { queueIds: "Unknown id", users: "Unknown id" }]);
    for (const bad of ["status=nope", "dateStart=2024-13-45", "userId=abc", "showAll=maybe"]) {
      expect((await w.t.json("GET", `/api/dashboard/moments?${bad}`, { token: w.admin.token })).status).toBe(400);
    }
  });
});
