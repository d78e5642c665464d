/**
 * GET /api/tickets: the filters of the inbox and its search view, over the live tickets the actor
 * may list (visibility.ts: the personal view, or show-all when asked for and allowed). Every id parameter names rows
 * of the actor's company (a foreign id is ERR_VALIDATION on its field). Pages of 40 ids come from the covering index
 * tickets_list (migration 0020) and the count from the same index, exact up to COUNT_CAP; the views are then read
 * for those ids only.
 */
import type { AppContext } from "../../context";
import { refuseForeignIds } from "../../http/company-ids";
import { noPermission } from "../../http/errors";
import { PAGE_SIZE, pageWindow } from "../../http/paging";
import { can, type Actor } from "../../http/permissions";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "./day-range";
import { readLgpd } from "./lgpd";
import { type ListFilters, listTicketIds } from "./list-queries";
import { companyQueueCount, userQueueIds } from "./queries";
import type { ListTicketsQuery } from "./schema";
import { loadTicketViews, ticketForViewer, type TicketView } from "./serialize";
import { listView } from "./visibility";

export interface TicketPage {
  tickets: TicketView[];
  hasMore: boolean;
  /** Exact up to COUNT_CAP; countCapped says there are more. */
  count: number;
  countCapped: boolean;
}

const UNKNOWN_ID = "Unknown id";

/** Checks the id parameters against the company and reads the days in the company's time zone. */
export async function resolveListFilters(ctx: AppContext, actor: Actor, q: ListTicketsQuery): Promise<ListFilters> {
  // Filtering by user is the admins'; others asking for it are refused rather than silently answered.
  if (q.users?.length && !can(actor, "tickets-manager:filterByUser")) throw noPermission("Only admins filter by user");
  const queueIds = q.queueIds?.filter((v): v is number => v !== null);
  await refuseForeignIds(ctx.db, actor.companyId, [
    ["queueIds", "queues", queueIds, UNKNOWN_ID],
    ["tags", "tags", q.tags, UNKNOWN_ID],
    ["users", "users", q.users, UNKNOWN_ID],
    ["whatsapps", "connections", q.whatsapps, UNKNOWN_ID],
  ]);
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
  const view = listView(actor, await userQueueIds(ctx.db, actor.userId), q.showAll);
  const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
  const { ids, count, countCapped } = await listTicketIds(ctx.db, { companyId: actor.companyId, filters, view, limit, offset, desc: q.sortTickets !== "ASC" });
  return shapePage(ctx, actor, ids.slice(0, size), { hasMore: ids.length > size, count, countCapped });
}

/** Views for a page of ids, shaped for the viewer. */
export async function shapePage(ctx: AppContext, actor: Actor, ids: readonly number[], page: Omit<TicketPage, "tickets">): Promise<TicketPage> {
  const [views, lgpd] = await Promise.all([loadTicketViews(ctx.db, actor.companyId, ids), readLgpd(ctx.db, actor.companyId)]);
  return { tickets: views.map((v) => ticketForViewer(v, actor, lgpd)), ...page };
}
