import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { createNoteBody, listNotesQuery } from "./schema";
import { createTicketNotesService } from "./service";

/** Ticket notes (spec 1 §7). */
export const ticketNotesRoutes = (ctx: AppContext) => {
  const notes = createTicketNotesService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/ticket-notes/list", ({ actor, query }) => notes.list(actor, parse(listNotesQuery, query)), { auth: true })
    .post(
      "/ticket-notes",
      async ({ actor, body, set }) => {
        const note = await notes.create(actor, parse(createNoteBody, body));
        set.status = 201;
        return note;
      },
      { auth: true },
    )
    .delete(
      "/ticket-notes/:id",
      async ({ actor, params }) => {
        await notes.remove(actor, parseId(params.id));
        return { message: "Note deleted" };
      },
      { auth: true },
    );
};
