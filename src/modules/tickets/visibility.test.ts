import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadActor } from "../../http/auth";
import type { Actor } from "../../http/permissions";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { listTicketIds, liveTickets } from "./list-queries";
import { userQueueIds } from "./queries";
import { canSeeTicket, inPersonalView, listView, type PersonalView, ticketVisibilityWhere } from "./visibility";

/**
 * The row rule (canSeeTicket / inPersonalView) and the query rules (ticketVisibilityWhere, and the list's
 * compiled-once query with its view) must agree on every combination of profile, flags, queues, assignment, queue
 * and group.
 */
let t: TestApp;
const actors: { actor: Actor; queueIds: number[] }[] = [];
let tickets: { id: number; companyId: number; userId: number | null; queueId: number | null; isGroup: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const q1 = (await db.insertInto("queues").values({ companyId: 1, name: "Q1", color: "#111111" }).returning("id").executeTakeFirstOrThrow()).id;
  const q2 = (await db.insertInto("queues").values({ companyId: 1, name: "Q2", color: "#222222" }).returning("id").executeTakeFirstOrThrow()).id;
  const userIds: number[] = [];
  let n = 0;
  for (const profile of ["admin", "user"] as const)
    for (const allTicket of ["enable", "disable"] as const)
      for (const allowGroup of [0, 1])
        for (const allUserChat of ["enabled", "disabled"] as const)
          for (const queues of [[], [q1]]) {
            const u = await db
              .insertInto("users")
              .values({ companyId: 1, name: `u${n}`, email: `u${n++}@v.test`, passwordHash: "x", profile, allTicket, allowGroup, allUserChat })
              .returning("id")
              .executeTakeFirstOrThrow();
            for (const queueId of queues) await db.insertInto("user_queues").values({ userId: u.id, queueId, companyId: 1 }).execute();
            userIds.push(u.id);
          }
  const contact = await db.insertInto("contacts").values({ companyId: 1, name: "C", number: "1" }).returning("id").executeTakeFirstOrThrow();
  for (const userId of [null, ...userIds.slice(0, 8), userIds[20]!, userIds[30]!])
    for (const queueId of [null, q1, q2])
      for (const isGroup of [0, 1])
        await db
          .insertInto("tickets")
          .values({
            uuid: crypto.randomUUID(),
            companyId: 1,
            contactId: contact.id,
            userId,
            queueId,
            isGroup,
            status: isGroup ? "group" : userId ? "open" : "pending",
          })
          .execute();
  tickets = await db.selectFrom("tickets").select(["id", "companyId", "userId", "queueId", "isGroup"]).execute();
  for (const id of userIds) actors.push({ actor: (await loadActor(t.ctx, id))!, queueIds: await userQueueIds(db, id) });
});

afterAll(() => t.close());

const page = (view: PersonalView | undefined) => listTicketIds(t.ctx.db, { companyId: 1, filters: {}, view, limit: 10_000, offset: 0, desc: true }, 10_000);

