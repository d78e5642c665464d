/**
 * Ticket tags: PUT /api/ticket-tags/:ticketId/:tagId adds a tag to the ticket; a kanban tag is the
 * ticket's lane, so it replaces the lane the ticket was in (at most one kanban tag per ticket) and needs the plan's
 * useKanban. DELETE /api/ticket-tags/:ticketId takes every tag off the ticket, as the product we replace does (its
 * only caller, the lane selector, clears the lane with it).
 */
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { type Actor, assertPlan } from "../../http/permissions";
import { addTicketTag, clearTicketTags, removeOtherLanes, tagKind } from "./queries";
import type { TicketsService } from "./service";

export function createTicketTagsService(ctx: AppContext, tickets: TicketsService) {
  return {
    async add(actor: Actor, ticketId: number, tagId: number) {
      const { ticket } = await tickets.visibleTicket(actor, { id: ticketId });
      const tag = await tagKind(ctx.db, actor.companyId, tagId);
      if (!tag) throw notFound("Tag not found");
      if (tag.kanban === 1) assertPlan(actor, "useKanban");
      await ctx.db.transaction().execute(async (trx) => {
        if (tag.kanban === 1) await removeOtherLanes(trx, actor.companyId, ticket.id, tag.id);
        await addTicketTag(trx, actor.companyId, ticket.id, tag.id, ctx.clock.now().toISOString());
      });
      ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId: ticket.id });
      return tickets.viewFor(actor, ticket.id);
    },

    async clear(actor: Actor, ticketId: number) {
      const { ticket } = await tickets.visibleTicket(actor, { id: ticketId });
      await clearTicketTags(ctx.db, actor.companyId, ticket.id);
      ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId: ticket.id });
      return tickets.viewFor(actor, ticket.id);
    },
  };
}
