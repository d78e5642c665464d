import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { listTicketsQuery, updateTicketBody, uuidParam } from "./schema";
import { createTicketsService } from "./service";

/** The minimal ticket routes of the channels step; the inbox issue completes them. All go through canSeeTicket. */
export const ticketsRoutes = (ctx: AppContext) => {
  const tickets = createTicketsService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/tickets", ({ actor, query }) => tickets.list(actor, parse(listTicketsQuery, query)), { auth: true })
    .get("/tickets/u/:uuid", ({ actor, params }) => tickets.showByUuid(actor, parse(uuidParam, params.uuid)), { auth: true })
    .put("/tickets/:id", ({ actor, params, body }) => tickets.update(actor, parseId(params.id), parse(updateTicketBody, body)), { auth: true });
};
