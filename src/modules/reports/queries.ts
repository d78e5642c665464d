/**
 * The report's SQL: the tickets created in a period under the report's filters, read on the tickets_company_created
 * index (companyId, createdAt; 0052) newest first, one query per page with the names around each ticket and its
 * latest rating (the ticket view's latestRating; the page's tags are its tagsOf). Compiled, to run on the read pool.
 * Times are ISO-8601 UTC text, compared as text.
 */
import { type CompiledQuery, sql } from "kysely";
import type { Db } from "../../db/database";
import type { TicketStatus } from "../../db/schema";
import { forCompany } from "../../db/scope";
import type { Period } from "../dashboard/queries";
import type { TicketFilter } from "../tickets/list-queries";
import { latestRating } from "../tickets/queries";

/** The filter once its ids are known to be the company's and its days turned into instants. */
export interface ReportWhere {
  companyId: number;
  period: Period;
  queueIds?: readonly number[];
  userId?: number;
  tagIds?: readonly number[];
  status?: TicketStatus;
  whatsappId?: number;
  channel?: string;
  /** The caller's visibility (tickets/visibility.ts); undefined for those who may see every ticket. */
  visible?: TicketFilter;
}

/** Where a page ends, in the report's order (createdAt, then id, both descending). */
export interface ReportCursor {
  createdAt: string;
  id: number;
}

/**
 * The tickets the report counts: created in the period, not deleted, not emptied by a merge, not groups (the
 * dashboard's "tickets" figure, so the report is its detail), under the filters and the caller's visibility.
 */
function reportTickets(db: Db, w: ReportWhere) {
  let q = forCompany(db, w.companyId)
    .selectFrom("tickets")
    .where("tickets.createdAt", ">=", w.period.from)
    .where("tickets.createdAt", "<", w.period.to)
    .where("tickets.deletedAt", "is", null)
    .where("tickets.mergedIntoId", "is", null)
    .where("tickets.isGroup", "=", 0);
  if (w.queueIds?.length) q = q.where("tickets.queueId", "in", [...w.queueIds]);
  if (w.userId !== undefined) q = q.where("tickets.userId", "=", w.userId);
  if (w.status !== undefined) q = q.where("tickets.status", "=", w.status);
  if (w.whatsappId !== undefined) q = q.where("tickets.whatsappId", "=", w.whatsappId);
  if (w.channel !== undefined) q = q.where("tickets.channel", "=", w.channel);
  if (w.visible) q = q.where(w.visible);
  if (w.tagIds?.length) {
    const tagIds = [...w.tagIds];
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("ticket_tags").select("ticket_tags.tagId").whereRef("ticket_tags.ticketId", "=", "tickets.id").where("ticket_tags.tagId", "in", tagIds),
      ),
    );
  }
  return q;
}

/**
 * Rows of the report, newest first: after `cursor` (the export walks the whole report this way) or from `offset`
 * (the page), `limit` of them.
 */
export function reportRows(db: Db, w: ReportWhere, at: { cursor?: ReportCursor; offset?: number; limit: number }) {
  let q = reportTickets(db, w)
    .innerJoin("contacts", "contacts.id", "tickets.contactId")
    .leftJoin("connections", "connections.id", "tickets.whatsappId")
    .leftJoin("queues", "queues.id", "tickets.queueId")
    .leftJoin("users", "users.id", "tickets.userId")
    .select((eb) => [
      "tickets.id",
      "tickets.uuid",
      "tickets.contactId",
      "contacts.name as contactName",
      "contacts.number as contactNumber",
      "connections.name as connection",
      "tickets.channel",
      "queues.name as queue",
      "users.name as user",
      "tickets.status",
      "tickets.createdAt",
      "tickets.firstQueuedAt",
      "tickets.firstAcceptedAt",
      "tickets.lastClosedAt",
      latestRating(eb).as("rating"),
    ]);
  const { cursor } = at;
  if (cursor) {
    // The plain bound on createdAt lets the index seek to the cursor; the tuple then breaks ties within its instant.
    q = q
      .where("tickets.createdAt", "<=", cursor.createdAt)
      .where((eb) => eb(eb.refTuple("tickets.createdAt", "tickets.id"), "<", eb.tuple(cursor.createdAt, cursor.id)));
  }
  q = q.orderBy("tickets.createdAt", "desc").orderBy("tickets.id", "desc").limit(at.limit);
  if (at.offset) q = q.offset(at.offset);
  return q.compile();
}
export type ReportRow = ReturnType<typeof reportRows> extends CompiledQuery<infer R> ? R : never;

/** How many tickets the report holds. */
export function reportCount(db: Db, w: ReportWhere) {
  return reportTickets(db, w).select(sql<number>`count(*)`.as("n")).compile();
}
