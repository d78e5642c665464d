import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { BusEvents } from "../../realtime/events";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp();
  const admin = await login(t, ADMIN.email, ADMIN.password);
  const plain = await createUser(t, { companyId: 1, name: "Plain" });
  const contact = (
    await t.ctx.db.insertInto("contacts").values({ companyId: 1, name: "Maria", number: "5511900000001" }).returning("id").executeTakeFirstOrThrow()
  ).id;
  const events: { name: string; payload: unknown }[] = [];
  for (const name of ["tag.created", "tag.updated", "tag.deleted", "contact.updated", "ticket.updated"] as const) {
    t.ctx.bus.on(name, (payload: BusEvents[typeof name]) => void events.push({ name, payload }));
  }
  return { t, admin, plain, contact, events };
}

describe("POST/PUT/GET /api/tags", () => {
  test("create and edit with the spec's name rule; names unique per kind ignoring case", async () => {
    const { t, plain, events } = await setup();
    const token = plain.token;
    const created = await t.json("POST", "/api/tags", { token, body: { name: "Cliente VIP", color: "#FF0000" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Cliente VIP", color: "#FF0000", kanban: 0, timeLane: 0, nextLaneId: null, contactsCount: 0 });
    expect(events).toEqual([{ name: "tag.created", payload: { companyId: 1, tagId: created.body.id } }]);

    const short = await t.json("POST", "/api/tags", { token, body: { name: "ab" } });
    expect(short.status).toBe(400);
    expect(short.body.fields.name).toBe("Mensaje muy corta");
    expect((await t.json("POST", "/api/tags", { token, body: { name: "VIP", color: "not a colour!" } })).body.fields.color).toBe("Too Long!");
    expect((await t.json("POST", "/api/tags", { token, body: { name: "VIP", color: "#12345z" } })).body.fields.color).toBe("Invalid colour");
    expect((await t.json("POST", "/api/tags", { token, body: { name: "VIP", kanban: 2 } })).status).toBe(400);
    const dup = await t.json("POST", "/api/tags", { token, body: { name: "cliente vip" } });
    expect(dup.status).toBe(400);
    expect(dup.body.fields.name).toBe("A tag with this name already exists");

    const edited = await t.json("PUT", `/api/tags/${created.body.id}`, { token, body: { name: "Clientes VIP", color: "#00FF00" } });
    expect(edited.body).toMatchObject({ id: created.body.id, name: "Clientes VIP", color: "#00FF00" });
    expect((await t.json("GET", `/api/tags/${created.body.id}`, { token })).body.name).toBe("Clientes VIP");
    expect((await t.json("PUT", `/api/tags/${created.body.id}`, { token, body: { name: "x" } })).status).toBe(400);
  });

  test("kanban lanes: lane fields name lanes of the company, and need the plan's useKanban", async () => {
    const { t, admin } = await setup();
    const next = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Em andamento", kanban: 1 } })).body.id;
    const contactTag = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Contato" } })).body.id;
    const lane = await t.json("POST", "/api/tags", {
      token: admin,
      body: { name: "Novo", kanban: 1, timeLane: 24, nextLaneId: next, greetingMessageLane: "Olá!" },
    });
    expect(lane.body).toMatchObject({ kanban: 1, timeLane: 24, nextLaneId: next, greetingMessageLane: "Olá!" });
    expect((await t.json("PUT", `/api/tags/${lane.body.id}`, { token: admin, body: { rollbackLaneId: contactTag } })).body.fields.rollbackLaneId).toBe(
      "Unknown lane",
    );
    expect((await t.json("PUT", `/api/tags/${lane.body.id}`, { token: admin, body: { nextLaneId: lane.body.id } })).body.fields.nextLaneId).toBe(
      "Unknown lane",
    );
    const other = await createCompany(t, { name: "Other" });
    const foreignLane = (await t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Deles", kanban: 1 } })).body.id;
    expect((await t.json("PUT", `/api/tags/${lane.body.id}`, { token: admin, body: { nextLaneId: foreignLane } })).body.fields.nextLaneId).toBe("Unknown lane");

    await t.ctx.db.updateTable("plans").set({ useKanban: 0 }).execute();
    const refused = await t.json("POST", "/api/tags", { token: admin, body: { name: "Outra", kanban: 1 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await t.json("PUT", `/api/tags/${lane.body.id}`, { token: admin, body: { name: "Novo lead" } })).status).toBe(403);
    expect((await t.json("POST", "/api/tags", { token: admin, body: { name: "Sem kanban" } })).status).toBe(201);
  });

  test("kanban lanes come in their laneOrder (none last, then by name) on the page and in the lane picker; a contact tag has none", async () => {
    const { t, admin } = await setup();
    const make = async (name: string, body: Record<string, unknown>) => (await t.json("POST", "/api/tags", { token: admin, body: { name, ...body } })).body;
    const won = await make("Ganho", { kanban: 1, laneOrder: 3 });
    const fresh = await make("Novo", { kanban: 1, laneOrder: 1 });
    const loose = await make("Arquivo", { kanban: 1 });
    const talking = await make("Conversando", { kanban: 1, laneOrder: 2 });
    const contactTag = await make("Cliente", { laneOrder: 5 });
    expect([won.laneOrder, loose.laneOrder, contactTag.laneOrder]).toEqual([3, null, null]);

    const order = [fresh.id, talking.id, won.id, loose.id];
    expect((await t.json("GET", "/api/tags?kanban=1", { token: admin })).body.tags.map((x: { id: number }) => x.id)).toEqual(order);
    expect((await t.json("GET", "/api/tags/list?kanban=1", { token: admin })).body.map((x: { id: number }) => x.id)).toEqual(order);
    // Both kinds together stay by name.
    expect((await t.json("GET", "/api/tags", { token: admin })).body.tags.map((x: { name: string }) => x.name)).toEqual([
      "Arquivo",
      "Cliente",
      "Conversando",
      "Ganho",
      "Novo",
    ]);

    const moved = await t.json("PUT", `/api/tags/${loose.id}`, { token: admin, body: { laneOrder: 0 } });
    expect(moved.body.laneOrder).toBe(0);
    expect((await t.json("GET", "/api/tags/list?kanban=1", { token: admin })).body[0].id).toBe(loose.id);
    const audit = await t.ctx.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity", "=", "tag")
      .where("entityId", "=", String(loose.id))
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect([JSON.parse(audit.before!).laneOrder, JSON.parse(audit.after!).laneOrder]).toEqual([null, 0]);
    // A lane turned into a contact tag leaves the board's order.
    expect((await t.json("PUT", `/api/tags/${won.id}`, { token: admin, body: { kanban: 0 } })).body).toMatchObject({ kanban: 0, laneOrder: null });
    for (const laneOrder of [-1, 1.5, "2"]) {
      const r = await t.json("PUT", `/api/tags/${fresh.id}`, { token: admin, body: { laneOrder } });
      expect({ laneOrder, status: r.status, field: r.body.fields?.laneOrder }).toEqual({ laneOrder, status: 400, field: "Invalid number" });
    }
  });

  test("a tag on contacts or tickets keeps its kind; an unused one may change it", async () => {
    const { t, admin, contact } = await setup();
    const onContact = (await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: contact, tags: [{ name: "Na agenda" }] } })).body.tags[0].id;
    const lane = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Triagem", kanban: 1 } })).body.id;
    const ticket = (
      await t.ctx.db
        .insertInto("tickets")
        .values({ companyId: 1, uuid: crypto.randomUUID(), contactId: contact, status: "closed" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db.insertInto("ticket_tags").values({ ticketId: ticket, tagId: lane, companyId: 1 }).execute();
    for (const [id, kanban] of [
      [onContact, 1],
      [lane, 0],
    ] as const) {
      const r = await t.json("PUT", `/api/tags/${id}`, { token: admin, body: { kanban } });
      expect({ id, status: r.status, field: r.body.fields?.kanban }).toEqual({ id, status: 400, field: "A tag in use keeps its kind" });
    }
    expect((await t.json("GET", `/api/tags/${lane}`, { token: admin })).body.kanban).toBe(1);
    // Same kind again, or another field, is no change of kind.
    expect((await t.json("PUT", `/api/tags/${lane}`, { token: admin, body: { kanban: 1, name: "Triagem 2" } })).status).toBe(200);
    const unused = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Solta" } })).body.id;
    expect((await t.json("PUT", `/api/tags/${unused}`, { token: admin, body: { kanban: 1 } })).body.kanban).toBe(1);
  });

  test("GET /api/tags pages by name with contactsCount; GET /api/tags/list by kind", async () => {
    const { t, plain, contact } = await setup();
    const token = plain.token;
    for (let i = 0; i < 22; i++) await t.json("POST", "/api/tags", { token, body: { name: `Etiqueta ${String(i).padStart(2, "0")}` } });
    const lane = (await t.json("POST", "/api/tags", { token, body: { name: "Raia", kanban: 1 } })).body.id;
    await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{ name: "Etiqueta 00" }] } });

    const p1 = await t.json("GET", "/api/tags?pageNumber=1", { token });
    expect(p1.body.tags).toHaveLength(20);
    expect(p1.body).toMatchObject({ count: 23, hasMore: true });
    expect(p1.body.tags[0]).toMatchObject({ name: "Etiqueta 00", contactsCount: 1 });
    expect((await t.json("GET", "/api/tags?pageNumber=2", { token })).body).toMatchObject({ hasMore: false });
    expect((await t.json("GET", "/api/tags?searchParam=etiqueta%201", { token })).body.count).toBe(10);
    expect((await t.json("GET", "/api/tags?kanban=1", { token })).body.tags.map((x: { id: number }) => x.id)).toEqual([lane]);
    expect((await t.json("GET", "/api/tags?searchParam=%25", { token })).body.count).toBe(0);

    const lanes = await t.json("GET", "/api/tags/list?kanban=1", { token });
    expect(lanes.body).toEqual([{ id: lane, name: "Raia", color: "#A4CCCC", kanban: 1 }]);
    expect((await t.json("GET", "/api/tags/list?kanban=0", { token })).body).toHaveLength(22);
    expect((await t.json("GET", "/api/tags/list", { token })).body).toHaveLength(23);
  });
});

describe("POST /api/tags/sync and DELETE /api/tags-contacts/:tagId/:contactId", () => {
  test("sets exactly the given tags; new names created in the same transaction, existing names reused", async () => {
    const { t, plain, contact, events } = await setup();
    const token = plain.token;
    const vip = (await t.json("POST", "/api/tags", { token, body: { name: "VIP" } })).body.id;
    events.length = 0;
    const r = await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{ id: vip }, { name: "Atacado" }, { name: "vip" }] } });
    expect(r.status).toBe(200);
    expect(r.body.tags.map((x: { name: string }) => x.name)).toEqual(["Atacado", "VIP"]);
    const atacado = r.body.tags[0].id;
    expect(events).toEqual([
      { name: "tag.created", payload: { companyId: 1, tagId: atacado } },
      { name: "contact.updated", payload: { companyId: 1, contactId: contact } },
    ]);
    const again = await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{ name: "ATACADO" }] } });
    expect(again.body.tags).toEqual([{ id: atacado, name: "Atacado", color: "#A4CCCC", kanban: 0 }]);
    expect((await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [] } })).body.tags).toEqual([]);

    const short = await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{ name: "ab" }] } });
    expect(short.status).toBe(400);
    expect(short.body.fields["tags.0.name"]).toBe("Tag muito curta!");
    expect((await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{}] } })).status).toBe(400);
    // Nothing was half-done by the refused calls.
    expect(await t.ctx.db.selectFrom("tags").select("name").where("companyId", "=", 1).orderBy("name").execute()).toEqual([
      { name: "Atacado" },
      { name: "VIP" },
    ]);
  });

  test("foreign or kanban tag ids and foreign contacts are refused; no tag is created by a refused call", async () => {
    const { t, admin, contact } = await setup();
    const other = await createCompany(t, { name: "Other" });
    const foreignTag = (await t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Deles" } })).body.id;
    const lane = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Raia", kanban: 1 } })).body.id;
    for (const id of [foreignTag, lane, 999_999]) {
      const r = await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: contact, tags: [{ name: "Nova etiqueta" }, { id }] } });
      expect({ id, status: r.status, field: r.body.fields?.tags }).toEqual({ id, status: 400, field: "Unknown tag" });
    }
    const foreignContact = await t.json("POST", "/api/tags/sync", { token: other.admin.token, body: { contactId: contact, tags: [{ name: "Invasora" }] } });
    expect(foreignContact.status).toBe(404);
    expect(await t.ctx.db.selectFrom("tags").select("name").where("name", "in", ["Nova etiqueta", "Invasora"]).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("contact_tags").selectAll().execute()).toEqual([]);
  });

  test("DELETE /api/tags-contacts removes one link; 404 for a link that does not exist or another company's", async () => {
    const { t, plain, contact, events } = await setup();
    const token = plain.token;
    const tags = (await t.json("POST", "/api/tags/sync", { token, body: { contactId: contact, tags: [{ name: "Uma" }, { name: "Outra" }] } })).body.tags;
    const uma = tags.find((x: { name: string }) => x.name === "Uma").id;
    const other = await createCompany(t, { name: "Other" });
    expect((await t.json("DELETE", `/api/tags-contacts/${uma}/${contact}`, { token: other.admin.token })).status).toBe(404);
    events.length = 0;
    expect((await t.json("DELETE", `/api/tags-contacts/${uma}/${contact}`, { token })).status).toBe(200);
    expect(events).toEqual([{ name: "contact.updated", payload: { companyId: 1, contactId: contact } }]);
    expect((await t.json("GET", `/api/contactTags/${contact}`, { token })).body.map((x: { name: string }) => x.name)).toEqual(["Outra"]);
    expect((await t.json("DELETE", `/api/tags-contacts/${uma}/${contact}`, { token })).status).toBe(404);
    expect((await t.json("DELETE", `/api/tags-contacts/abc/${contact}`, { token })).status).toBe(400);
  });
});

