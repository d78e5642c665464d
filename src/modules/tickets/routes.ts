import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams } from "../../http/schemas";
import { closeAllBody, createTicketBody, listTicketsQuery, ticketAnswer, ticketLogAnswer, ticketsPageAnswer, updateTicketBody, uuidParams } from "./schema";
import { createTicketsService } from "./service";
import { createTicketTagsService } from "./tags";

const SEE = "a ticket the user may see: their own, their queues', no-queue ones with allTicket, groups with allowGroup, any for admins or allUserChat";
const notFound = { 404: "ERR_NO_TICKET_FOUND" } as const;

/** The inbox's ticket routes; every ticket-scoped one goes through canSeeTicket. */
export const ticketsRoutes = (ctx: AppContext) => {
  const tickets = createTicketsService(ctx);
  const tags = createTicketTagsService(ctx, tickets);
  return new Elysia({ prefix: "/api", tags: ["Tickets"] })
    .use(authPlugin(ctx))
    .get("/tickets", ({ actor, query }) => tickets.list(actor, query), {
      auth: true,
      query: listTicketsQuery,
      response: answers({ 200: ticketsPageAnswer }),
      detail: doc("The inbox: tickets the user may see, 40 a page, by status, queue, tag, user, dates or text", { permission: SEE }),
    })
    .get("/tickets/u/:uuid", ({ actor, params }) => tickets.showByUuid(actor, params.uuid), {
      auth: true,
      params: uuidParams,
      response: answers({ 200: ticketAnswer.extend({ replyWindow: z.unknown().nullable() }) }),
      detail: doc("One ticket by uuid, with its reply window on channels that have one", { permission: SEE, errors: notFound }),
    })
    .post("/tickets", ({ actor, body }) => tickets.create(actor, body), {
      auth: true,
      body: createTicketBody,
      response: answers({ 200: ticketAnswer }),
      detail: doc("Open a ticket for a contact", { errors: { 400: "ERR_NO_WAPP_FOUND", 404: "ERR_NO_DEF_WAPP_FOUND", 409: "ERR_OTHER_OPEN_TICKET" } }),
    })
    .post("/tickets/closeAll", ({ actor, body }) => tickets.closeAll(actor, body), {
      auth: true,
      body: closeAllBody,
      response: answers({ 200: z.object({ count: z.number() }) }),
      detail: doc("Close every live ticket of a status in the chosen queues", {
        permission: "tickets-manager:closeAll (admins)",
        errors: { 403: "ERR_NO_PERMISSION" },
      }),
    })
    .put("/tickets/:id", ({ actor, params, body }) => tickets.update(actor, params.id, body), {
      auth: true,
      params: idParams("id"),
      body: updateTicketBody,
      response: answers({ 200: ticketAnswer }),
      detail: doc("Accept, transfer, return, resolve, reopen or ignore a ticket (the transition follows from the fields)", {
        permission: `${SEE}; closing a pending ticket needs tickets-manager:closePending, ignoring one tickets-manager:ignorePending`,
        errors: { 400: "ERR_TAG_REQUIRED", 403: "ERR_NO_PERMISSION", ...notFound, 409: ["ERR_OTHER_OPEN_TICKET", "ERR_TICKET_CHANGED"] },
      }),
    })
    .delete("/tickets/:id", ({ actor, params }) => tickets.remove(actor, params.id), {
      auth: true,
      params: idParams("id"),
      response: answers({ 200: z.object({ message: z.string(), ticketId: z.number() }) }),
      detail: doc("Delete a ticket (kept with its history, gone from every list)", {
        permission: "ticket-options:deleteTicket (admins)",
        errors: { 403: "ERR_NO_PERMISSION", ...notFound },
      }),
    })
    .get("/tickets-log/:ticketId", ({ actor, params }) => tickets.logs(actor, params.ticketId), {
      auth: true,
      params: idParams("ticketId"),
      response: answers({ 200: z.array(ticketLogAnswer) }),
      detail: doc("A ticket's timeline, oldest first", { permission: SEE, errors: notFound }),
    })
    .put("/ticket-tags/:ticketId/:tagId", ({ actor, params }) => tags.add(actor, params.ticketId, params.tagId), {
      auth: true,
      params: idParams("ticketId", "tagId"),
      response: answers({ 200: ticketAnswer }),
      detail: doc("Tag a ticket (a kanban lane replaces the ticket's other lane)", {
        permission: `${SEE}; kanban lanes need the plan's useKanban`,
        errors: { 403: "ERR_PLAN_FEATURE_DISABLED", 404: ["ERR_NO_TICKET_FOUND", "ERR_NOT_FOUND"] },
      }),
    })
    .delete("/ticket-tags/:ticketId", ({ actor, params }) => tags.clear(actor, params.ticketId), {
      auth: true,
      params: idParams("ticketId"),
      response: answers({ 200: ticketAnswer }),
      detail: doc("Remove every tag of a ticket", { permission: SEE, errors: notFound }),
    });
};
