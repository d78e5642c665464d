import { afterEach, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, sqliteOf, type TestApp } from "../../../tests/helpers/test-app";
import type { Actor } from "../../http/permissions";
import { loadActor } from "../../http/auth";
import { createLogger } from "../../log";
import { ReadPool } from "./pool";
import { userQueueIds } from "../tickets/queries";
import { canSeeTicket } from "../tickets/visibility";
import { FEW_VISIBLE, SEARCH_CAP, searchTickets } from "./service";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let seq = 0;
/** A contact and its ticket, with messages `minutes` apart from `at`, written straight to the store (triggers index them). */
async function ticketWith(
  app: TestApp,
  opts: {
    companyId?: number;
    name?: string;
    number?: string;
    userId?: number | null;
    queueId?: number | null;
    status?: "open" | "pending" | "closed";
    isGroup?: boolean;
    bodies?: string[];
    at?: Date;
  },
) {
  const companyId = opts.companyId ?? 1;
  const n = ++seq;
  const at = opts.at ?? new Date(Date.UTC(2024, 0, 1) + n * 60_000);
  const iso = at.toISOString();
  const contact = await app.ctx.db
    .insertInto("contacts")
    .values({ companyId, name: opts.name ?? `Contact ${n}`, number: opts.number ?? `55110000${String(n).padStart(5, "0")}`, createdAt: iso, updatedAt: iso })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ticket = await app.ctx.db
    .insertInto("tickets")
    .values({
      uuid: crypto.randomUUID(),
      companyId,
      contactId: contact.id,
      status: opts.status ?? "open",
      userId: opts.userId === undefined ? 1 : opts.userId,
      queueId: opts.queueId ?? null,
      isGroup: opts.isGroup ? 1 : 0,
      createdAt: iso,
      updatedAt: iso,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const body of opts.bodies ?? []) {
    await app.ctx.db
      .insertInto("messages")
      .values({ companyId, ticketId: ticket.id, contactId: contact.id, body, origin: "contact", createdAt: iso, updatedAt: iso })
      .execute();
  }
  return ticket.id;
}

async function actorOf(app: TestApp, userId: number): Promise<Actor> {
  return (await loadActor(app.ctx, userId))!;
}

/** Contacts with a pending ticket each, written in batches (both stores take a thousand rows a statement); the tickets' ids in order. */
async function insertFillers(app: TestApp, rows: { name: string; number: string; queueId: number | null; at: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 0; from < rows.length; from += 1000) {
    const batch = rows.slice(from, from + 1000);
    const contacts = await app.ctx.db
      .insertInto("contacts")
      .values(batch.map((r) => ({ companyId: 1, name: r.name, number: r.number, createdAt: r.at, updatedAt: r.at })))
      .returning(["id", "number"])
      .execute();
    const contactOf = new Map(contacts.map((c) => [c.number, c.id]));
    const tickets = await app.ctx.db
      .insertInto("tickets")
      .values(
        batch.map((r) => ({
          uuid: crypto.randomUUID(),
          companyId: 1,
          contactId: contactOf.get(r.number)!,
          status: "pending",
          queueId: r.queueId,
          createdAt: r.at,
          updatedAt: r.at,
        })),
      )
      .returning(["id", "contactId"])
      .execute();
    const ticketOf = new Map(tickets.map((tk) => [tk.contactId, tk.id]));
    for (const r of batch) ids.push(ticketOf.get(contactOf.get(r.number)!)!);
  }
  return ids;
}

describe("searchTickets", () => {
  test("contact names and numbers, and with searchOnMessages message bodies, ignoring case and accents", async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 1);
    const joao = await ticketWith(t, { name: "João Câmara", number: "5511987650001", bodies: ["bom dia"] });
    const atencao = await ticketWith(t, { name: "Maria", bodies: ["Precisamos de ATENÇÃO ao cliente"] });
    const search = (searchParam: string, searchOnMessages = false) => searchTickets(t!.ctx, admin, { searchParam, searchOnMessages, showAll: true });

    expect((await search("joao")).ticketIds).toEqual([joao]);
    expect((await search("CÂMARA")).ticketIds).toEqual([joao]);
    expect((await search("jo")).ticketIds).toEqual([joao]);
    expect((await search("98765")).ticketIds).toEqual([joao]);
    // Bodies only with searchOnMessages.
    expect((await search("atencao")).ticketIds).toEqual([]);
    expect((await search("atencao", true)).ticketIds).toEqual([atencao]);
    expect((await search("Atenção", true)).ticketIds).toEqual([atencao]);
    // The last word is a prefix (text typed so far), the words must follow each other.
    expect((await search("atencao ao cli", true)).ticketIds).toEqual([atencao]);
    expect((await search("cliente atencao", true)).ticketIds).toEqual([]);
    expect(await search("   ")).toEqual({ ticketIds: [], count: 0, capped: false });
  });

  test("FTS syntax in the text is searched as text and never errors", async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 1);
    const foo = await ticketWith(t, { name: "Ana", bodies: ["foo bar", 'he said "a b" near x'] });
    for (const text of [
      "foo*",
      'a"b',
      "NEAR(",
      "NEAR(foo bar)",
      "-x",
      "foo AND",
      "OR",
      "***",
      "(",
      '"',
      "^foo",
      "foo:bar",
      "\\",
      "%",
      "_",
      "'; drop table messages; --",
    ]) {
      const r = await searchTickets(t.ctx, admin, { searchParam: text, searchOnMessages: true, showAll: true });
      expect(Array.isArray(r.ticketIds)).toBe(true);
    }
    expect((await searchTickets(t.ctx, admin, { searchParam: "foo*", searchOnMessages: true, showAll: true })).ticketIds).toEqual([foo]);
    expect((await searchTickets(t.ctx, admin, { searchParam: "NEAR(x", searchOnMessages: true, showAll: true })).ticketIds).toEqual([foo]);
    // LIKE wildcards in short text are literal.
    expect((await searchTickets(t.ctx, admin, { searchParam: "%", showAll: true })).ticketIds).toEqual([]);
  });

  test("newest match first; the count is exact up to 1,000 and capped beyond", async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 1);
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_CAP + 50; i++) ids.push(await ticketWith(t, { bodies: [`pedido número ${i} chegou`] }));
    const all = await searchTickets(t.ctx, admin, { searchParam: "pedido", searchOnMessages: true, showAll: true });
    expect(all).toMatchObject({ count: SEARCH_CAP, capped: true });
    expect(all.ticketIds).toHaveLength(SEARCH_CAP);
    expect(all.ticketIds.slice(0, 3)).toEqual(ids.slice(-3).reverse());

    // Below the cap the count is exact: only the tickets of user 2.
    const agent = await createUser(t, { companyId: 1, name: "Agent" });
    await t.ctx.db.updateTable("tickets").set({ userId: agent.id }).where("id", "in", ids.slice(0, 999)).execute();
    const mine = await searchTickets(t.ctx, await actorOf(t, agent.id), { searchParam: "pedido", searchOnMessages: true });
    expect(mine).toMatchObject({ count: 999, capped: false });
    expect(mine.ticketIds[0]).toBe(ids[998]!);
    expect(new Set(mine.ticketIds)).toEqual(new Set(ids.slice(0, 999)));
  });

  test("a ticket matching by contact and by message counts once, at its newest match", async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 1);
    const old = await ticketWith(t, { name: "Entrega Rápida", bodies: ["sem assunto"], at: new Date("2024-01-01T00:00:00Z") });
    const recent = await ticketWith(t, { name: "Carlos", bodies: ["sobre a entrega"], at: new Date("2024-02-01T00:00:00Z") });
    const r = await searchTickets(t.ctx, admin, { searchParam: "entrega", searchOnMessages: true, showAll: true });
    expect(r).toEqual({ ticketIds: [recent, old], count: 2, capped: false });
  });

  test("results obey visibility (a plain user never finds another user's ticket, show-all or not) and skip deleted tickets", async () => {
    t = await createTestApp();
    const a = await createUser(t, { companyId: 1, name: "A" });
    const b = await createUser(t, { companyId: 1, name: "B" });
    const queue = await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Vendas", color: "#123456" }).returning("id").executeTakeFirstOrThrow();
    await t.ctx.db.insertInto("user_queues").values({ userId: a.id, queueId: queue.id, companyId: 1 }).execute();
    const ofA = await ticketWith(t, { userId: a.id, bodies: ["reembolso"] });
    const ofB = await ticketWith(t, { userId: b.id, bodies: ["reembolso"] });
    const pendingInQueue = await ticketWith(t, { userId: null, status: "pending", queueId: queue.id, bodies: ["reembolso"] });
    const pendingElsewhere = await ticketWith(t, { userId: null, status: "pending", bodies: ["reembolso"] });
    const deleted = await ticketWith(t, { userId: a.id, bodies: ["reembolso"] });
    await t.ctx.db.updateTable("tickets").set({ deletedAt: new Date().toISOString() }).where("id", "=", deleted).execute();
    const group = await ticketWith(t, { userId: null, isGroup: true, bodies: ["reembolso"] });

    const forA = await actorOf(t, a.id);
    for (const showAll of [false, true]) {
      const r = await searchTickets(t.ctx, forA, { searchParam: "reembolso", searchOnMessages: true, showAll });
      expect(new Set(r.ticketIds)).toEqual(new Set([ofA, pendingInQueue]));
      expect(r.count).toBe(2);
    }
    const admin = await actorOf(t, 1);
    const everything = await searchTickets(t.ctx, admin, { searchParam: "reembolso", searchOnMessages: true, showAll: true });
    expect(new Set(everything.ticketIds)).toEqual(new Set([ofA, ofB, pendingInQueue, pendingElsewhere, group]));
    // The list's filters apply too.
    const filtered = await searchTickets(t.ctx, admin, {
      searchParam: "reembolso",
      searchOnMessages: true,
      showAll: true,
      status: "pending",
      queueIds: [queue.id],
    });
    expect(new Set(filtered.ticketIds)).toEqual(new Set([pendingInQueue, pendingElsewhere]));
  });

  test("another company's tickets are never found", async () => {
    t = await createTestApp();
    const other = await createCompany(t, { name: "Other" });
    await ticketWith(t, { companyId: other.companyId, name: "Segredo", userId: other.admin.id, bodies: ["segredo industrial"] });
    const mine = await ticketWith(t, { name: "Meu", bodies: ["nada"] });
    const admin = await actorOf(t, 1);
    expect((await searchTickets(t.ctx, admin, { searchParam: "segredo", searchOnMessages: true, showAll: true })).ticketIds).toEqual([]);
    expect((await searchTickets(t.ctx, admin, { searchParam: "meu", showAll: true })).ticketIds).toEqual([mine]);
  });
});