describe("DELETE /api/tags/:id", () => {
  test("admins only; the tag leaves every contact and ticket, whose lists are told", async () => {
    const { t, admin, plain, contact, events } = await setup();
    const tag = (await t.json("POST", "/api/tags/sync", { token: admin, body: { contactId: contact, tags: [{ name: "Temporária" }] } })).body.tags[0].id;
    const ticket = (
      await t.ctx.db
        .insertInto("tickets")
        .values({ companyId: 1, uuid: crypto.randomUUID(), contactId: contact, status: "open" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db.insertInto("ticket_tags").values({ ticketId: ticket, tagId: tag, companyId: 1 }).execute();
    expect((await t.json("DELETE", `/api/tags/${tag}`, { token: plain.token })).status).toBe(403);
    const other = await createCompany(t, { name: "Other" });
    expect((await t.json("DELETE", `/api/tags/${tag}`, { token: other.admin.token })).status).toBe(404);
    events.length = 0;
    expect((await t.json("DELETE", `/api/tags/${tag}`, { token: admin })).status).toBe(200);
    expect(events).toEqual([
      { name: "tag.deleted", payload: { companyId: 1, tagId: tag } },
      { name: "ticket.updated", payload: { companyId: 1, ticketId: ticket } },
      { name: "contact.updated", payload: { companyId: 1, contactId: contact } },
    ]);
    expect(await t.ctx.db.selectFrom("ticket_tags").selectAll().execute()).toEqual([]);
    expect((await t.json("GET", `/api/tags/${tag}`, { token: admin })).status).toBe(404);
  });

  test("another company's tag answers 404 on every tag route", async () => {
    const { t, admin } = await setup();
    const tag = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Nossa" } })).body.id;
    const other = await createCompany(t, { name: "Other" });
    for (const [method, path, body] of [
      ["GET", `/api/tags/${tag}`],
      ["PUT", `/api/tags/${tag}`, { name: "Hacked" }],
      ["DELETE", `/api/tags/${tag}`],
    ] as const) {
      expect({ path, method, status: (await t.json(method, path, { token: other.admin.token, body })).status }).toEqual({ path, method, status: 404 });
    }
    expect((await t.json("GET", "/api/tags/list", { token: other.admin.token })).body).toEqual([]);
    expect((await t.json("GET", `/api/tags/${tag}`, { token: admin })).body.name).toBe("Nossa");
  });
});

describe("company-{id}-tag frames", () => {
  test("create, update and delete reach the company's sockets with the tag", async () => {
    const { t, admin } = await setup();
    const frames: { companyId: number; event: string; data: any }[] = [];
    const emit = t.ctx.hub.emit.bind(t.ctx.hub);
    t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: never) => {
      frames.push({ companyId, event, data });
      return emit(companyId, event, data, opts);
    }) as typeof t.ctx.hub.emit;
    const id = (await t.json("POST", "/api/tags", { token: admin, body: { name: "Ao vivo" } })).body.id;
    await t.json("PUT", `/api/tags/${id}`, { token: admin, body: { color: "#123456" } });
    await t.json("DELETE", `/api/tags/${id}`, { token: admin });
    await Bun.sleep(20);
    const tagFrames = frames.filter((f) => f.event === "company-1-tag").map((f) => [f.data.action, f.data.tag?.color ?? f.data.tagId]);
    expect(tagFrames).toEqual([
      ["create", "#A4CCCC"],
      ["update", "#123456"],
      ["delete", id],
    ]);
    expect(frames.every((f) => f.companyId === 1)).toBe(true);
  });
});
