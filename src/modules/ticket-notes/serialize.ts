import type { NoteRow } from "./queries";

/** A ticket note (spec 1 §3 Ticket note: id, note, ticketId, contactId, user name, createdAt). */
export function serializeNote(row: NoteRow) {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
