/**
 * The inbox list's queries: the live tickets every list starts from, the list filters as one condition, and one page of
 * ids with its count (capped), each compiled once.
 */
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { compiledOnce } from "../../db/compiled";
import type { Db } from "../../db/database";
import type { DB, TicketStatus } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { type PersonalView, personalViewBranches, personalViewWhere } from "./visibility";

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

/**
 * The ids of one page of the list. Within a personal view each of its branches (personalViewBranches: the user's own
 * tickets, others' group tickets, unassigned ones) is read through its own index as far as the page reaches, and the
 * few rows merged: as one condition, the page walked the company's tickets of the status in activity order looking
 * for the agent's, ~2,000 index entries for an agent holding 2 % of the open tickets (bench/tickets.ts: ~250 µs
 * against ~70 µs merged). `reach` is offset + limit, an argument of its own: a query compiled once may use numbers
 * only as values.
 */
export function pageIdsQuery(db: Executor, a: TicketPageArgs & { reach: number }) {
  const dir = a.desc ? "desc" : "asc";
  const where = listFilterWhere(a.filters);
  if (!a.view) {
    return liveTickets(db, a.companyId)
      .where(where)
      .select("tickets.id")
      .orderBy("tickets.updatedAt", dir)
      .orderBy("tickets.id", dir)
      .limit(a.limit)
      .offset(a.offset);
  }
  const [first, ...others] = personalViewBranches(a.view).map((branch, i) =>
    db
      .selectFrom(
        liveTickets(db, a.companyId)
          .where((eb) => eb.and([branch(eb), where(eb)]))
          .select(["tickets.id", "tickets.updatedAt"])
          .orderBy("tickets.updatedAt", dir)
          .orderBy("tickets.id", dir)
          .limit(a.reach)
          .as(`branch${i}`),
      )
      .selectAll(),
  );
  const merged = others.reduce((union, branch) => union.unionAll(branch), first!);
  return db.selectFrom(merged.as("page")).select("page.id").orderBy("page.updatedAt", dir).orderBy("page.id", dir).limit(a.limit).offset(a.offset);
}

/**
 * How many tickets the list has, counting no further than `cap`; within a personal view each branch counts through its
 * own index (at most `cap` each: their sum passes `cap` whenever the true count does, and is exact below it).
 */
export function cappedCountQuery(db: Executor, a: Pick<TicketPageArgs, "companyId" | "filters" | "view"> & { cap: number }) {
  const where = listFilterWhere(a.filters);
  const counted = (filter: TicketFilter) => liveTickets(db, a.companyId).where(filter).select("tickets.id").limit(a.cap);
  if (!a.view) return db.selectFrom(counted(where).as("counted")).select((eb) => eb.fn.countAll<number>().as("n"));
  const [first, ...others] = personalViewBranches(a.view).map((branch, i) =>
    db.selectFrom(counted((eb) => eb.and([branch(eb), where(eb)])).as(`branch${i}`)).selectAll(),
  );
  const merged = others.reduce((union, branch) => union.unionAll(branch), first!);
  return db.selectFrom(merged.as("counted")).select((eb) => eb.fn.countAll<number>().as("n"));
}

/**
 * Both list queries are compiled once per shape of their arguments (which filters are set, how many ids each names,
 * the view's flags): building them with Kysely cost more than SQLite takes to answer them.
 */
const pageIds = compiledOnce(pageIdsQuery);
const cappedCount = compiledOnce(cappedCountQuery);

/** One page of ticket ids, by last activity (then id), and the count under the same filters (capped). */
export async function listTicketIds(db: Executor, a: TicketPageArgs, cap = COUNT_CAP): Promise<{ ids: number[]; count: number; countCapped: boolean }> {
  const [rows, [total]] = await Promise.all([
    pageIds(db, { ...a, reach: a.offset + a.limit }),
    cappedCount(db, { companyId: a.companyId, filters: a.filters, view: a.view, cap: cap + 1 }),
  ]);
  const n = Number(total?.n ?? 0);
  return { ids: rows.map((r) => r.id), count: Math.min(n, cap), countCapped: n > cap };
}
