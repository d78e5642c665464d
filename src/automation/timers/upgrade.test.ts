import { afterEach, describe, expect, test } from "bun:test";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../../../migrations";
import { createInbox } from "../../../tests/helpers/inbox";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { advance, MINUTE } from "../../../tests/helpers/timed";
import { openStore } from "../../db/store";
import { createLogger } from "../../log";

let app: ChannelTestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const WEEK = 7 * 24 * 60 * MINUTE;
const TICKETS = 1000;

/**
 * A store as it was before the timed rules: times in hours, and TICKETS open tickets whose agent spoke last a week
 * ago. `before` fills it (it gets the store migrated back to just before migration 0047, closed afterwards); the store
 * is then opened again, which runs 0047.
 */
async function upgradedStore(before: (db: Kysely<any>, ids: { connectionId: number; agentId: number }) => Promise<void>) {
  const w = await createInbox();
  const { dataDir, clock } = w.t;
  await w.t.ctx.close();
  // The run's store (SQLite or PostgreSQL), opened without the product around it.
  const store = await openStore(w.t.ctx.config, createLogger("silent"));
  const db = store.db as Kysely<any>;
  const names = Object.keys(migrations);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(names[names.indexOf("0047_timed_rules") - 1]!)).error).toBeUndefined();
  await before(db, { connectionId: w.connectionId, agentId: w.agent.id });
  await store.close();
  app = await createChannelTestApp({ plugins: [w.chan.plugin], dataDir, clock });
  return { w, app };
}

describe("migration 0047: the timed rules", () => {
  test("times stored in hours become minutes: the connection's expiresTicket, the lanes' timeLane, the company's auto-close", async () => {
    const { w, app } = await upgradedStore(async (db, { connectionId }) => {
      await db.updateTable("connections").set({ expiresTicket: 2 }).where("id", "=", connectionId).execute();
      await db.insertInto("tags").values({ companyId: 1, name: "Lane", color: "#111111", kanban: 1, timeLane: 3 }).execute();
      await db.insertInto("company_settings").values({ companyId: 1, key: "autoCloseTicketsHours", value: "48" }).execute();
    });
    const db = app.ctx.db;
    expect((await db.selectFrom("connections").select("expiresTicket").where("id", "=", w.connectionId).executeTakeFirstOrThrow()).expiresTicket).toBe(120);
    expect((await db.selectFrom("tags").select("timeLane").where("name", "=", "Lane").executeTakeFirstOrThrow()).timeLane).toBe(180);
    const settings = await db.selectFrom("company_settings").select(["key", "value"]).where("key", "like", "autoCloseTickets%").execute();
    expect(settings).toEqual([{ key: "autoCloseTicketsMinutes", value: "2880" }]);
  });

  // Its own timeout: a thousand warnings through the outbound path take 8-16 s on PostgreSQL here, over 20 s under CI's load.
  test(`an upgraded store with ${TICKETS} week-old open tickets sends nothing on the first run; the rules count from the upgrade`, async () => {
    const { w, app } = await upgradedStore(async (db, { connectionId, agentId }) => {
      await db
        .updateTable("connections")
        .set({ timeInactiveMessage: 10, inactiveMessage: "Ainda está aí?", expiresTicket: 1, expiresInactiveMessage: "Encerrado", whenExpiresTicket: "1" })
        .where("id", "=", connectionId)
        .execute();
      const old = new Date(Date.now() - WEEK).toISOString();
      // Three multi-row inserts rather than 4,000 single ones: on a loaded PostgreSQL each round trip counts.
      await db.transaction().execute(async (trx) => {
        const numbers = Array.from({ length: TICKETS }, (_, i) => `55119${String(i).padStart(8, "0")}`);
        const contacts = await trx
          .insertInto("contacts")
          .values(numbers.map((number, i) => ({ companyId: 1, name: `C${i}`, number, channel: "testchan", identity: number })))
          .returning("id")
          .execute();
        const tickets = await trx
          .insertInto("tickets")
          .values(
            contacts.map((c) => ({
              companyId: 1,
              uuid: crypto.randomUUID(),
              contactId: c.id,
              whatsappId: connectionId,
              userId: agentId,
              status: "open" as const,
              createdAt: old,
              updatedAt: old,
            })),
          )
          .returning(["id", "contactId"])
          .execute();
        await trx
          .insertInto("messages")
          .values(
            tickets.flatMap((t) =>
              [0, 1].map((fromMe) => ({
                companyId: 1,
                ticketId: t.id,
                contactId: t.contactId,
                connectionId,
                body: fromMe ? "Posso ajudar?" : "Oi",
                fromMe,
                origin: fromMe ? "agent" : "contact",
                createdAt: old,
              })),
            ),
          )
          .execute();
      });
    });
    const bots = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom("messages")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("origin", "=", "bot")
            .executeTakeFirstOrThrow()
        ).n,
      );
    await advance(app.ctx, MINUTE, app.clock);
    expect(await bots()).toBe(0);
    const open = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom("tickets")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("status", "=", "open")
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await open()).toBe(TICKETS);
    expect(w.chan.session(w.connectionId)!.sent).toEqual([]);
    // Ten minutes after the upgrade the warnings are due: each ticket gets one.
    await advance(app.ctx, 10 * MINUTE, app.clock);
    expect(await bots()).toBe(TICKETS);
    expect(await open()).toBe(TICKETS);
  }, 60_000);
});
