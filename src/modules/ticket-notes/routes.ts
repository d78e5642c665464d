import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createNoteBody, listNotesQuery, noteAnswer } from "./schema";
import { createTicketNotesService } from "./service";

const SEE = "the ticket must be one the user may see";

/** Ticket notes. */
export const ticketNotesRoutes = (ctx: AppContext) => {
  const notes = createTicketNotesService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Ticket notes"] })
    .use(authPlugin(ctx))
    .get("/ticket-notes/list", ({ actor, query }) => notes.list(actor, query), {
      auth: true,
      query: listNotesQuery,
      response: answers({ 200: z.array(noteAnswer) }),
      detail: doc("A ticket's notes, or a contact's over the tickets the user may see", { errors: { 404: ["ERR_NO_TICKET_FOUND", "ERR_NO_CONTACT_FOUND"] } }),
    })
    .post(
      "/ticket-notes",
      async ({ actor, body, set }) => {
        const note = await notes.create(actor, body);
        set.status = 201;
        return note;
      },
      {
        auth: true,
        body: createNoteBody,
        response: answers({ 201: noteAnswer }),
        detail: doc("Add a note to a ticket", { permission: SEE, errors: { 404: "ERR_NO_TICKET_FOUND" } }),
      },
    )
    .delete(
      "/ticket-notes/:id",
      async ({ actor, params }) => {
        await notes.remove(actor, params.id);
        return { message: "Note deleted" };
      },
      {
        auth: true,
        params: idParams("id"),
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a note", { permission: SEE, errors: { 404: "ERR_NOT_FOUND" } }),
      },
    );
};