describe("the read pool", () => {
  test("searches run on worker threads with read-only connections, while the main thread keeps answering", async () => {
    t = await createTestApp({}, { store: "sqlite" });
    await ticketWith(t, { bodies: ["olá"] });
    const admin = await actorOf(t, 1);
    await searchTickets(t.ctx, admin, { searchParam: "ola", searchOnMessages: true, showAll: true });
    expect((t.ctx.reads as ReadPool).mode).toBe("workers");
    // The matching contacts, then their tickets, then the exact words (too few to fill the cap), then the last word as
    // a prefix.
    expect((t.ctx.reads as ReadPool).counts).toEqual({ worker: 4, mainThread: 0 });

    // A read of a few hundred milliseconds on the pool; the request thread answers meanwhile.
    const slow = t.ctx.reads.read(
      sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000000) select count(*) as n from c`.compile(t.ctx.db),
    );
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    const answered: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request("GET", "/api/health");
      answered.push(res.status === 200 && !slowDone);
    }
    expect(answered).toEqual([true, true, true, true, true]);
    expect((await slow)[0]!.n).toBe(1_000_000);

    // The workers' connections cannot write.
    // (Awaited by hand: expect().rejects does not let worker messages in while it waits.)
    const refused = await t.ctx.reads.read(sql`delete from messages`.compile(t.ctx.db)).catch((err: Error) => err);
    expect(String(refused)).toMatch(/readonly/i);
    expect(
      await t.ctx.db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 1 });
  }, 20_000);

  test("when workers cannot start, reads run on the main connection and the log says so", async () => {
    t = await createTestApp({}, { store: "sqlite" });
    const logs: string[] = [];
    const pool = new ReadPool({ path: "/nonexistent/multi100.db", local: sqliteOf(t), log: createLogger("debug", {}, (l) => logs.push(l)) });
    try {
      const rows = await Promise.all([1, 2, 3].map((n) => pool.read(sql<{ n: number }>`select ${n} as n`.compile(t!.ctx.db))));
      expect(rows).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      expect(pool.mode).toBe("main-thread");
      expect(pool.counts).toEqual({ worker: 0, mainThread: 3 });
      expect(logs.filter((l) => l.includes("read workers unavailable"))).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });
});

describe("control characters in a search", () => {
  test("control characters in the text (a NUL included) separate words like spaces and never error", async () => {
    t = await createTestApp();
    const token = await login(t, ADMIN.email, ADMIN.password);
    const id = await ticketWith(t, { name: "Ana Maria", bodies: ["bom dia"] });
    const nul = encodeURIComponent("ana\u0000maria");
    for (const path of [`/api/contacts?searchParam=${nul}`, `/api/contacts/list?searchParam=${nul}`]) {
      const r = await t.json("GET", path, { token });
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
      expect(JSON.stringify(r.body)).toContain("Ana Maria");
    }
    const byName = await t.json("GET", `/api/tickets?searchParam=${encodeURIComponent("ana\u0000\u0007maria")}&showAll=true`, { token });
    expect(byName.body.tickets.map((tk: { id: number }) => tk.id)).toEqual([id]);
    const byBody = await t.json("GET", `/api/tickets?searchParam=${encodeURIComponent("bom\u0000dia")}&searchOnMessages=true&showAll=true`, { token });
    expect(byBody.body.tickets.map((tk: { id: number }) => tk.id)).toEqual([id]);
    // One character of text left: the short-text (LIKE) path, where a NUL would have cut the pattern to "%n".
    const short = await t.json("GET", `/api/contacts?searchParam=${encodeURIComponent("n\u0000")}`, { token });
    expect(short.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Ana Maria"]);
  });
});

describe("GET /api/tickets with a searchParam", () => {
  test("pages through the search's ids, accents ignored", async () => {
    t = await createTestApp();
    const token = await login(t, ADMIN.email, ADMIN.password);
    const id = await ticketWith(t, { name: "Zé", bodies: ["promoção de verão"] });
    const found = await t.json("GET", "/api/tickets?searchParam=promocao&searchOnMessages=true&showAll=true", { token });
    expect(found.status).toBe(200);
    expect(found.body.tickets.map((tk: { id: number }) => tk.id)).toEqual([id]);
    expect(found.body.count).toBe(1);
    expect((await t.json("GET", "/api/tickets?searchParam=promocao&showAll=true", { token })).body.tickets).toEqual([]);
  });
});

describe("an agent's search sees exactly what the agent may see", () => {
  test("on random tickets, changed at random between searches, an agent's search finds exactly what canSeeTicket allows", async () => {
    t = await createTestApp();
    const app = t;
    const queue = async (name: string) =>
      (
        await app.ctx.db
          .insertInto("queues")
          .values({ companyId: 1, name, color: `#${name.padStart(6, "0")}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const queues = [await queue("1"), await queue("2"), await queue("3")];
    const agents = [
      await createUser(app, { companyId: 1, name: "Ana", allTicket: "disable" }),
      await createUser(app, { companyId: 1, name: "Bia", allTicket: "enable" }),
      await createUser(app, { companyId: 1, name: "Caio", allowGroup: 1 }),
    ];
    await app.ctx.db
      .insertInto("user_queues")
      .values([
        { userId: agents[0]!.id, queueId: queues[0]!, companyId: 1 },
        { userId: agents[1]!.id, queueId: queues[1]!, companyId: 1 },
        { userId: agents[2]!.id, queueId: queues[0]!, companyId: 1 },
        { userId: agents[2]!.id, queueId: queues[2]!, companyId: 1 },
      ])
      .execute();
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      // The low bits of this generator repeat quickly; the high ones do not.
      return (seed >>> 16) % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)]!;
    const words = ["banana madura", "laranja", "uva e banana", "pera", "Banana!"];
    const tickets: { id: number; userId: number | null; queueId: number | null; isGroup: boolean; status: string; bodies: string[] }[] = [];
    for (let i = 0; i < 160; i++) {
      const spec = {
        userId: pick([null, null, 1, ...agents.map((a) => a.id)]),
        queueId: pick([null, ...queues]),
        isGroup: rand(10) === 0,
        status: pick(["open", "pending", "closed"] as const),
        bodies: Array.from({ length: rand(4) }, () => pick(words)),
      };
      tickets.push({ id: await ticketWith(app, spec), ...spec });
    }
    const expected = async (userId: number) => {
      const actor = await actorOf(app, userId);
      const queueIds = await userQueueIds(app.ctx.db, userId);
      return tickets
        .filter((tk) => tk.bodies.some((b) => /banana/i.test(b)) && canSeeTicket(actor, { companyId: 1, ...tk }, queueIds))
        .map((tk) => tk.id)
        .sort((a, b) => a - b);
    };
    const found = async (userId: number) =>
      (await searchTickets(app.ctx, await actorOf(app, userId), { searchParam: "banana", searchOnMessages: true, showAll: true })).ticketIds.sort(
        (a, b) => a - b,
      );
    for (const agent of agents) {
      const want = await expected(agent.id);
      expect(want.length).toBeGreaterThan(0);
      expect(await found(agent.id)).toEqual(want);
    }

    // The index's scopes follow the tickets: reassign, requeue, turn into groups and back, move messages across
    // tickets (as a merge does) and edit bodies, through plain updates (the triggers, not the service, keep the index).
    for (let round = 0; round < 3; round++) {
      for (const tk of tickets) {
        if (rand(3) !== 0) continue;
        const change = { userId: pick([null, 1, ...agents.map((a) => a.id)]), queueId: pick([null, ...queues]), isGroup: rand(4) === 0 };
        await app.ctx.db
          .updateTable("tickets")
          .set({ ...change, isGroup: change.isGroup ? 1 : 0 })
          .where("id", "=", tk.id)
          .execute();
        Object.assign(tk, change);
      }
      const from = pick(tickets.filter((tk) => tk.bodies.length > 0));
      const to = pick(tickets.filter((tk) => tk !== from));
      await app.ctx.db.updateTable("messages").set({ ticketId: to.id }).where("ticketId", "=", from.id).execute();
      to.bodies.push(...from.bodies.splice(0));
      const edited = pick(tickets.filter((tk) => tk.bodies.length > 0));
      await app.ctx.db.updateTable("messages").set({ body: "banana nova" }).where("ticketId", "=", edited.id).execute();
      edited.bodies = edited.bodies.map(() => "banana nova");
      for (const agent of agents) expect(await found(agent.id)).toEqual(await expected(agent.id));
    }
    // More tickets than FEW_VISIBLE that Ana may see (unassigned, in her queue, no message): on PostgreSQL her search
    // then leaves the ids of her tickets for the index's scope, and finds the same.
    const now = new Date().toISOString();
    await insertFillers(
      app,
      Array.from({ length: FEW_VISIBLE + 1 }, (_, i) => ({ name: `Filler ${i}`, number: `5599${String(i).padStart(7, "0")}`, queueId: queues[0]!, at: now })),
    );
    expect(await found(agents[0]!.id)).toEqual(await expected(agents[0]!.id));
    // The admin's show-all search reads the index without a scope: every matching ticket.
    const everyMatch = tickets.filter((tk) => tk.bodies.some((b) => /banana/i.test(b))).map((tk) => tk.id);
    expect(await found(1)).toEqual(everyMatch.sort((a, b) => a - b));
  });
});

