import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { closeAllBody, createTicketBody, listTicketsQuery, updateTicketBody, uuidParam } from "./schema";
import { createTicketsService } from "./service";
import { createTicketTagsService } from "./tags";

/** The inbox's ticket routes (spec 1 §7 Tickets); every ticket-scoped one goes through canSeeTicket. */
export const ticketsRoutes = (ctx: AppContext) => {
  const tickets = createTicketsService(ctx);
  const tags = createTicketTagsService(ctx, tickets);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/tickets", ({ actor, query }) => tickets.list(actor, parse(listTicketsQuery, query)), { auth: true })
    .get("/tickets/u/:uuid", ({ actor, params }) => tickets.showByUuid(actor, parse(uuidParam, params.uuid)), { auth: true })
    .post("/tickets", ({ actor, body }) => tickets.create(actor, parse(createTicketBody, body)), { auth: true })
    .post("/tickets/closeAll", ({ actor, body }) => tickets.closeAll(actor, parse(closeAllBody, body)), { auth: true })
    .put("/tickets/:id", ({ actor, params, body }) => tickets.update(actor, parseId(params.id), parse(updateTicketBody, body)), { auth: true })
    .delete("/tickets/:id", ({ actor, params }) => tickets.remove(actor, parseId(params.id)), { auth: true })
    .get("/tickets-log/:ticketId", ({ actor, params }) => tickets.logs(actor, parseId(params.ticketId, "ticketId")), { auth: true })
    .put("/ticket-tags/:ticketId/:tagId", ({ actor, params }) => tags.add(actor, parseId(params.ticketId, "ticketId"), parseId(params.tagId, "tagId")), {
      auth: true,
    })
    .delete("/ticket-tags/:ticketId", ({ actor, params }) => tags.clear(actor, parseId(params.ticketId, "ticketId")), { auth: true });
};
