import { afterEach, describe, expect, test } from "bun:test";
import { type Compilable, CompiledQuery } from "kysely";
import { createCompany } from "../../../tests/helpers/factories";
import { loadActor } from "../../http/auth";
import type { Actor } from "../../http/permissions";
import { resolveListFilters } from "./list";
import { cappedCountQuery, listTicketIds, pageIdsQuery, type TicketPageArgs } from "./list-queries";
import type { ListTicketsQuery } from "./schema";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";
import { listView } from "./visibility";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id);
const list = async (token: string, query: string) => {
  const r = await w!.t.json("GET", `/api/tickets?${query}`, { token });
  if (r.status !== 200) throw new Error(`${query} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { tickets: any[]; hasMore: boolean; count: number };
};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** Five tickets, oldest first: a (Q1 open, agent's), b (Q2 pending), c (no queue pending), d (Q1 closed), e (Q2 open, admin's, unread). */
async function five(inbox: Inbox) {
  const at = (minutes: number) => new Date(Date.UTC(2024, 4, 10, 12, minutes)).toISOString();
  const make = async (from: string, values: Record<string, unknown>, minutes: number) => {
    const id = await inbox.inbound(from);
    await inbox.setTicket(id, { unreadMessages: 0, createdAt: at(minutes), updatedAt: at(minutes), ...values });
    return id;
  };
  return {
    a: await make("5511000000001", { queueId: inbox.q1, status: "open", userId: inbox.agent.id }, 1),
    b: await make("5511000000002", { queueId: inbox.q2 }, 2),
    c: await make("5511000000003", {}, 3),
    d: await make("5511000000004", { queueId: inbox.q1, status: "closed" }, 4),
    e: await make("5511000000005", { queueId: inbox.q2, status: "open", userId: inbox.admin.id, unreadMessages: 3 }, 5),
  };
}

describe("GET /api/tickets filters", () => {
  test("status, statusFilter, queueIds (no-queue tickets pass; [null] alone lists only them), whatsapps, withUnreadMessages, sortTickets", async () => {
    w = await createInbox();
    const t = await five(w);
    const admin = w.admin.token;
    expect(ids(await list(admin, "showAll=true"))).toEqual([t.e, t.d, t.c, t.b, t.a]);
    expect(ids(await list(admin, "showAll=true&sortTickets=ASC"))).toEqual([t.a, t.b, t.c, t.d, t.e]);
    expect(ids(await list(admin, "showAll=true&status=open"))).toEqual([t.e, t.a]);
    expect(ids(await list(admin, `showAll=true&statusFilter=${q(["pending", "closed"])}`))).toEqual([t.d, t.c, t.b]);
    expect(ids(await list(admin, `showAll=true&queueIds=${q([w.q1])}`))).toEqual([t.d, t.c, t.a]);
    expect(ids(await list(admin, `showAll=true&queueIds=${w.q1},${w.q2}`))).toEqual([t.e, t.d, t.c, t.b, t.a]);
    expect(ids(await list(admin, `showAll=true&queueIds=${q([null])}`))).toEqual([t.c]);
    expect(ids(await list(admin, "showAll=true&withUnreadMessages=true"))).toEqual([t.e]);
    expect(ids(await list(admin, `showAll=true&whatsapps=${q([w.connectionId])}`))).toHaveLength(5);
    const page = await list(admin, `showAll=true&status=open&queueIds=${q([w.q1, w.q2])}`);
    expect(page).toMatchObject({ count: 2, hasMore: false });
  });

  test("naming every queue of the company filters nothing (the web app's default); naming fewer filters", async () => {
    w = await createInbox();
    const t = await five(w);
    const actor = (await loadActor(w.t.ctx, w.admin.id))!;
    const filters = (queueIds: (number | null)[]) => resolveListFilters(w!.t.ctx, actor, { queueIds, showAll: true, pageNumber: 1 } as ListTicketsQuery);
    expect((await filters([w.q2, w.q1])).queueIds).toBeUndefined();
    expect((await filters([null, w.q1, w.q2])).queueIds).toBeUndefined();
    expect((await filters([w.q1])).queueIds).toEqual([w.q1]);
    expect((await filters([null])).queueIds).toEqual([-1]);
    // A third queue, empty: the same two now name only part of the company's queues, and the answer is unchanged.
    const q3 = (await w.t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Q3", color: "#333333" }).returning("id").executeTakeFirstOrThrow()).id;
    expect((await filters([w.q1, w.q2])).queueIds).toEqual([w.q1, w.q2]);
    expect(ids(await list(w.admin.token, `showAll=true&queueIds=${q([w.q1, w.q2])}`))).toEqual([t.e, t.d, t.c, t.b, t.a]);
    expect(ids(await list(w.admin.token, `showAll=true&queueIds=${q([q3])}`))).toEqual([t.c]);
  });

  test("tags, date (created that day) and updatedAt (active that day) in the company's time zone", async () => {
    w = await createInbox();
    const t = await five(w);
    const tag = await w.t.ctx.db.insertInto("tags").values({ companyId: 1, name: "VIP", kanban: 1 }).returning("id").executeTakeFirstOrThrow();
    await w.t.ctx.db.insertInto("ticket_tags").values({ ticketId: t.b, tagId: tag.id, companyId: 1 }).execute();
    const admin = w.admin.token;
    expect(ids(await list(admin, `showAll=true&tags=${q([tag.id])}`))).toEqual([t.b]);
    // 2024-05-10 12:0x UTC is 09:0x in São Paulo (the default zone): the same day there.
    expect(ids(await list(admin, "showAll=true&date=2024-05-10"))).toHaveLength(5);
    expect(ids(await list(admin, "showAll=true&date=2024-05-11"))).toEqual([]);
    await w.setTicket(t.a, { updatedAt: "2024-05-11T02:30:00.000Z" }); // 23:30 on the 10th in São Paulo
    expect(ids(await list(admin, "showAll=true&updatedAt=2024-05-10"))).toContain(t.a);
    await w.setting("timezone", "UTC");
    expect(ids(await list(admin, "showAll=true&updatedAt=2024-05-11"))).toEqual([t.a]);
  });

  test("users: the admins' filter; a plain user asking for it is refused", async () => {
    w = await createInbox();
    const t = await five(w);
    expect(ids(await list(w.admin.token, `showAll=true&users=${q([w.agent.id])}`))).toEqual([t.a]);
    const denied = await w.t.json("GET", `/api/tickets?users=${q([w.agent.id])}`, { token: w.agent.token });
    expect(denied.status).toBe(403);
  });

  test("every id parameter must be the company's: a foreign id is ERR_VALIDATION on its field", async () => {
    w = await createInbox();
    await five(w);
    const other = await createCompany(w.t, { name: "B" });
    const foreignQueue = (
      await w.t.ctx.db.insertInto("queues").values({ companyId: other.companyId, name: "X", color: "#333333" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const foreignTag = (await w.t.ctx.db.insertInto("tags").values({ companyId: other.companyId, name: "Y" }).returning("id").executeTakeFirstOrThrow()).id;
    for (const [field, value] of [
      ["queueIds", [w.q1, foreignQueue]],
      ["tags", [foreignTag]],
      ["users", [other.admin.id]],
      ["whatsapps", [999_999]],
    ] as const) {
      const r = await w.t.json("GET", `/api/tickets?showAll=true&${field}=${q(value)}`, { token: w.admin.token });
      expect({ field, status: r.status, fields: Object.keys(r.body.fields ?? {}) }).toEqual({ field, status: 400, fields: [field] });
    }
    for (const bad of ["queueIds=[1,", "tags=abc", "status=nope", "sortTickets=sideways", "date=2024-13-45", `statusFilter=${q(["x"])}`]) {
      expect((await w.t.json("GET", `/api/tickets?${bad}`, { token: w.admin.token })).status).toBe(400);
    }
  });

  test("pending lists everything only for admins and allUserChat; a plain agent sees their queues' waiting tickets", async () => {
    w = await createInbox();
    const t = await five(w);
    expect(ids(await list(w.admin.token, "status=pending&showAll=true"))).toEqual([t.c, t.b]);
    expect(ids(await list(w.agent2.token, "status=pending&showAll=true"))).toEqual([t.b]);
    expect(ids(await list(w.agent.token, "status=pending&showAll=true"))).toEqual([]);
    await w.t.ctx.db.updateTable("users").set({ allUserChat: "enabled" }).where("id", "=", w.agent.id).execute();
    expect(ids(await list(w.agent.token, "status=pending&showAll=true"))).toEqual([t.c, t.b]);
    expect(ids(await list(w.agent.token, "status=pending"))).toEqual([]);
  });

  test("the count is exact up to its cap, and says when it stopped there", async () => {
    w = await createInbox();
    await five(w);
    const all = { companyId: 1, filters: {}, view: undefined, limit: 2, offset: 0, desc: true };
    expect(await listTicketIds(w.t.ctx.db, all, 3)).toMatchObject({ count: 3, countCapped: true });
    expect(await listTicketIds(w.t.ctx.db, all, 5)).toMatchObject({ count: 5, countCapped: false });
    expect(await list(w.admin.token, "showAll=true")).toMatchObject({ count: 5, countCapped: false });
  });

  test("deleted tickets are in no list and no count", async () => {
    w = await createInbox();
    const t = await five(w);
    await w.setTicket(t.e, { deletedAt: new Date().toISOString(), status: "closed" });
    const all = await list(w.admin.token, "showAll=true");
    expect(ids(all)).not.toContain(t.e);
    expect(all.count).toBe(4);
  });
});

describe("GET /api/tickets with a searchParam", () => {
  test("pages through the search's tickets with the same filters and visibility", async () => {
    w = await createInbox();
    const maria = await w.inbound("5511000000001", { name: "Maria Souza" });
    const mario = await w.inbound("5511000000002", { name: "Mário Lima" });
    const joao = await w.inbound("5511000000003", { name: "João" });
    await w.setTicket(maria, { queueId: w.q1 });
    await w.setTicket(mario, { queueId: w.q2 });
    await w.setTicket(joao, { queueId: w.q1 });
    const found = await list(w.admin.token, "searchParam=mari&showAll=true");
    expect(ids(found).sort()).toEqual([maria, mario].sort());
    expect(found).toMatchObject({ count: 2, hasMore: false, countCapped: false });
    expect(ids(await list(w.agent.token, "searchParam=mari&showAll=true"))).toEqual([maria]);
    expect(ids(await list(w.admin.token, `searchParam=mari&showAll=true&queueIds=${q([w.q2])}`))).toEqual([mario]);
    expect(ids(await list(w.admin.token, "searchParam=mari&showAll=true&pageNumber=2"))).toEqual([]);
    await w.setTicket(mario, { deletedAt: new Date().toISOString(), status: "closed" });
    expect(await list(w.admin.token, "searchParam=mari&showAll=true")).toMatchObject({ tickets: [{ id: maria }], count: 1 });
  });
});

describe("the list query plan", () => {
  const plan = async (q: Compilable) => {
    const c = q.compile();
    const rows = await w!.t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]));
    return rows.rows.map((r) => r.detail).join(" | ");
  };

  // SQLite's plans (EXPLAIN QUERY PLAN): this runs on SQLite in every pass.
  test("page and count read covering indexes only (in the list's order; a personal view's branches merged), with the five-queue filter and for a plain agent's view", async () => {
    w = await createInbox({ store: "sqlite" });
    await five(w);
    const db = w.t.ctx.db;
    const agent = {
      userId: w.agent.id,
      companyId: 1,
      profile: "user",
      super: false,
      flags: { allTicket: "disable", allowGroup: false, allUserChat: "disabled" },
    } as const;
    const cases: Pick<TicketPageArgs, "filters" | "view">[] = [
      { filters: { status: "open" }, view: undefined },
      { filters: { status: "open", queueIds: [w.q1, w.q2, 3, 4, 5] }, view: undefined },
      { filters: { status: "open" }, view: listView(agent as unknown as Actor, [w.q1], false) },
    ];
    for (const c of cases) {
      const page = await plan(pageIdsQuery(db, { companyId: 1, ...c, limit: 41, offset: 0, reach: 41, desc: true }));
      const count = await plan(cappedCountQuery(db, { companyId: 1, ...c, cap: 1001 }));
      const ticketReads = (detail: string) => detail.split(" | ").filter((step) => / tickets /.test(step));
      for (const step of [...ticketReads(page), ...ticketReads(count)])
        expect(step).toMatch(/USING COVERING INDEX tickets_(list|company_live|company_user_status) /);
      expect(count).not.toContain("TEMP B-TREE");
      if (!c.view) {
        expect(page).toContain("USING COVERING INDEX tickets_list");
        expect(page).not.toContain("TEMP B-TREE");
      } else {
        // A personal view: each branch read in the list's order, only the merge of their few rows sorted.
        expect(page).toContain("UNION ALL");
        expect(page.match(/TEMP B-TREE/g)).toEqual(["TEMP B-TREE"]);
        expect(page).toMatch(/SCAN page \| USE TEMP B-TREE FOR ORDER BY$/);
      }
    }
  });
});

describe("LGPD in the list", () => {
  test("with enableLGPD and lgpdHideNumber a plain user gets numbers masked (groups excepted); admins do not", async () => {
    w = await createInbox();
    const person = await w.inbound("5511987654321");
    const group = await w.inbound("120363000000000077@g.us", { group: true, name: "Equipe" });
    await w.setTicket(person, { queueId: w.q1 });
    await w.setting("enableLGPD", "enabled");
    await w.setting("lgpdHideNumber", "enabled");
    await w.t.ctx.db.updateTable("users").set({ allowGroup: 1 }).where("id", "=", w.agent.id).execute();
    const mine = await list(w.agent.token, "showAll=true");
    const byId = new Map(mine.tickets.map((t: any) => [t.id, t]));
    expect(byId.get(person).contact).toMatchObject({ number: "5511*******21", name: "5511*******21" });
    expect(byId.get(group).contact.name).toBe("Equipe");
    const adminView = await list(w.admin.token, "showAll=true");
    expect(adminView.tickets.find((t: any) => t.id === person).contact.number).toBe("5511987654321");
    const uuid = (await w.ticket(person)).uuid;
    expect((await w.t.json("GET", `/api/tickets/u/${uuid}`, { token: w.agent.token })).body.contact.number).toBe("5511*******21");
    // One setting alone changes nothing.
    await w.setting("enableLGPD", "disabled");
    expect((await list(w.agent.token, "showAll=true")).tickets.find((t: any) => t.id === person).contact.number).toBe("5511987654321");
  });
});