describe("a contact search", () => {
  test("few matching contacts (their tickets read) and over two thousand (the company's tickets walked) find the same, newest first", async () => {
    t = await createTestApp();
    const app = t;
    const queue = await app.ctx.db.insertInto("queues").values({ companyId: 1, name: "Fila", color: "#00aa00" }).returning("id").executeTakeFirstOrThrow();
    const ana = await createUser(app, { companyId: 1, name: "Ana", allTicket: "disable" });
    await app.ctx.db.insertInto("user_queues").values({ userId: ana.id, queueId: queue.id, companyId: 1 }).execute();
    // 2,100 contacts named "Filler i", each with a pending ticket, one in ten in Ana's queue, later ones more recent.
    const tickets: { id: number; name: string; queueId: number | null; at: string }[] = [];
    const fillers = Array.from({ length: 2100 }, (_, i) => ({
      name: `Filler ${i}`,
      number: `5588${String(i).padStart(7, "0")}`,
      queueId: i % 10 === 0 ? queue.id : null,
      at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    }));
    const ids = await insertFillers(app, fillers);
    for (const [i, { name, queueId, at }] of fillers.entries()) tickets.push({ id: ids[i]!, name, queueId, at });
    // Another company's namesake is never found.
    await ticketWith(app, { companyId: (await createCompany(app, { name: "Other" })).companyId, name: "Filler 17", userId: null });

    const newestFirst = (rows: typeof tickets) => [...rows].sort((a, b) => (a.at < b.at ? 1 : -1)).map((r) => r.id);
    const holds = (text: string) => (r: (typeof tickets)[number]) => r.name.includes(text);
    const admin = await actorOf(app, 1);
    const forAna = await actorOf(app, ana.id);
    const search = async (actor: Actor, searchParam: string) => (await searchTickets(app.ctx, actor, { searchParam, showAll: true })).ticketIds;

    // "Filler 17": 111 contacts (17, 170-179, 1700-1799).
    expect(await search(admin, "Filler 17")).toEqual(newestFirst(tickets.filter(holds("Filler 17"))));
    expect(await search(forAna, "filler 17")).toEqual(newestFirst(tickets.filter((r) => holds("Filler 17")(r) && r.queueId === queue.id)));
    // "Filler": every one of the 2,100 contacts; Ana sees 210 of their tickets.
    expect(await search(forAna, "Filler")).toEqual(newestFirst(tickets.filter((r) => r.queueId === queue.id)));
    const all = await searchTickets(app.ctx, admin, { searchParam: "Filler", showAll: true });
    expect(all).toMatchObject({ count: SEARCH_CAP, capped: true });
    expect(all.ticketIds.slice(0, 5)).toEqual(newestFirst(tickets).slice(0, 5));
  });
});
