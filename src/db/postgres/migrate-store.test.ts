import { afterAll, describe, expect, test } from "bun:test";
import { login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { admin, dropTestDatabase, postgresServer, withDatabase } from "../../../tests/helpers/test-databases";
import { loadConfig } from "../../config";
import { createLogger } from "../../log";
import { migrateStore } from "./migrate-store";

// Moving an install: a SQLite DATA_DIR with data in every kind of row, copied into an empty PostgreSQL database, on
// which a server then starts and carries on.
const server = postgresServer();
const opened: TestApp[] = [];
const databases: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `moved_${process.pid}_${databases.length}`;
  await admin(server, (client) => client.unsafe(`create database ${name}`));
  databases.push(withDatabase(server, name));
  return withDatabase(server, name);
}

afterAll(async () => {
  for (const t of opened) await t.close().catch(() => undefined);
  for (const url of databases) await dropTestDatabase(server, url);
});

/** A SQLite install with a queue and its option tree, kanban lanes naming each other, tickets, messages (one quoting another). */
async function sqliteInstall() {
  const t = await createTestApp({}, { store: "sqlite" });
  opened.push(t);
  const db = t.ctx.db;
  const queue = await db.insertInto("queues").values({ companyId: 1, name: "Suporte", color: "#123456" }).returning("id").executeTakeFirstOrThrow();
  const root = await db
    .insertInto("chatbots")
    .values({ companyId: 1, queueId: queue.id, name: "Raiz", queueType: "text" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("chatbots").values({ companyId: 1, queueId: queue.id, parentId: root.id, name: "Filho", queueType: "text" }).execute();
  // The first lane names a lane written after it.
  const first = await db.insertInto("tags").values({ companyId: 1, name: "Entrada", color: "#111111", kanban: 1 }).returning("id").executeTakeFirstOrThrow();
  const second = await db.insertInto("tags").values({ companyId: 1, name: "Feito", color: "#222222", kanban: 1 }).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("tags").set({ nextLaneId: second.id }).where("id", "=", first.id).execute();
  const contact = await db
    .insertInto("contacts")
    .values({ companyId: 1, name: "João Câmara", number: "5511999990001" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ticket = await db
    .insertInto("tickets")
    .values({ uuid: crypto.randomUUID(), companyId: 1, contactId: contact.id, status: "pending", queueId: queue.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const quoted = await db
    .insertInto("messages")
    .values({ companyId: 1, ticketId: ticket.id, contactId: contact.id, body: "Preciso de atenção", origin: "contact" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("messages")
    .values({ companyId: 1, ticketId: ticket.id, contactId: contact.id, body: "Claro", origin: "agent", quotedMsgId: quoted.id })
    .execute();
  const token = await login(t, ADMIN.email, ADMIN.password);
  const list = (await t.json("GET", "/api/tickets?pageNumber=1&status=pending&showAll=true", { token })).body;
  await t.ctx.close();
  return { t, token, list, firstLane: first.id, secondLane: second.id, quoted: quoted.id };
}

describe("multi100 migrate-store", () => {
  test("copies every table, verified, and a server started on the copy carries on where SQLite left off", async () => {
    const before = await sqliteInstall();
    const to = await emptyDatabase();
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: before.t.dataDir });
    const report = await migrateStore(config, to, createLogger("silent"), (line) => lines.push(line));
    const rows = Object.fromEntries(report.tables.map((r) => [r.name, r.rows]));
    expect(rows).toMatchObject({ companies: 1, users: 1, queues: 1, chatbots: 2, tags: 2, contacts: 1, tickets: 1, messages: 2 });
    expect(lines.at(-1)).toMatch(/^verified: \d+ tables, row counts and checksums equal$/);

    const moved = await createTestApp({ DATABASE_URL: to }, { dataDir: before.t.dataDir });
    opened.push(moved);
    // A session of the old store is still good (the secrets moved), and the lists read the same.
    const list = (await moved.json("GET", "/api/tickets?pageNumber=1&status=pending&showAll=true", { token: before.token })).body;
    expect(list).toEqual(before.list);
    // Links between rows of one table survived; search indexes were rebuilt; new rows get new ids.
    expect(await moved.ctx.db.selectFrom("tags").select("nextLaneId").where("id", "=", before.firstLane).executeTakeFirstOrThrow()).toEqual({
      nextLaneId: before.secondLane,
    });
    expect((await moved.ctx.db.selectFrom("messages").select("quotedMsgId").where("body", "=", "Claro").executeTakeFirstOrThrow()).quotedMsgId).toBe(
      before.quoted,
    );
    const token = await login(moved, ADMIN.email, ADMIN.password);
    const found = (await moved.json("GET", "/api/tickets?pageNumber=1&showAll=true&searchParam=atencao&searchOnMessages=true", { token })).body;
    expect(found.tickets.map((tk: { contact: { name: string } }) => tk.contact.name)).toEqual(["João Câmara"]);
    const created = await moved.json("POST", "/api/tags", { token, body: { name: "Nova", color: "#333333", kanban: 0 } });
    expect(created.status).toBe(201);
    expect(created.body.id).toBeGreaterThan(before.secondLane);
  });

  test("refuses a target that already holds data, writing nothing", async () => {
    const before = await sqliteInstall();
    const to = await emptyDatabase();
    const config = loadConfig({ DATA_DIR: before.t.dataDir });
    await migrateStore(config, to, createLogger("silent"), () => undefined);
    const again = await migrateStore(config, to, createLogger("silent"), () => undefined).catch((err: Error) => err);
    expect(String(again)).toContain("the target database is not empty (table");
    expect((await admin(to, (client) => client.unsafe("select count(*)::int as n from tickets")))[0].n).toBe(1);
  });
});
