/**
 * The tickets report's fixture: a desk whose every event time is set by the test. The company's days are São
 * Paulo's (UTC-3): its March is [2026-03-01T03:00Z, 2026-04-01T03:00Z).
 *
 *   T1  Maria, Q1, Ana    created 03-05 12:00Z and queued, accepted 12:30, closed 13:15 (waited 30, served 45);
 *                         rated 7, then 9 (the latest counts); tag VIP
 *   T2  5511000000002, Q2 created 03-10 10:00Z and queued, accepted by Bruno 10:05 (waited 5): open, not served yet;
 *                         tags Suporte and VIP
 *   T3  João, Q1          created 03-20 18:00Z and queued: pending; its channel is webchat
 *   T4  Feb 28 locally    created 03-01 02:30Z: not March's
 *   T5  Lia, no queue     created 03-31 23:00 locally (04-01 02:00Z) on the second connection: pending
 *   G1  a group           created in March: no ticket of the report
 *   D1  deleted           created in March, deleted by an admin: no ticket of the report
 * Company 2 has a ticket of its own created in March.
 * The report of March, newest first: T5, T3, T2, T1.
 */
import { expect } from "bun:test";
import { createConnection } from "../../src/channels/connections";
import { createCompany, type TestUser } from "./factories";
import { createInbox, type Inbox } from "./inbox";

export interface ReportDesk {
  w: Inbox;
  t1: number;
  t2: number;
  t3: number;
  t4: number;
  t5: number;
  vip: number;
  suporte: number;
  second: number;
  other: { companyId: number; admin: TestUser; ticketId: number; queueId: number };
}

export const MARCH = "dateFrom=2026-03-01&dateTo=2026-03-31";

export async function reportDesk(): Promise<ReportDesk> {
  const w = await createInbox();
  await w.setting("timezone", "America/Sao_Paulo");
  const db = w.t.ctx.db;
  const at = (iso: string) => w.t.clock.set(new Date(iso));
  const put = async (token: string, id: number, body: Record<string, unknown>) => {
    const res = await w.t.json("PUT", `/api/tickets/${id}`, { token, body });
    expect(res.status).toBe(200);
  };
  /** A ticket from a new number at `createdAt`, put in `queueId` as it arrives. */
  const arrive = async (number: string, createdAt: string, o: { name?: string; queueId?: number } = {}) => {
    at(createdAt);
    const id = await w.inbound(number, { name: o.name });
    if (o.queueId) await put(w.admin.token, id, { status: "pending", queueId: o.queueId, isTransfered: true });
    return id;
  };
  const tag = async (name: string, color: string) =>
    (await db.insertInto("tags").values({ companyId: 1, name, color }).returning("id").executeTakeFirstOrThrow()).id;
  const vip = await tag("VIP", "#aa0000");
  const suporte = await tag("Suporte", "#00aa00");
  const { id: second } = await createConnection(w.t.ctx, 1, { name: "Second", channel: "testchan" });

  const t1 = await arrive("5511000000001", "2026-03-05T12:00:00.000Z", { name: "Maria", queueId: w.q1 });
  at("2026-03-05T12:30:00.000Z");
  await put(w.agent.token, t1, { status: "open" });
  at("2026-03-05T13:15:00.000Z");
  await put(w.agent.token, t1, { status: "closed", sendFarewellMessage: false });
  await db
    .insertInto("ticket_ratings")
    .values([
      { companyId: 1, ticketId: t1, userId: w.agent.id, rate: 7, createdAt: "2026-03-05T14:00:00.000Z" },
      { companyId: 1, ticketId: t1, userId: w.agent.id, rate: 9, createdAt: "2026-03-05T15:00:00.000Z" },
    ])
    .execute();

  const t2 = await arrive("5511000000002", "2026-03-10T10:00:00.000Z", { queueId: w.q2 });
  at("2026-03-10T10:05:00.000Z");
  await put(w.agent2.token, t2, { status: "open" });

  const t3 = await arrive("5511000000003", "2026-03-20T18:00:00.000Z", { name: "João", queueId: w.q1 });
  await w.setTicket(t3, { channel: "webchat" });
  const t4 = await arrive("5511000000004", "2026-03-01T02:30:00.000Z", { name: "Fevereiro" });
  const t5 = await arrive("5511000000005", "2026-04-01T02:00:00.000Z", { name: "Lia" });
  await w.setTicket(t5, { whatsappId: second });
  at("2026-03-12T09:00:00.000Z");
  await w.inbound("120363000000000001@g.us", { group: true });
  const d1 = await arrive("5511000000006", "2026-03-15T09:00:00.000Z", { name: "Apagado" });
  await w.setTicket(d1, { deletedAt: "2026-03-16T00:00:00.000Z", status: "closed" });

  await db
    .insertInto("ticket_tags")
    .values([
      { ticketId: t1, tagId: vip, companyId: 1 },
      { ticketId: t2, tagId: vip, companyId: 1 },
      { ticketId: t2, tagId: suporte, companyId: 1 },
    ])
    .execute();

  const company = await createCompany(w.t, { name: "Outra" });
  const queueId = (
    await db.insertInto("queues").values({ companyId: company.companyId, name: "Fila B", color: "#333333" }).returning("id").executeTakeFirstOrThrow()
  ).id;
  const contact = await db
    .insertInto("contacts")
    .values({ companyId: company.companyId, name: "Cliente B", number: "5521000000001" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ticket = await db
    .insertInto("tickets")
    .values({
      uuid: crypto.randomUUID(),
      companyId: company.companyId,
      contactId: contact.id,
      status: "pending",
      queueId,
      createdAt: "2026-03-11T10:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { w, t1, t2, t3, t4, t5, vip, suporte, second, other: { ...company, ticketId: ticket.id, queueId } };
}
