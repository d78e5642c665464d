import { type CompiledQuery, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { liveTickets, type TicketFilter } from "../tickets/list-queries";
import { contactsMatch, contactTextMatch, messagesMatch } from "./fts";

/** Rows of both match queries: the ticket and the moment it matched (for newest-first merging). */
export interface MatchRow {
  ticketId: number;
  at: string;
}

/** Live tickets whose contact's name or number holds the text, most recently active first, at most `limit`. */
export function contactMatches(db: Db, companyId: number, text: string, filter: TicketFilter | undefined, limit: number): CompiledQuery<MatchRow> {
  return liveTickets(db, companyId)
    .select(["tickets.id as ticketId", "tickets.updatedAt as at"])
    .where(
      "tickets.contactId",
      "in",
      forCompany(db, companyId)
        .selectFrom("contacts")
        .select("contacts.id")
        .where((eb) => contactTextMatch(db, eb, text)),
    )
    .$if(filter !== undefined, (q) => q.where((eb) => filter!(eb)))
    .orderBy("tickets.updatedAt", "desc")
    .orderBy("tickets.id", "desc")
    .limit(limit)
    .compile();
}

/**
 * Contacts matching the contacts index's query, at most `limit`. The index holds every company's contacts: the ids only
 * choose which tickets to read, and ticketsOfContacts keeps the company's.
 */
export function contactIdsMatching(db: Db, query: string, limit: number): CompiledQuery<{ id: number }> {
  return db.selectFrom("contacts_fts").select("contacts_fts.rowid as id").where(contactsMatch(db, query)).limit(limit).compile();
}

/**
 * The live tickets of the given contacts in the company, most recently active first, at most `limit`. The contacts
 * drive the join (CROSS JOIN keeps SQLite from reordering it), each one's tickets read through the contact index: for
 * a few contacts that reads only their tickets, where contactMatches walks every ticket of the company in activity
 * order looking for theirs.
 */
export function ticketsOfContacts(
  db: Db,
  companyId: number,
  contactIds: readonly number[],
  filter: TicketFilter | undefined,
  limit: number,
): CompiledQuery<MatchRow> {
  return forCompany(db, companyId)
    .selectFrom("contacts")
    .crossJoin("tickets")
    .select(["tickets.id as ticketId", "tickets.updatedAt as at"])
    .where("contacts.id", "in", contactIds.length ? [...contactIds] : [0])
    .whereRef("tickets.contactId", "=", "contacts.id")
    .where("tickets.companyId", "=", companyId)
    .where("tickets.deletedAt", "is", null)
    .$if(filter !== undefined, (q) => q.where((eb) => filter!(eb as unknown as ExpressionBuilder<DB, "tickets">)))
    .orderBy("tickets.updatedAt", "desc")
    .orderBy("tickets.id", "desc")
    .limit(limit)
    .compile();
}

/**
 * Messages matching the FTS query with their (live) ticket, newest first (the index's rowid order, no sort). The pool keeps
 * the first row of each ticket and stops reading once it has enough tickets. With a scope (the reader's personal view,
 * personalViewScope) the index reads only the matches among the tickets the reader may see, so an agent who sees a
 * few percent of the company's tickets does not look up every match of a common word to keep a few; the filter still
 * decides each hit.
 */
export function messageMatches(db: Db, companyId: number, query: string, filter: TicketFilter | undefined, scope?: readonly string[]): CompiledQuery<MatchRow> {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .innerJoin("messages_fts", "messages_fts.rowid", "messages.id")
    .innerJoin("tickets", "tickets.id", "messages.ticketId")
    .select(["messages.ticketId as ticketId", "messages.createdAt as at"])
    .where(messagesMatch(db, query, scope))
    .where("tickets.companyId", "=", companyId)
    .where("tickets.deletedAt", "is", null)
    .$if(filter !== undefined, (q) => q.where((eb) => filter!(eb as unknown as ExpressionBuilder<DB, "tickets">)))
    .orderBy("messages_fts.rowid", "desc")
    .compile();
}

/** The ids of the live tickets the filter lets through, at most `cap` (the list's indexes answer it). */
export function visibleTicketIds(db: Db, companyId: number, filter: TicketFilter, cap: number): CompiledQuery<{ id: number }> {
  return liveTickets(db, companyId)
    .select("tickets.id")
    .where((eb) => filter(eb))
    .limit(cap)
    .compile();
}

/**
 * PostgreSQL only (its index table keeps each message's ticket and time, migration 0050): the messages of these
 * tickets matching the query, newest first. The planner ANDs the words' bitmap with the tickets', and the answer
 * comes from the index table alone, with no lookup in messages or tickets per hit. The ids come from
 * visibleTicketIds, so they are the company's live tickets the reader may see; they go as one array parameter.
 */
export function messageMatchesOfTickets(db: Db, query: string, ticketIds: readonly number[]): CompiledQuery<MatchRow> {
  const ids = `{${ticketIds.map(Number).join(",")}}`;
  return db
    .selectFrom("messages_fts")
    .select([sql<number>`messages_fts."ticketId"`.as("ticketId"), sql<string>`messages_fts."createdAt"`.as("at")])
    .where(messagesMatch(db, query))
    .where(sql<SqlBool>`messages_fts."ticketId" = any(cast(${ids} as integer[]))`)
    .orderBy("messages_fts.rowid", "desc")
    .compile();
}
