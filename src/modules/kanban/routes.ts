import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams } from "../../http/schemas";
import { ticketAnswer, ticketsPageAnswer } from "../tickets/schema";
import { createTicketsService } from "../tickets/service";
import { laneTicketsQuery, moveLaneBody } from "./schema";
import { createKanbanService } from "./service";

const SEE = "the plan's useKanban; only tickets the user may see in the inbox (canSeeTicket)";
const PLAN = { 403: "ERR_PLAN_FEATURE_DISABLED" } as const;

/** The kanban board: one paged read per lane, and moving a ticket between lanes. */
export const kanbanRoutes = (ctx: AppContext) => {
  const kanban = createKanbanService(ctx, createTicketsService(ctx));
  return new Elysia({ prefix: "/api", tags: ["Kanban"] })
    .use(authPlugin(ctx))
    .get("/kanban/lanes/:laneId/tickets", ({ actor, params, query }) => kanban.laneTickets(actor, params.laneId, query), {
      auth: true,
      params: idParams("laneId"),
      query: laneTicketsQuery,
      response: answers({ 200: ticketsPageAnswer }),
      detail: doc("A kanban lane's open and pending tickets, 40 a page, latest activity first, optionally active between two days", {
        permission: SEE,
        errors: { ...PLAN, 404: "ERR_NOT_FOUND" },
      }),
    })
    .get("/kanban/open/tickets", ({ actor, query }) => kanban.laneTickets(actor, null, query), {
      auth: true,
      query: laneTicketsQuery,
      response: answers({ 200: ticketsPageAnswer }),
      detail: doc("The board's open column: open and pending tickets in no kanban lane, 40 a page, latest activity first", {
        permission: SEE,
        errors: PLAN,
      }),
    })
    .put("/tickets/:id/lane", ({ actor, params, body }) => kanban.move(actor, params.id, body.laneId), {
      auth: true,
      params: idParams("id"),
      body: moveLaneBody,
      response: answers({ 200: ticketAnswer }),
      detail: doc("Move a ticket to a kanban lane (laneId null: out of every lane); audited, and followed live by every board", {
        permission: SEE,
        errors: { 400: "ERR_VALIDATION", 403: ["ERR_PLAN_FEATURE_DISABLED", "ERR_NO_PERMISSION"], 404: "ERR_NO_TICKET_FOUND" },
      }),
    });
};
