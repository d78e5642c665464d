import type { NoteRow } from "./queries";

/** A ticket note as the API carries it: id, note, ticketId, contactId, its author's name, createdAt. */
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
