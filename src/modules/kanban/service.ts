/**
 * The kanban board: kanban lanes (tags with kanban 1, in their lane order) hold the open and pending tickets that carry
 * them; tickets in no lane make the board's open column. Every read and move needs the plan's useKanban and shows only
 * tickets the inbox would show the user (canSeeTicket as a list condition), so the board never widens what someone sees.
 */
import type { AppContext } from "../../context";
import { notFound, validationError } from "../../http/errors";
import { PAGE_SIZE, pageWindow } from "../../http/paging";
import { type Actor, assertPlan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { getCompanySetting } from "../settings/queries";
import { dayRange } from "../tickets/day-range";
import { shapePage, type TicketPage } from "../tickets/list";
import { type ListFilters, listTicketIds } from "../tickets/list-queries";
import { addTicketTag, removeOtherLanes, tagKind, userQueueIds } from "../tickets/queries";
import type { TicketsService } from "../tickets/service";
import { listView } from "../tickets/visibility";
import { laneOf, leaveLanes } from "./queries";
import type { LaneTicketsQuery } from "./schema";

/** Bounds of an open-ended date filter (ISO instants compare as text). */
const EARLIEST = "0000-01-01T00:00:00.000Z";
const LATEST = "9999-12-31T23:59:59.999Z";

export function createKanbanService(ctx: AppContext, tickets: TicketsService) {
  /** A kanban lane of the actor's company, or undefined (a contact tag is no lane). */
  const findLane = async (companyId: number, laneId: number) => {
    const tag = await tagKind(ctx.db, companyId, laneId);
    return tag?.kanban === 1 ? tag : undefined;
  };

  /** The days are the company's: a ticket counts when its last activity falls between dateFrom 00:00 and the end of dateTo. */
  async function activeIn(companyId: number, q: LaneTicketsQuery): Promise<ListFilters["updatedIn"]> {
    if (!q.dateFrom && !q.dateTo) return undefined;
    const timeZone = await getCompanySetting(ctx.db, companyId, "timezone");
    return { from: q.dateFrom ? dayRange(q.dateFrom, timeZone).from : EARLIEST, to: q.dateTo ? dayRange(q.dateTo, timeZone).to : LATEST };
  }

  return {
    /** One page (40, by last activity, newest first) of a lane's tickets; `laneId` null: tickets in no lane. */
    async laneTickets(actor: Actor, laneId: number | null, q: LaneTicketsQuery): Promise<TicketPage> {
      assertPlan(actor, "useKanban");
      if (laneId !== null && !(await findLane(actor.companyId, laneId))) throw notFound("Lane not found");
      const filters: ListFilters = {
        statusFilter: ["open", "pending"],
        ...(laneId === null ? { withoutLane: true } : { tags: [laneId] }),
        updatedIn: await activeIn(actor.companyId, q),
      };
      const view = listView(actor, await userQueueIds(ctx.db, actor.userId), true);
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
      const { ids, count, countCapped } = await listTicketIds(ctx.db, { companyId: actor.companyId, filters, view, limit, offset, desc: true });
      return shapePage(ctx, actor, ids.slice(0, size), { hasMore: ids.length > size, count, countCapped });
    },

    /**
     * PUT /api/tickets/:id/lane: the ticket leaves its lane for `laneId` (null: no lane), stamped now as its time in
     * the lane, in one transaction with the audit entry; every user who may see the ticket gets its ticket frame.
     */
    async move(actor: Actor, ticketId: number, laneId: number | null) {
      assertPlan(actor, "useKanban");
      const { ticket } = await tickets.visibleTicket(actor, { id: ticketId });
      if (laneId !== null && !(await findLane(actor.companyId, laneId))) throw validationError({ laneId: "Unknown lane" });
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const before = await laneOf(trx, actor.companyId, ticket.id);
        if (before === laneId) return false;
        if (laneId === null) await leaveLanes(trx, actor.companyId, ticket.id);
        else {
          await removeOtherLanes(trx, actor.companyId, ticket.id, laneId);
          await addTicketTag(trx, actor.companyId, ticket.id, laneId, ctx.clock.now().toISOString());
        }
        await recordAudit(trx, ctx.clock.now(), actor, {
          companyId: actor.companyId,
          entity: "ticket",
          entityId: ticket.id,
          action: "update",
          before: { laneId: before },
          after: { laneId },
        });
        return true;
      });
      if (moved) ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId: ticket.id });
      return tickets.viewFor(actor, ticket.id);
    },
  };
}