describe("ticket visibility", () => {
  test("canSeeTicket and the list query agree for every combination", async () => {
    expect(actors).toHaveLength(32);
    for (const { actor, queueIds } of actors) {
      const expected = tickets
        .filter((tk) => canSeeTicket(actor, tk, queueIds))
        .map((tk) => tk.id)
        .sort((a, b) => a - b);
      const visible = ticketVisibilityWhere(actor, queueIds);
      const rows = await (visible ? liveTickets(t.ctx.db, 1).where(visible) : liveTickets(t.ctx.db, 1)).select("tickets.id").execute();
      expect({ user: actor.name, ids: rows.map((r) => r.id).sort((a, b) => a - b) }).toEqual({ user: actor.name, ids: expected });
      // The list with show-all asked for is the same set.
      const { ids, count } = await page(listView(actor, queueIds, true));
      expect({ user: actor.name, ids: ids.sort((a, b) => a - b) }).toEqual({ user: actor.name, ids: expected });
      expect(count).toBe(expected.length);
    }
  });

  test("the personal view and its query agree; show-all applies only to those allowed", async () => {
    for (const { actor, queueIds } of actors) {
      const personal = tickets
        .filter((tk) => inPersonalView(actor, tk, queueIds))
        .map((tk) => tk.id)
        .sort((a, b) => a - b);
      const { ids } = await page(listView(actor, queueIds, false));
      expect(ids.sort((a, b) => a - b)).toEqual(personal);
      // Show-all asked for: everything for admins and allUserChat, the personal view for others.
      const all = await page(listView(actor, queueIds, true));
      const mayShowAll = actor.profile === "admin" || actor.flags.allUserChat === "enabled";
      expect(all.count).toBe(mayShowAll ? tickets.length : personal.length);
      // Everything in the personal view is visible.
      for (const id of personal) expect(canSeeTicket(actor, tickets.find((tk) => tk.id === id)!, queueIds)).toBe(true);
    }
  });

  test("a personal view pages through its branches in the list's order, each ticket once, for every combination", async () => {
    for (const { actor, queueIds } of actors) {
      const view = listView(actor, queueIds, false);
      const whole = (await page(view)).ids;
      for (const desc of [true, false]) {
        const paged: number[] = [];
        for (let offset = 0; offset <= whole.length; offset += 3) {
          paged.push(...(await listTicketIds(t.ctx.db, { companyId: 1, filters: {}, view, limit: 3, offset, desc })).ids);
        }
        expect({ user: actor.name, desc, ids: paged }).toEqual({ user: actor.name, desc, ids: desc ? whole : [...whole].reverse() });
      }
    }
  });

  test("the rules, one by one", () => {
    const base = { userId: 50, companyId: 1, profile: "user" as const, super: false, name: "x", tokenVersion: 0, plan: {} as Actor["plan"] };
    const flags = {
      allTicket: "disable",
      allowGroup: false,
      allUserChat: "disabled",
      allHistoric: "disabled",
      userClosePendingTicket: "enabled",
      showDashboard: "disabled",
      allowRealTime: "disabled",
      allowConnections: "disabled",
    } as const;
    const plain = { ...base, flags: { ...flags } } as Actor;
    const tk = (o: Partial<{ userId: number | null; queueId: number | null; isGroup: number; companyId: number }>) => ({
      companyId: 1,
      userId: null,
      queueId: null,
      isGroup: 0,
      ...o,
    });
    expect(canSeeTicket(plain, tk({ userId: 50 }), [])).toBe(true); // own
    expect(canSeeTicket(plain, tk({ userId: 50, companyId: 2 }), [])).toBe(false); // other company, even "own"
    expect(canSeeTicket(plain, tk({ queueId: 7 }), [7])).toBe(true); // my queue, unassigned
    expect(canSeeTicket(plain, tk({ queueId: 7, userId: 51 }), [7])).toBe(false); // my queue, someone else's
    expect(canSeeTicket(plain, tk({ queueId: 8 }), [7])).toBe(false); // other queue
    expect(canSeeTicket(plain, tk({}), [7])).toBe(false); // no queue without allTicket
    expect(canSeeTicket({ ...plain, flags: { ...flags, allTicket: "enable" } }, tk({}), [])).toBe(true);
    expect(canSeeTicket(plain, tk({ isGroup: 1 }), [])).toBe(false);
    expect(canSeeTicket({ ...plain, flags: { ...flags, allowGroup: true } }, tk({ isGroup: 1, queueId: 9 }), [])).toBe(true);
    expect(canSeeTicket({ ...plain, flags: { ...flags, allUserChat: "enabled" } }, tk({ userId: 51, queueId: 8 }), [])).toBe(true);
    expect(canSeeTicket({ ...plain, profile: "admin" }, tk({ userId: 51, queueId: 8, isGroup: 1 }), [])).toBe(true);
    expect(canSeeTicket({ ...plain, profile: "admin" }, tk({ companyId: 2 }), [])).toBe(false);
  });
});
