import type { z } from "zod";
import type { AppContext } from "../../context";
import { forCompany } from "../../db/scope";
import { replyWindow } from "../../channels/window";
import { AppError, noPermission, validationError } from "../../http/errors";
import { PAGE_SIZE, pageWindow } from "../../http/paging";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { searchTickets } from "../search/service";
import { createTicket, type CreateTicketInput } from "./create";
import { type LgpdPolicy, readLgpd } from "./lgpd";
import { listTickets, resolveListFilters, shapePage } from "./list";
import {
  addTicketLog,
  closeTickets,
  findTicketCore,
  lastTicketLog,
  liveTicketsInQueues,
  softDeleteTicket,
  type TicketCore,
  ticketLogs,
  userQueueIds,
} from "./queries";
import type { closeAllBody, ListTicketsQuery } from "./schema";
import { loadTicketView, ticketForViewer, type TicketView } from "./serialize";
import { createTransitions } from "./transitions";
import { canSeeTicket } from "./visibility";

export const ticketNotFound = () => new AppError("ERR_NO_TICKET_FOUND", 404, "Ticket not found");

export function createTicketsService(ctx: AppContext) {
  /** The ticket if it is a live ticket of the actor's company (else 404) and the actor may see it (else 403). */
  async function visibleTicket(actor: Actor, by: { id: number } | { uuid: string }): Promise<{ ticket: TicketCore; queueIds: number[] }> {
    const ticket = await findTicketCore(ctx.db, actor.companyId, by);
    if (!ticket) throw ticketNotFound();
    const queueIds = await userQueueIds(ctx.db, actor.userId);
    if (!canSeeTicket(actor, ticket, queueIds)) throw noPermission();
    return { ticket, queueIds };
  }

  /** The ticket as this actor sees it (LGPD masking). */
  async function viewFor(actor: Actor, ticketId: number, known?: LgpdPolicy): Promise<TicketView> {
    const [view, lgpd] = await Promise.all([loadTicketView(ctx.db, actor.companyId, ticketId), known ?? readLgpd(ctx.db, actor.companyId)]);
    if (!view) throw ticketNotFound();
    return ticketForViewer(view, actor, lgpd);
  }

  /**
   * The single-ticket view of the conversation screen: the viewer's view plus the reply window (window24h channels),
   * which needs a query per ticket and so stays out of lists and socket payloads.
   */
  async function detailFor(actor: Actor, ticket: { id: number; channel: string }, lgpd?: LgpdPolicy) {
    const [view, window] = await Promise.all([viewFor(actor, ticket.id, lgpd), replyWindow(ctx, actor.companyId, ticket.id, ticket.channel)]);
    return { ...view, replyWindow: window };
  }

  const transitions = createTransitions(ctx, { visibleTicket, viewFor });

  return {
    visibleTicket,
    viewFor,
    detailFor,
    update: transitions.update,

    /** The inbox list; with a searchParam, the search's ids (newest match first, same filters) paged 40 at a time. */
    async list(actor: Actor, q: ListTicketsQuery) {
      if (!q.searchParam) return listTickets(ctx, actor, q);
      const filters = await resolveListFilters(ctx, actor, q);
      const found = await searchTickets(ctx, actor, { ...filters, searchParam: q.searchParam, searchOnMessages: q.searchOnMessages, showAll: q.showAll });
      const { offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
      return shapePage(ctx, actor, found.ticketIds.slice(offset, offset + size), {
        hasMore: found.ticketIds.length > offset + size,
        count: found.count,
        countCapped: found.capped,
      });
    },

    /** The conversation screen opens a ticket by uuid; someone other than its agent opening it is logged (access). */
    async showByUuid(actor: Actor, uuid: string) {
      const { ticket } = await visibleTicket(actor, { uuid });
      if (ticket.userId !== actor.userId) {
        const last = await lastTicketLog(ctx.db, actor.companyId, ticket.id);
        if (last?.type !== "access" || last.userId !== actor.userId) {
          await addTicketLog(ctx.db, actor.companyId, {
            ticketId: ticket.id,
            type: "access",
            userId: actor.userId,
            queueId: ticket.queueId,
            createdAt: ctx.clock.now().toISOString(),
          });
        }
      }
      return detailFor(actor, ticket);
    },

    /** POST /api/tickets (create.ts). */
    async create(actor: Actor, input: CreateTicketInput) {
      return viewFor(actor, await createTicket(ctx, actor, input));
    },

    /**
     * DELETE /api/tickets/:id (ticket-options:deleteTicket). The ticket is kept with its messages, logs and notes
     * (deletedAt, closed): it leaves every list and route, and the contact's next message opens a new ticket.
     */
    async remove(actor: Actor, ticketId: number) {
      assertCan(actor, "ticket-options:deleteTicket");
      const { ticket } = await visibleTicket(actor, { id: ticketId });
      const nowIso = ctx.clock.now().toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await softDeleteTicket(trx, actor.companyId, ticket.id, nowIso))) throw ticketNotFound();
        await recordAudit(trx, ctx.clock.now(), actor, {
          companyId: actor.companyId,
          entity: "ticket",
          entityId: ticket.id,
          action: "delete",
          before: { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId, contactId: ticket.contactId },
        });
      });
      ctx.bus.emit("ticket.deleted", {
        companyId: actor.companyId,
        ticketId: ticket.id,
        previous: { userId: ticket.userId, queueId: ticket.queueId, isGroup: ticket.isGroup },
      });
      return { message: "ticket deleted", ticketId: ticket.id };
    },

    /** POST /api/tickets/closeAll (admins): every live ticket of the status in the chosen queues, in one transaction. */
    async closeAll(actor: Actor, input: z.infer<typeof closeAllBody>) {
      assertCan(actor, "tickets-manager:closeAll");
      const chosen = input.selectedQueueIds ?? [];
      const queueIds = chosen.filter((v): v is number => v !== null);
      if (queueIds.length && (await forCompany(ctx.db, actor.companyId).missingIds("queues", queueIds)).length) {
        throw validationError({ selectedQueueIds: "Unknown queue" });
      }
      const nowIso = ctx.clock.now().toISOString();
      const closed = await ctx.db.transaction().execute(async (trx) => {
        const rows = await liveTicketsInQueues(trx, actor.companyId, input.status, chosen);
        // Slices keep each statement under SQLite's bound-parameter limit.
        for (let i = 0; i < rows.length; i += 500) {
          const slice = rows.slice(i, i + 500);
          await closeTickets(
            trx,
            actor.companyId,
            slice.map((r) => r.id),
            nowIso,
          );
          for (const r of slice)
            await addTicketLog(trx, actor.companyId, { ticketId: r.id, type: "closed", userId: actor.userId, queueId: r.queueId, createdAt: nowIso });
        }
        return rows.map((r) => r.id);
      });
      for (const ticketId of closed) ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId });
      return { count: closed.length };
    },

    /** GET /api/tickets-log/:ticketId: the timeline, oldest first. */
    async logs(actor: Actor, ticketId: number) {
      const { ticket } = await visibleTicket(actor, { id: ticketId });
      const rows = await ticketLogs(ctx.db, actor.companyId, ticket.id);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        createdAt: r.createdAt,
        userId: r.userId,
        user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
        queueId: r.queueId,
        queue: r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName, color: r.queueColor } : null,
      }));
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
