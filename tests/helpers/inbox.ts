/**
 * A small inbox for the ticket and message tests: company 1 with queues Q1 and Q2, a test-channel connection that
 * allows groups, the first admin (allTicket, allowGroup and allUserChat on, no queues) and plain agents.
 * Tickets arrive the way they do in production: through the channel's inbound pipeline.
 */
import { createConnection } from "../../src/channels/connections";
import type { CompanySettingKey } from "../../src/modules/settings/catalogue";
import { createUser, login, type TestUser } from "./factories";
import { ADMIN } from "./test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel, type TestChannel, type TestSession } from "./test-channel";

export interface Inbox {
  t: ChannelTestApp;
  /** The test channel plugin: after a restart, chan.session(connectionId) is the new session. */
  chan: TestChannel;
  session: TestSession;
  connectionId: number;
  q1: number;
  q2: number;
  admin: TestUser;
  /** Queue Q1 only. */
  agent: TestUser;
  /** Queue Q2 only. */
  agent2: TestUser;
  /** No queue, no flags. */
  plain: TestUser;
  /** A ticket from `from` (a phone number, or a group id with group: true); answers its id. */
  inbound(from: string, opts?: { body?: string; group?: boolean; name?: string }): Promise<number>;
  /** Sets the ticket's columns straight in the store. */
  setTicket(id: number, values: Record<string, unknown>): Promise<void>;
  setting(key: CompanySettingKey, value: string): Promise<void>;
  ticket(id: number): Promise<Record<string, any>>;
  logs(id: number): Promise<{ type: string; userId: number | null; queueId: number | null }[]>;
  messages(ticketId: number): Promise<Record<string, any>[]>;
}

/** `queues`: link Q1 and Q2 to the connection (its contacts then meet the bot's queue menu). */
export async function createInbox(opts: { connection?: Record<string, unknown>; queues?: boolean; store?: "sqlite" } = {}): Promise<Inbox> {
  const chan = createTestChannel();
  const t = await createChannelTestApp({ plugins: [chan.plugin], ...(opts.store ? { store: opts.store } : {}) });
  const db = t.ctx.db;
  const queue = async (name: string, color: string) =>
    (await db.insertInto("queues").values({ companyId: 1, name, color }).returning("id").executeTakeFirstOrThrow()).id;
  const q1 = await queue("Q1", "#111111");
  const q2 = await queue("Q2", "#222222");
  const { id: connectionId } = await createConnection(t.ctx, 1, { name: "Main", channel: "testchan", allowGroup: 1, ...opts.connection });
  if (opts.queues) {
    await db
      .insertInto("connection_queues")
      .values([
        { connectionId, queueId: q1, companyId: 1 },
        { connectionId, queueId: q2, companyId: 1 },
      ])
      .execute();
  }
  const session = chan.session(connectionId)!;
  const adminRow = await db.selectFrom("users").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow();
  const admin: TestUser = { id: adminRow.id, email: ADMIN.email, password: ADMIN.password, token: await login(t, ADMIN.email, ADMIN.password) };
  const agent = await createUser(t, { companyId: 1, name: "Ana" });
  const agent2 = await createUser(t, { companyId: 1, name: "Bruno" });
  const plain = await createUser(t, { companyId: 1, name: "Caio" });
  await db
    .insertInto("user_queues")
    .values([
      { userId: agent.id, queueId: q1, companyId: 1 },
      { userId: agent2.id, queueId: q2, companyId: 1 },
    ])
    .execute();

  return {
    t,
    chan,
    session,
    connectionId,
    q1,
    q2,
    admin,
    agent,
    agent2,
    plain,
    async inbound(from, o = {}) {
      const r = await session.receive({
        from,
        body: o.body ?? `from ${from}`,
        group: o.group,
        name: o.name,
        participant: o.group ? { id: "5511900000009" } : undefined,
      });
      if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
      return r.ticketId;
    },
    async setTicket(id, values) {
      await db.updateTable("tickets").set(values).where("id", "=", id).execute();
    },
    async setting(key, value) {
      await db
        .insertInto("company_settings")
        .values({ companyId: 1, key, value })
        .onConflict((oc) => oc.columns(["companyId", "key"]).doUpdateSet({ value }))
        .execute();
      // As the settings route does: whoever keeps a setting's effect in memory hears of the change.
      t.ctx.bus.emit("settings.updated", { companyId: 1, key });
    },
    ticket: (id) => db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    logs: (id) => db.selectFrom("ticket_logs").select(["type", "userId", "queueId"]).where("ticketId", "=", id).orderBy("id").execute(),
    messages: (ticketId) => db.selectFrom("messages").selectAll().where("ticketId", "=", ticketId).orderBy("id").execute(),
  };
}
