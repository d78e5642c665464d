import type { Updateable } from "kysely";
import type { Db } from "../../db/database";
import type { TicketsTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { PLAN_FLAGS } from "../../http/permissions";

/**
 * The live connection a secret token names, with its company's gates and plan flags. Deliberately not
 * company-scoped: the token is what tells us the company.
 */
export function connectionByToken(db: Db, token: string) {
  return db
    .selectFrom("connections")
    .innerJoin("companies", "companies.id", "connections.companyId")
    .innerJoin("plans", "plans.id", "companies.planId")
    .select([
      "connections.id",
      "connections.companyId",
      "connections.channel",
      "connections.config",
      "companies.status",
      "companies.dueDate",
      ...PLAN_FLAGS.map((f) => `plans.${f}` as const),
    ])
    .where("connections.token", "=", token)
    .where("connections.deletedAt", "is", null)
    .executeTakeFirst();
}

export function findUserName(db: Db, companyId: number, userId: number) {
  return forCompany(db, companyId).selectFrom("users").select(["id", "name"]).where("id", "=", userId).executeTakeFirst();
}

/**
 * The company's contact on the channel with that number: one of this connection first, then the most recently
 * active. With `onlyConnection`, contacts of other connections are not considered.
 */
export function contactByNumber(db: Db, conn: { id: number; companyId: number; channel: string }, number: string, onlyConnection: boolean) {
  return forCompany(db, conn.companyId)
    .selectFrom("contacts")
    .select(["id", "isGroup"])
    .where("channel", "=", conn.channel)
    .where("number", "=", number)
    .$if(onlyConnection, (q) => q.where("whatsappId", "=", conn.id))
    .orderBy((eb) => eb.case().when("whatsappId", "=", conn.id).then(0).else(1).end())
    .orderBy("updatedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The contact's non-closed ticket on the connection (there is at most one). */
export function liveTicket(db: Db, companyId: number, connectionId: number, contactId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["id", "status", "userId", "queueId"])
    .where("whatsappId", "=", connectionId)
    .where("contactId", "=", contactId)
    .where("status", "<>", "closed")
    .executeTakeFirst();
}

export async function updateTicket(db: Db, companyId: number, ticketId: number, values: Updateable<TicketsTable>): Promise<void> {
  await forCompany(db, companyId).updateTable("tickets").set(values).where("id", "=", ticketId).execute();
}

/** Closes the ticket unless it already is; answers whether it did. */
export async function closeTicketRow(db: Db, companyId: number, ticketId: number, now: string): Promise<boolean> {
  const res = await forCompany(db, companyId)
    .updateTable("tickets")
    .set({ status: "closed", closedAt: now, unreadMessages: 0, updatedAt: now })
    .where("id", "=", ticketId)
    .where("status", "<>", "closed")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
