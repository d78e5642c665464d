import type { AppContext } from "../../context";
import { forCompany } from "../../db/scope";
import { noPermission, notFound, validationError } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import { contactNotFound } from "../contacts/service";
import { userQueueIds } from "../tickets/queries";
import { createTicketsService } from "../tickets/service";
import { ticketVisibilityWhere } from "../tickets/visibility";
import { contactNotes, deleteNote, findNote, insertNote, ticketNotes } from "./queries";
import type { CreateNoteInput } from "./schema";
import { serializeNote } from "./serialize";

/** A drawer shows a ticket's or a contact's notes: the newest ones, this many at most. */
const NOTES_LIMIT = 200;

/**
 * Ticket notes (written in the contact drawer). A note belongs to a ticket and its contact; reading and writing need the
 * ticket to be visible to the actor (canSeeTicket), deleting is for the note's author or an admin.
 */
export function createTicketNotesService(ctx: AppContext) {
  const tickets = createTicketsService(ctx);
  const visibleTicket = async (actor: Actor, ticketId: number) => (await tickets.visibleTicket(actor, { id: ticketId })).ticket;

  return {
    async list(actor: Actor, q: { ticketId?: number; contactId?: number }) {
      if (q.ticketId !== undefined) {
        await visibleTicket(actor, q.ticketId);
        const rows = await ticketNotes(ctx.db, actor.companyId, q.ticketId, NOTES_LIMIT);
        return rows.filter((r) => q.contactId === undefined || r.contactId === q.contactId).map(serializeNote);
      }
      const contactId = q.contactId!;
      if ((await forCompany(ctx.db, actor.companyId).missingIds("contacts", [contactId])).length) throw contactNotFound();
      const visible = ticketVisibilityWhere(actor, await userQueueIds(ctx.db, actor.userId));
      return (await contactNotes(ctx.db, actor.companyId, contactId, visible, NOTES_LIMIT)).map(serializeNote);
    },

    async create(actor: Actor, input: CreateNoteInput) {
      const ticket = await visibleTicket(actor, input.ticketId);
      if (input.contactId !== undefined && input.contactId !== ticket.contactId) throw validationError({ contactId: "Not the ticket's contact" });
      const id = await insertNote(ctx.db, actor.companyId, {
        note: input.note,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: actor.userId,
        createdAt: ctx.clock.now().toISOString(),
      });
      return serializeNote((await findNote(ctx.db, actor.companyId, id))!);
    },

    async remove(actor: Actor, id: number) {
      await ctx.db.transaction().execute(async (trx) => {
        const note = await findNote(trx, actor.companyId, id);
        if (!note) throw notFound("Note not found");
        if (note.userId !== actor.userId && actor.profile !== "admin" && !actor.super) throw noPermission("Only the note's author or an admin deletes it");
        await deleteNote(trx, actor.companyId, id);
      });
    },
  };
}
