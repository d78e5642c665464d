import { isPostgres } from "../../../migrations/dialect";
import type { AppContext } from "../../context";
import type { Actor } from "../../http/permissions";
import { type ListFilters, type TicketFilter, viewFilterWhere } from "../tickets/list-queries";
import { userQueueIds } from "../tickets/queries";
import { listView, personalViewScope } from "../tickets/visibility";
import { contactsQuery, messagesQuery, searchText } from "./fts";
import { contactIdsMatching, contactMatches, type MatchRow, messageMatches, messageMatchesOfTickets, ticketsOfContacts, visibleTicketIds } from "./queries";

/** Results are exact up to this many tickets; beyond it the count says CAP and `capped` is set. */
export const SEARCH_CAP = 1000;

/** The text and the list's filters, already resolved within the company (tickets/list.ts resolveListFilters). */
export interface SearchParams extends ListFilters {
  searchParam: string;
  /** Also search message bodies (the slower option of the search view). */
  searchOnMessages?: boolean;
  /** Show-all when asked for and allowed, as in the list; a plain user's search never shows all. */
  showAll?: boolean;
}

export interface SearchResult {
  /** At most SEARCH_CAP ids, newest match first. */
  ticketIds: number[];
  count: number;
  capped: boolean;
}

/**
 * Tickets whose contact's name or number holds the text, and with searchOnMessages those with a message holding it,
 * among the tickets the actor may see. Runs on the read pool (worker threads), never on the request thread.
 */
export async function searchTickets(ctx: AppContext, actor: Actor, params: SearchParams): Promise<SearchResult> {
  const text = searchText(params.searchParam);
  if (!text) return { ticketIds: [], count: 0, capped: false };
  const view = listView(actor, await userQueueIds(ctx.db, actor.userId), params.showAll ?? false);
  const filter = viewFilterWhere(params, view);
  const byContact = contactTickets(ctx, actor.companyId, text, filter);
  const query = params.searchOnMessages ? messagesQuery(ctx.db, text) : undefined;
  const scope = view && personalViewScope(actor.companyId, view);
  const byMessage = query ? messagesMatching(ctx, actor.companyId, query, filter, scope) : Promise.resolve([]);
  return newestFirst(await Promise.all([byContact, byMessage]));
}

/**
 * Up to this many contacts matching the text, the contact search reads only their tickets; more (a common word, a
 * shared digit run), and it walks the company's tickets in activity order, stopping at the cap.
 */
const FEW_CONTACTS = 2000;

/** Tickets whose contact's name or number holds the text, newest first, at most SEARCH_CAP + 1. */
async function contactTickets(ctx: AppContext, companyId: number, text: string, filter: TicketFilter): Promise<MatchRow[]> {
  const query = contactsQuery(ctx.db, text);
  if (query) {
    const ids = await ctx.reads.read(contactIdsMatching(ctx.db, query, FEW_CONTACTS + 1));
    if (ids.length <= FEW_CONTACTS)
      return ctx.reads.read(
        ticketsOfContacts(
          ctx.db,
          companyId,
          ids.map((r) => r.id),
          filter,
          SEARCH_CAP + 1,
        ),
      );
  }
  return ctx.reads.read(contactMatches(ctx.db, companyId, text, filter, SEARCH_CAP + 1));
}

/**
 * On PostgreSQL, up to this many tickets in a personal view, its message search reads their ids first and matches
 * among them (messageMatchesOfTickets); past it, or on SQLite, the index's scope narrows the matches instead.
 */
export const FEW_VISIBLE = 10_000;

/**
 * The newest matching message of each ticket, reading matches only until SEARCH_CAP + 1 tickets are found. The exact
 * words come first: when they alone fill the cap the count is capped anyway, and the prefix query, which reads every
 * match of a common word, is not needed (its extra matches could only reorder the newest few).
 */
async function messagesMatching(
  ctx: AppContext,
  companyId: number,
  query: { exact: string; prefix: string },
  filter: TicketFilter,
  scope: string[] | undefined,
) {
  const enough = { column: "ticketId", limit: SEARCH_CAP + 1 } as const;
  const matches = await matcher(ctx, companyId, filter, scope);
  const exact = await ctx.reads.read(matches(query.exact), enough);
  return exact.length > SEARCH_CAP ? exact : ctx.reads.read(matches(query.prefix), enough);
}

/**
 * How the search reads matches. With a personal view on PostgreSQL, its few tickets' ids drive the read: each hit
 * of the scoped query there cost a lookup in messages and in tickets, the planner driving from the agent's tickets
 * (~200 ms for an agent who sees 4 % of the bench's tickets, against ~50 ms for ids then matches).
 */
async function matcher(ctx: AppContext, companyId: number, filter: TicketFilter, scope: string[] | undefined) {
  if (scope && isPostgres(ctx.db)) {
    const ids = await ctx.reads.read(visibleTicketIds(ctx.db, companyId, filter, FEW_VISIBLE + 1));
    if (ids.length <= FEW_VISIBLE) {
      const ticketIds = ids.map((r) => r.id);
      return (q: string) => messageMatchesOfTickets(ctx.db, q, ticketIds);
    }
  }
  return (q: string) => messageMatches(ctx.db, companyId, q, filter, scope);
}

/** Each list is newest first and holds at most SEARCH_CAP + 1 tickets, so their merge is exact up to SEARCH_CAP. */
function newestFirst(lists: MatchRow[][]): SearchResult {
  const latest = new Map<number, string>();
  for (const list of lists) {
    for (const { ticketId, at } of list) {
      const seen = latest.get(ticketId);
      if (seen === undefined || at > seen) latest.set(ticketId, at);
    }
  }
  const ordered = [...latest].sort(([idA, atA], [idB, atB]) => (atA === atB ? idB - idA : atA < atB ? 1 : -1)).map(([id]) => id);
  const capped = ordered.length > SEARCH_CAP;
  return { ticketIds: ordered.slice(0, SEARCH_CAP), count: Math.min(ordered.length, SEARCH_CAP), capped };
}
