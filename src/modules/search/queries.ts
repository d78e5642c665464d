import type { CompiledQuery, ExpressionBuilder } from "kysely";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { liveTickets, type TicketFilter } from "../tickets/list-queries";
import { contactTextMatch, messagesMatch } from "./fts";

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
        .where((eb) => contactTextMatch(eb, text)),
    )
    .$if(filter !== undefined, (q) => q.where((eb) => filter!(eb)))
    .orderBy("tickets.updatedAt", "desc")
    .orderBy("tickets.id", "desc")
    .limit(limit)
    .compile();
}

/**
 * Messages matching the FTS query with their (live) ticket, newest first (the index's rowid order, no sort). The pool keeps
 * the first row of each ticket and stops reading once it has enough tickets.
 */
export function messageMatches(db: Db, companyId: number, query: string, filter: TicketFilter | undefined): CompiledQuery<MatchRow> {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .innerJoin("messages_fts", "messages_fts.rowid", "messages.id")
    .innerJoin("tickets", "tickets.id", "messages.ticketId")
    .select(["messages.ticketId as ticketId", "messages.createdAt as at"])
    .where(messagesMatch(query))
    .where("tickets.companyId", "=", companyId)
    .where("tickets.deletedAt", "is", null)
    .$if(filter !== undefined, (q) => q.where((eb) => filter!(eb as unknown as ExpressionBuilder<DB, "tickets">)))
    .orderBy("messages_fts.rowid", "desc")
    .compile();
}

/** The ids of up to `limit` live tickets the filter lets through (the list's covering index answers it). */
export function visibleTicketIds(db: Db, companyId: number, filter: TicketFilter, limit: number): CompiledQuery<{ id: number }> {
  return liveTickets(db, companyId)
    .select("tickets.id")
    .where((eb) => filter(eb))
    .limit(limit)
    .compile();
}

/**
 * Messages matching the FTS query among the messages of the given tickets, newest first. The messages are read through
 * their ticket's index and each is checked against the full-text index by its rowid (CROSS JOIN keeps that order), so
 * the cost follows the tickets' messages, not every match of a common word in the company.
 */
export function messageMatchesIn(db: Db, companyId: number, query: string, ticketIds: readonly number[]): CompiledQuery<MatchRow> {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .crossJoin("messages_fts")
    .select(["messages.ticketId as ticketId", "messages.createdAt as at"])
    .where("messages.ticketId", "in", ticketIds.length ? [...ticketIds] : [0])
    .whereRef("messages_fts.rowid", "=", "messages.id")
    .where(messagesMatch(query))
    .orderBy("messages.id", "desc")
    .compile();
}
