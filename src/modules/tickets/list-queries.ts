/**
 * The inbox list's queries: the live tickets every list starts from, the list filters as one condition, and one page of
 * ids with its count (capped), each compiled once.
 */
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { compiledOnce } from "../../db/compiled";
import type { Db } from "../../db/database";
import type { DB, TicketStatus } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { type PersonalView, personalViewWhere } from "./visibility";

type Executor = Db;

export type TicketFilter = (eb: ExpressionBuilder<DB, "tickets">) => Expression<SqlBool>;

/** Live (not deleted) tickets of the company: every list and count starts here, on the tickets_list index. */
export function liveTickets(db: Executor, companyId: number) {
  return forCompany(db, companyId).selectFrom("tickets").where("tickets.deletedAt", "is", null);
}

/** The list filters once their ids are known to be the company's and their days turned into instants. */
export type ListFilters = {
  status?: TicketStatus;
  statusFilter?: TicketStatus[];
  /** Tickets in these queues; tickets without a queue always pass (whether one sees them is the allTicket rule). */
  queueIds?: number[];
  tags?: number[];
  /** Tickets in no kanban lane (the kanban board's open column). */
  withoutLane?: boolean;
  users?: number[];
  whatsapps?: number[];
  withUnreadMessages?: boolean;
  createdIn?: { from: string; to: string };
  updatedIn?: { from: string; to: string };
};

/** The filters as one condition over `tickets`; it always keeps deleted tickets out, so a search using it does too. */
export function listFilterWhere(f: ListFilters): TicketFilter {
  const parts: TicketFilter[] = [(eb) => eb("tickets.deletedAt", "is", null)];
  if (f.status !== undefined) parts.push((eb) => eb("tickets.status", "=", f.status!));
  if (f.statusFilter?.length) parts.push((eb) => eb("tickets.status", "in", f.statusFilter!));
  if (f.queueIds?.length) parts.push((eb) => eb.or([eb("tickets.queueId", "in", f.queueIds!), eb("tickets.queueId", "is", null)]));
  if (f.users?.length) parts.push((eb) => eb("tickets.userId", "in", f.users!));
  if (f.whatsapps?.length) parts.push((eb) => eb("tickets.whatsappId", "in", f.whatsapps!));
  if (f.withUnreadMessages) parts.push((eb) => eb("tickets.unreadMessages", ">", 0));
  if (f.createdIn) parts.push((eb) => eb.and([eb("tickets.createdAt", ">=", f.createdIn!.from), eb("tickets.createdAt", "<", f.createdIn!.to)]));
  if (f.updatedIn) parts.push((eb) => eb.and([eb("tickets.updatedAt", ">=", f.updatedIn!.from), eb("tickets.updatedAt", "<", f.updatedIn!.to)]));
  if (f.withoutLane) {
    parts.push((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("ticket_tags")
            .innerJoin("tags", "tags.id", "ticket_tags.tagId")
            .select("ticket_tags.tagId")
            .whereRef("ticket_tags.ticketId", "=", "tickets.id")
            .where("tags.kanban", "=", 1),
        ),
      ),
    );
  }
  if (f.tags?.length) {
    parts.push((eb) =>
      eb.exists(
        eb.selectFrom("ticket_tags").select("ticket_tags.tagId").whereRef("ticket_tags.ticketId", "=", "tickets.id").where("ticket_tags.tagId", "in", f.tags!),
      ),
    );
  }
  return (eb) => eb.and(parts.map((p) => p(eb)));
}

/** The filters within a view (undefined: show-all, nothing filtered out by visibility). */
export function viewFilterWhere(filters: ListFilters, view: PersonalView | undefined): TicketFilter {
  const where = listFilterWhere(filters);
  if (!view) return where;
  const visible = personalViewWhere(view);
  return (eb) => eb.and([visible(eb), where(eb)]);
}

/**
 * Counts stop here: a list says "1,000 or more" rather than walk every index entry of a busy status on every page
 * (the same bound as search results).
 */
export const COUNT_CAP = 1000;

/** What a page of the list depends on; `desc` orders by last activity, newest first. */
export type TicketPageArgs = { companyId: number; filters: ListFilters; view: PersonalView | undefined; limit: number; offset: number; desc: boolean };

/** The ids of one page of the list. */
export function pageIdsQuery(db: Executor, a: TicketPageArgs) {
  const dir = a.desc ? "desc" : "asc";
  return liveTickets(db, a.companyId)
    .where(viewFilterWhere(a.filters, a.view))
    .select("tickets.id")
    .orderBy("tickets.updatedAt", dir)
    .orderBy("tickets.id", dir)
    .limit(a.limit)
    .offset(a.offset);
}

/** How many tickets the list has, counting no further than `cap`. */
export function cappedCountQuery(db: Executor, a: Pick<TicketPageArgs, "companyId" | "filters" | "view"> & { cap: number }) {
  return db
    .selectFrom(liveTickets(db, a.companyId).where(viewFilterWhere(a.filters, a.view)).select("tickets.id").limit(a.cap).as("counted"))
    .select((eb) => eb.fn.countAll<number>().as("n"));
}

/**
 * Both list queries are compiled once per shape of their arguments (which filters are set, how many ids each names,
 * the view's flags): building them with Kysely cost more than SQLite takes to answer them.
 */
const pageIds = compiledOnce(pageIdsQuery);
const cappedCount = compiledOnce(cappedCountQuery);

/** One page of ticket ids, by last activity (then id), and the count under the same filters (capped). */
export async function listTicketIds(db: Executor, a: TicketPageArgs, cap = COUNT_CAP): Promise<{ ids: number[]; count: number; countCapped: boolean }> {
  const [rows, [total]] = await Promise.all([pageIds(db, a), cappedCount(db, { companyId: a.companyId, filters: a.filters, view: a.view, cap: cap + 1 })]);
  const n = Number(total?.n ?? 0);
  return { ids: rows.map((r) => r.id), count: Math.min(n, cap), countCapped: n > cap };
}
