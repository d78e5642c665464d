import type { z } from "zod";
import type { AppContext } from "../../context";
import { forCompany } from "../../db/scope";
import { AppError, noPermission, notFound, validationError } from "../../http/errors";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { can, type Actor } from "../../http/permissions";
import { findTicketCore, listTicketPage, type TicketCore, userQueueIds } from "./queries";
import type { listTicketsQuery, updateTicketBody } from "./schema";
import { loadTicketView, serializeTickets } from "./serialize";
import { canSeeTicket, ticketListWhere } from "./visibility";

const ticketNotFound = () => new AppError("ERR_NO_TICKET_FOUND", 404, "Ticket not found");

export function createTicketsService(ctx: AppContext) {
  /** The ticket if it is the actor's company's (else 404) and the actor may see it (else 403). */
  async function visibleTicket(actor: Actor, by: { id: number } | { uuid: string }): Promise<{ ticket: TicketCore; queueIds: number[] }> {
    const ticket = await findTicketCore(ctx.db, actor.companyId, by);
    if (!ticket) throw ticketNotFound();
    const queueIds = await userQueueIds(ctx.db, actor.userId);
    if (!canSeeTicket(actor, ticket, queueIds)) throw noPermission();
    return { ticket, queueIds };
  }

  return {
    visibleTicket,

    async list(actor: Actor, q: z.infer<typeof listTicketsQuery>) {
      const queueIds = await userQueueIds(ctx.db, actor.userId);
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
      const { rows, count } = await listTicketPage(ctx.db, actor.companyId, {
        status: q.status,
        filter: ticketListWhere(actor, queueIds, q.showAll),
        limit,
        offset,
      });
      const page = pageOf(rows, size);
      return { tickets: await serializeTickets(ctx.db, actor.companyId, page.rows), hasMore: page.hasMore, count };
    },

    async showByUuid(actor: Actor, uuid: string) {
      const { ticket } = await visibleTicket(actor, { uuid });
      return (await loadTicketView(ctx.db, actor.companyId, ticket.id))!;
    },

    /** Accept: pending -> open (group for group tickets), userId = the actor (an admin may name another user of the company). */
    async update(actor: Actor, ticketId: number, input: z.infer<typeof updateTicketBody>) {
      const { ticket } = await visibleTicket(actor, { id: ticketId });
      if (input.status !== "open" && input.status !== "group") {
        throw validationError({ status: "Only accepting a ticket (status open) is available in this version" });
      }
      const scope = forCompany(ctx.db, actor.companyId);
      const userId = input.userId ?? actor.userId;
      if (userId !== actor.userId) {
        if (!can(actor, "tickets-manager:filterByUser")) throw noPermission();
        if ((await scope.missingIds("users", [userId])).length) throw validationError({ userId: "Unknown user" });
      }
      if (input.queueId && (await scope.missingIds("queues", [input.queueId])).length) throw validationError({ queueId: "Unknown queue" });
      const status = ticket.isGroup === 1 ? "group" : "open";
      if (ticket.status === status && ticket.userId === userId && (!input.queueId || input.queueId === ticket.queueId)) {
        return (await loadTicketView(ctx.db, actor.companyId, ticket.id))!;
      }
      if (ticket.status !== "pending") throw validationError({ status: "Only a pending ticket can be accepted" });
      const nowIso = ctx.clock.now().toISOString();
      const changed = await ctx.db.transaction().execute(async (trx) => {
        const s = forCompany(trx, actor.companyId);
        const res = await s
          .updateTable("tickets")
          .set({ status, userId, ...(input.queueId ? { queueId: input.queueId } : {}), updatedAt: nowIso })
          .where("id", "=", ticket.id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await s.insertInto("ticket_logs", { ticketId: ticket.id, type: "open", userId, queueId: input.queueId ?? ticket.queueId, createdAt: nowIso }).execute();
        return true;
      });
      if (!changed) throw validationError({ status: "The ticket changed meanwhile; reload it" });
      ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId: ticket.id });
      const view = await loadTicketView(ctx.db, actor.companyId, ticket.id);
      if (!view) throw notFound();
      return view;
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
