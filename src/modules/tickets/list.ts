/**
 * GET /api/tickets (spec 1 §2.5, §7): the filters of the inbox and its search view, over the live tickets the actor
 * may list (visibility.ts: the personal view, or show-all when asked for and allowed). Every id parameter names rows
 * of the actor's company (a foreign id is ERR_VALIDATION on its field). Pages of 40 ids come from the covering index
 * tickets_list (migration 0020) and the count from the same index, exact up to COUNT_CAP; the views are then read
 * for those ids only.
 */
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { AppContext } from "../../context";
import type { DB, TicketStatus } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { noPermission, validationError } from "../../http/errors";
import { PAGE_SIZE, pageWindow } from "../../http/paging";
import { can, type Actor } from "../../http/permissions";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "./day-range";
import { readLgpd } from "./lgpd";
import { companyQueueCount, listTicketIds, type TicketFilter, userQueueIds } from "./queries";
import type { ListTicketsQuery } from "./schema";
import { loadTicketViews, ticketForViewer, type TicketView } from "./serialize";
import { ticketListWhere } from "./visibility";

export interface TicketPage {
  tickets: TicketView[];
  hasMore: boolean;
  /** Exact up to COUNT_CAP; countCapped says there are more. */
  count: number;
  countCapped: boolean;
}

/** The list filters once their ids are known to be the company's and their days turned into instants. */
export interface ListFilters {
  status?: TicketStatus;
  statusFilter?: TicketStatus[];
  /** Tickets in these queues; tickets without a queue always pass (whether one sees them is the allTicket rule). */
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsapps?: number[];
  withUnreadMessages?: boolean;
  createdIn?: { from: string; to: string };
  updatedIn?: { from: string; to: string };
}

/** The filters as one condition over `tickets`; it always keeps deleted tickets out, so a search using it does too. */
export function listFilterWhere(f: ListFilters): TicketFilter {
  const parts: ((eb: ExpressionBuilder<DB, "tickets">) => Expression<SqlBool>)[] = [(eb) => eb("tickets.deletedAt", "is", null)];
  if (f.status) parts.push((eb) => eb("tickets.status", "=", f.status!));
  if (f.statusFilter?.length) parts.push((eb) => eb("tickets.status", "in", f.statusFilter!));
  if (f.queueIds?.length) parts.push((eb) => eb.or([eb("tickets.queueId", "in", f.queueIds!), eb("tickets.queueId", "is", null)]));
  if (f.users?.length) parts.push((eb) => eb("tickets.userId", "in", f.users!));
  if (f.whatsapps?.length) parts.push((eb) => eb("tickets.whatsappId", "in", f.whatsapps!));
  if (f.withUnreadMessages) parts.push((eb) => eb("tickets.unreadMessages", ">", 0));
  if (f.createdIn) parts.push((eb) => eb.and([eb("tickets.createdAt", ">=", f.createdIn!.from), eb("tickets.createdAt", "<", f.createdIn!.to)]));
  if (f.updatedIn) parts.push((eb) => eb.and([eb("tickets.updatedAt", ">=", f.updatedIn!.from), eb("tickets.updatedAt", "<", f.updatedIn!.to)]));
  if (f.tags?.length) {
    parts.push((eb) =>
      eb.exists(
        eb
          .selectFrom("ticket_tags")
          .select("ticket_tags.tagId")
          .whereRef("ticket_tags.ticketId", "=", "tickets.id")
          .where("ticket_tags.tagId", "in", f.tags!),
      ),
    );
  }
  return (eb) => eb.and(parts.map((p) => p(eb)));
}

/** Checks the id parameters against the company and reads the days in the company's time zone. */
export async function resolveListFilters(ctx: AppContext, actor: Actor, q: ListTicketsQuery): Promise<ListFilters> {
  const scope = forCompany(ctx.db, actor.companyId);
  // Filtering by user is the admins' (spec 1 §6); others asking for it are refused rather than silently answered.
  if (q.users?.length && !can(actor, "tickets-manager:filterByUser")) throw noPermission("Only admins filter by user");
  const queueIds = q.queueIds?.filter((v): v is number => v !== null);
  const checks: [string, "queues" | "tags" | "users" | "connections", number[] | undefined][] = [
    ["queueIds", "queues", queueIds],
    ["tags", "tags", q.tags],
    ["users", "users", q.users],
    ["whatsapps", "connections", q.whatsapps],
  ];
  const fields: Record<string, string> = {};
  for (const [field, table, ids] of checks) {
    if (ids?.length && (await scope.missingIds(table, ids)).length) fields[field] = "Unknown id";
  }
  if (Object.keys(fields).length) throw validationError(fields);
  const timeZone = q.date || q.updatedAt ? await getCompanySetting(ctx.db, actor.companyId, "timezone") : "UTC";
  return {
    status: q.status,
    statusFilter: q.statusFilter,
    queueIds: await queueFilter(ctx, actor.companyId, q.queueIds, queueIds),
    tags: q.tags,
    users: q.users,
    whatsapps: q.whatsapps,
    withUnreadMessages: q.withUnreadMessages,
    createdIn: q.date ? dayRange(q.date, timeZone) : undefined,
    updatedIn: q.updatedAt ? dayRange(q.updatedAt, timeZone) : undefined,
  };
}

/**
 * The queue filter as the list applies it. Only "no queue" asked for: every queue id is absent, so only tickets without
 * a queue pass. All of the company's queues (what the web app sends by default): no filter, as every ticket is in one
 * of them or in none, and tickets without a queue always pass; the index then answers without a per-row test.
 */
async function queueFilter(ctx: AppContext, companyId: number, asked: ListTicketsQuery["queueIds"], ids: number[] | undefined): Promise<number[] | undefined> {
  if (!asked?.length) return undefined;
  if (!ids?.length) return [-1];
  return new Set(ids).size >= (await companyQueueCount(ctx.db, companyId)) ? undefined : ids;
}

/** One page of the list for the actor (visibility, filters, 40 a page, LGPD). */
export async function listTickets(ctx: AppContext, actor: Actor, q: ListTicketsQuery): Promise<TicketPage> {
  const filters = await resolveListFilters(ctx, actor, q);
  const queueIds = await userQueueIds(ctx.db, actor.userId);
  const visibility = ticketListWhere(actor, queueIds, q.showAll);
  const where = listFilterWhere(filters);
  const filter: TicketFilter = visibility ? (eb) => eb.and([visibility(eb), where(eb)]) : where;
  const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
  const { ids, count, countCapped } = await listTicketIds(ctx.db, actor.companyId, { filter, limit, offset, direction: q.sortTickets === "ASC" ? "asc" : "desc" });
  return shapePage(ctx, actor, ids.slice(0, size), { hasMore: ids.length > size, count, countCapped });
}

/** Views for a page of ids, shaped for the viewer. */
export async function shapePage(ctx: AppContext, actor: Actor, ids: readonly number[], page: Omit<TicketPage, "tickets">): Promise<TicketPage> {
  const [views, lgpd] = await Promise.all([loadTicketViews(ctx.db, actor.companyId, ids), readLgpd(ctx.db, actor.companyId)]);
  return { tickets: views.map((v) => ticketForViewer(v, actor, lgpd)), ...page };
}
