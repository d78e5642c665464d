import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { forCompany } from "../../db/scope";

/** Notes with their author's name, newest first. */
function noteQuery(db: Db, companyId: number) {
  return forCompany(db, companyId)
    .selectFrom("ticket_notes")
    .leftJoin("users", "users.id", "ticket_notes.userId")
    .select([
      "ticket_notes.id",
      "ticket_notes.note",
      "ticket_notes.ticketId",
      "ticket_notes.contactId",
      "ticket_notes.userId",
      "users.name as userName",
      "ticket_notes.createdAt",
      "ticket_notes.updatedAt",
    ])
    .orderBy("ticket_notes.id", "desc");
}
export type NoteRow = Awaited<ReturnType<ReturnType<typeof noteQuery>["execute"]>>[number];

export function findNote(db: Db, companyId: number, id: number): Promise<NoteRow | undefined> {
  return noteQuery(db, companyId).where("ticket_notes.id", "=", id).executeTakeFirst();
}

export function ticketNotes(db: Db, companyId: number, ticketId: number, limit: number): Promise<NoteRow[]> {
  return noteQuery(db, companyId).where("ticket_notes.ticketId", "=", ticketId).limit(limit).execute();
}

/** A contact's notes on the tickets `visible` lets through (undefined: every ticket of the company). */
export function contactNotes(
  db: Db,
  companyId: number,
  contactId: number,
  visible: ((eb: ExpressionBuilder<DB, "tickets">) => Expression<SqlBool>) | undefined,
  limit: number,
): Promise<NoteRow[]> {
  return noteQuery(db, companyId)
    .innerJoin("tickets", "tickets.id", "ticket_notes.ticketId")
    .where("ticket_notes.contactId", "=", contactId)
    .where("tickets.deletedAt", "is", null)
    .$if(visible !== undefined, (q) => q.where((eb) => visible!(eb as unknown as ExpressionBuilder<DB, "tickets">)))
    .limit(limit)
    .execute();
}

export async function insertNote(db: Db, companyId: number, values: { note: string; ticketId: number; contactId: number; userId: number; createdAt: string }) {
  return (
    await forCompany(db, companyId)
      .insertInto("ticket_notes", { ...values, updatedAt: values.createdAt })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

export async function deleteNote(db: Db, companyId: number, id: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("ticket_notes").where("id", "=", id).execute();
}
