import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Db } from "../../db/database";
import type { DB, TicketStatus } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { canSeeTicket, type VisibilityTicket } from "./visibility";

type Executor = Db;

/** The queue ids of a user (visibility input). */
export async function userQueueIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("user_queues").select("queueId").where("userId", "=", userId).execute();
  return rows.map((r) => r.queueId);
}

/** The columns canSeeTicket and the transitions need. */
export function findTicketCore(db: Executor, companyId: number, by: { id: number } | { uuid: string }) {
  const q = forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["id", "uuid", "companyId", "status", "userId", "queueId", "isGroup", "contactId", "whatsappId", "unreadMessages", "channel"]);
  return ("id" in by ? q.where("id", "=", by.id) : q.where("uuid", "=", by.uuid)).executeTakeFirst();
}
export type TicketCore = NonNullable<Awaited<ReturnType<typeof findTicketCore>>>;

/** Tickets with what a list item shows (contact, queue, user, connection); tags are read separately. */
export function ticketViewQuery(db: Executor, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .leftJoin("queues", "queues.id", "tickets.queueId")
    .leftJoin("users", "users.id", "tickets.userId")
    .leftJoin("connections", "connections.id", "tickets.whatsappId")
    .select([
      "tickets.id",
      "tickets.uuid",
      "tickets.companyId",
      "tickets.status",
      "tickets.queueId",
      "tickets.userId",
      "tickets.contactId",
      "tickets.whatsappId",
      "tickets.channel",
      "tickets.isGroup",
      "tickets.isBot",
      "tickets.lastMessage",
      "tickets.unreadMessages",
      "tickets.useIntegration",
      "tickets.integrationId",
      "tickets.promptId",
      "tickets.isTransfered",
      "tickets.amountUsedBotQueues",
      "tickets.createdAt",
      "tickets.updatedAt",
      "contacts.name as contactName",
      "contacts.number as contactNumber",
      "contacts.email as contactEmail",
      "contacts.urlPicture as contactUrlPicture",
      "contacts.isGroup as contactIsGroup",
      "contacts.channel as contactChannel",
      "contacts.active as contactActive",
      "contacts.disableBot as contactDisableBot",
      "queues.name as queueName",
      "queues.color as queueColor",
      "users.name as userName",
      "users.color as userColor",
      "connections.name as whatsappName",
      "connections.channel as whatsappChannel",
      "connections.status as whatsappStatus",
      "connections.groupAsTicket as whatsappGroupAsTicket",
      "connections.deletedAt as whatsappDeletedAt",
    ]);
}
export type TicketViewRow = Awaited<ReturnType<ReturnType<typeof ticketViewQuery>["execute"]>>[number];

export type TicketFilter = (eb: ExpressionBuilder<DB, "tickets">) => Expression<SqlBool>;

/** One page of tickets, newest activity first, plus the total count under the same filter. */
export async function listTicketPage(
  db: Executor,
  companyId: number,
  opts: { status?: TicketStatus; filter?: TicketFilter; limit: number; offset: number },
): Promise<{ rows: TicketViewRow[]; count: number }> {
  let page = ticketViewQuery(db, companyId);
  let count = forCompany(db, companyId).selectFrom("tickets").select((eb) => eb.fn.countAll<number>().as("n"));
  if (opts.status) {
    page = page.where("tickets.status", "=", opts.status);
    count = count.where("tickets.status", "=", opts.status);
  }
  if (opts.filter) {
    const f = opts.filter;
    page = page.where((eb) => f(eb as unknown as ExpressionBuilder<DB, "tickets">));
    count = count.where((eb) => f(eb));
  }
  const [rows, total] = await Promise.all([
    page.orderBy("tickets.updatedAt", "desc").orderBy("tickets.id", "desc").limit(opts.limit).offset(opts.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** Tags of each ticket. */
export async function ticketTags(db: Executor, companyId: number, ticketIds: readonly number[]) {
  const out = new Map<number, { id: number; name: string; color: string; kanban: number }[]>();
  if (!ticketIds.length) return out;
  const rows = await db
    .selectFrom("ticket_tags")
    .innerJoin("tags", "tags.id", "ticket_tags.tagId")
    .select(["ticket_tags.ticketId", "tags.id", "tags.name", "tags.color", "tags.kanban"])
    .where("ticket_tags.companyId", "=", companyId)
    .where("ticket_tags.ticketId", "in", [...ticketIds])
    .orderBy("tags.name")
    .execute();
  for (const r of rows) {
    const list = out.get(r.ticketId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });
    out.set(r.ticketId, list);
  }
  return out;
}

/**
 * Ids of the company's users who may see the ticket (canSeeTicket for each), for socket frames that must reach
 * exactly them (e.g. updateUnread). One query over the company's users and their queues.
 */
export async function ticketAudience(db: Executor, companyId: number, ticket: VisibilityTicket): Promise<number[]> {
  const users = await db
    .selectFrom("users")
    .select([
      "id",
      "companyId",
      "profile",
      "super",
      "allTicket",
      "allowGroup",
      "allUserChat",
      "allHistoric",
      "userClosePendingTicket",
      "showDashboard",
      "allowRealTime",
      "allowConnections",
    ])
    .where("companyId", "=", companyId)
    .execute();
  const links = await db.selectFrom("user_queues").select(["userId", "queueId"]).where("companyId", "=", companyId).execute();
  const queuesOf = new Map<number, number[]>();
  for (const l of links) queuesOf.set(l.userId, [...(queuesOf.get(l.userId) ?? []), l.queueId]);
  return users
    .filter((u) =>
      canSeeTicket(
        {
          userId: u.id,
          companyId: u.companyId,
          profile: u.profile,
          super: u.super === 1,
          flags: {
            allTicket: u.allTicket,
            allowGroup: u.allowGroup === 1,
            allUserChat: u.allUserChat,
            allHistoric: u.allHistoric,
            userClosePendingTicket: u.userClosePendingTicket,
            showDashboard: u.showDashboard,
            allowRealTime: u.allowRealTime,
            allowConnections: u.allowConnections,
          },
        },
        ticket,
        queuesOf.get(u.id) ?? [],
      ),
    )
    .map((u) => u.id);
}
