/**
 * The pending panel (/moments) and the dashboard's moments: the company's live tickets with their user, read through
 * the inbox list's own queries (visibility.ts for who sees what, serialize.ts and lgpd.ts for the shape and the
 * masking), so the panel never shows a ticket the inbox would hide nor a number the inbox would mask.
 */
import type { AppContext } from "../../context";
import type { TicketStatus } from "../../db/schema";
import { type Actor, assertCan } from "../../http/permissions";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "../tickets/day-range";
import { resolveListFilters, shapePage } from "../tickets/list";
import { type ListFilters, listTicketIds } from "../tickets/list-queries";
import { userQueueIds } from "../tickets/queries";
import type { TicketView } from "../tickets/serialize";
import { listView } from "../tickets/visibility";
import { MOMENTS_CAP, MOMENTS_WINDOW_DAYS } from "./limits";
import { onlineUserIds } from "./queries";
import type { DashboardMomentsQuery, Moment } from "./schema";

const PANEL_STATUSES: TicketStatus[] = ["open", "pending"];
const DAY_MS = 86_400_000;
/** The open end of a window with no dateEnd (ISO strings compare in time order). */
const FAR_FUTURE = "9999-12-31T23:59:59.999Z";

export interface MomentsList {
  moments: Moment[];
  capped: boolean;
}

/** The panel's shape of a ticket view already masked for its viewer. */
export function toMoment(view: TicketView, online: ReadonlySet<number>): Moment {
  const { contact, whatsapp, queue, user } = view;
  return {
    id: view.id,
    uuid: view.uuid,
    status: view.status,
    userId: view.userId,
    user: user ? { id: user.id, name: user.name, online: online.has(user.id) } : null,
    contact: { id: contact.id, name: contact.name, number: contact.number, urlPicture: contact.urlPicture, isGroup: contact.isGroup },
    lastMessage: view.lastMessage,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name, channel: whatsapp.channel } : null,
    queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
    unreadMessages: view.unreadMessages,
    updatedAt: view.updatedAt,
  };
}

export function createMomentsService(ctx: AppContext) {
  async function read(actor: Actor, filters: ListFilters, showAll: boolean): Promise<MomentsList> {
    const view = listView(actor, await userQueueIds(ctx.db, actor.userId), showAll);
    const args = { companyId: actor.companyId, filters, view, limit: MOMENTS_CAP, offset: 0, desc: true };
    const { ids, countCapped } = await listTicketIds(ctx.db, args, MOMENTS_CAP);
    const { tickets } = await shapePage(ctx, actor, ids, { hasMore: countCapped, count: ids.length, countCapped });
    const online = await onlineUserIds(
      ctx.db,
      actor.companyId,
      tickets.flatMap((t) => (t.userId === null ? [] : [t.userId])),
    );
    return { moments: tickets.map((t) => toMoment(t, online)), capped: countCapped };
  }

  return {
    /** GET /api/usersMoments: every open and pending ticket the actor may see. */
    async panel(actor: Actor): Promise<MomentsList> {
      assertCan(actor, "realtime:view");
      return read(actor, { statusFilter: PANEL_STATUSES }, true);
    },

    /** GET /api/dashboard/moments: the same, filtered, within the last MOMENTS_WINDOW_DAYS days of activity. */
    async dashboard(actor: Actor, q: DashboardMomentsQuery): Promise<MomentsList> {
      assertCan(actor, "realtime:view");
      // The list's own resolver checks the ids against the company; filtering by another user stays the admins'
      // (tickets-manager:filterByUser), as in the inbox.
      const filters = await resolveListFilters(ctx, actor, {
        searchParam: undefined,
        pageNumber: 1,
        searchOnMessages: false,
        withUnreadMessages: false,
        sortTickets: "DESC",
        showAll: q.showAll,
        queueIds: q.queueIds,
        users: q.userId === undefined ? undefined : [q.userId],
      });
      const updatedIn = await activityWindow(actor.companyId, q);
      if (!updatedIn) return { moments: [], capped: false };
      const status = q.status ? { status: q.status } : { statusFilter: PANEL_STATUSES };
      return read(actor, { ...filters, ...status, updatedIn }, q.showAll);
    },
  };

  /**
   * The days asked for (calendar days in the company's time zone) as instants of last activity, never older than the
   * window; undefined when nothing of them falls inside it.
   */
  async function activityWindow(companyId: number, q: Pick<DashboardMomentsQuery, "dateStart" | "dateEnd">) {
    const timeZone = q.dateStart || q.dateEnd ? await getCompanySetting(ctx.db, companyId, "timezone") : "UTC";
    const windowStart = ctx.clock.now().getTime() - MOMENTS_WINDOW_DAYS * DAY_MS;
    const from = new Date(Math.max(windowStart, q.dateStart ? Date.parse(dayRange(q.dateStart, timeZone).from) : windowStart)).toISOString();
    const to = q.dateEnd ? dayRange(q.dateEnd, timeZone).to : FAR_FUTURE;
    return from < to ? { from, to } : undefined;
  }
}
