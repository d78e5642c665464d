import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";

/** The kanban lane (kanban tag) the ticket is in, if any. */
export async function laneOf(db: Db, companyId: number, ticketId: number): Promise<number | null> {
  const row = await forCompany(db, companyId)
    .selectFrom("ticket_tags")
    .innerJoin("tags", "tags.id", "ticket_tags.tagId")
    .select("tags.id")
    .where("ticket_tags.ticketId", "=", ticketId)
    .where("tags.kanban", "=", 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Takes the ticket out of every kanban lane. */
export async function leaveLanes(db: Db, companyId: number, ticketId: number): Promise<void> {
  const s = forCompany(db, companyId);
  await s
    .deleteFrom("ticket_tags")
    .where("ticketId", "=", ticketId)
    .where("tagId", "in", s.selectFrom("tags").select("tags.id").where("tags.kanban", "=", 1))
    .execute();
}
