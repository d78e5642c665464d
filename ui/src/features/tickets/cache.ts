import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import type { SessionUser } from "../auth/types";
import type { Message, MessagesPage, Ticket, TicketListParams, TicketsPage } from "./types";

/**
 * How socket frames and mutation answers land in the inbox caches without a refetch: a changed ticket leaves every
 * list and joins, at the top, the lists whose filters it matches (search lists are only updated in place: the server
 * decides what a search finds).
 */
type Lists = InfiniteData<TicketsPage, unknown>;

/** Whether a ticket belongs in a live list, by the same rules the server applies to it (personal view). */
export function ticketMatches(p: TicketListParams, t: Ticket, me: Pick<SessionUser, "id">): boolean {
  if (p.searchParam !== undefined || !p.status || t.status !== p.status) return false;
  if (p.queueIds.length && t.queueId !== null && !p.queueIds.includes(t.queueId)) return false;
  if (p.showAll || t.status === "group") return true;
  return t.userId === me.id || t.userId === null;
}

function without(data: Lists, id: number): { data: Lists; had: boolean } {
  let had = false;
  const pages = data.pages.map((p) => {
    const tickets = p.tickets.filter((t) => t.id !== id);
    if (tickets.length !== p.tickets.length) had = true;
    return tickets.length === p.tickets.length ? p : { ...p, tickets };
  });
  return { data: had ? { ...data, pages } : data, had };
}

function withCount(data: Lists, delta: number): Lists {
  if (!delta || !data.pages[0]) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, count: Math.max(0, first.count + delta) }, ...rest] };
}

function listEntries(qc: QueryClient): [QueryKey, Lists | undefined][] {
  return qc.getQueriesData<Lists>({ queryKey: keys.tickets.lists });
}

/** A ticket changed (socket update, message create, or our own action's answer). */
export function applyTicket(qc: QueryClient, ticket: Ticket, me: Pick<SessionUser, "id">) {
  for (const [key, data] of listEntries(qc)) {
    if (!data) continue;
    const params = key[2] as TicketListParams;
    if (params.searchParam !== undefined) {
      qc.setQueryData<Lists>(key, {
        ...data,
        pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })),
      });
      continue;
    }
    const { data: rest, had } = without(data, ticket.id);
    if (!ticketMatches(params, ticket, me)) {
      if (had) qc.setQueryData<Lists>(key, withCount(rest, -1));
      continue;
    }
    let next: Lists = rest;
    if (params.sortTickets === "DESC" && next.pages[0]) {
      next = { ...next, pages: [{ ...next.pages[0], tickets: [ticket, ...next.pages[0].tickets] }, ...next.pages.slice(1)] };
    } else if (params.sortTickets === "ASC" && next.pages.length) {
      const last = next.pages[next.pages.length - 1]!;
      // Oldest first: a fresh ticket belongs at the very end, which is only loaded once no page is left.
      if (!last.hasMore) next = { ...next, pages: [...next.pages.slice(0, -1), { ...last, tickets: [...last.tickets, ticket] }] };
    }
    qc.setQueryData<Lists>(key, withCount(next, had ? 0 : 1));
  }
  qc.setQueryData<Ticket>(keys.tickets.byUuid(ticket.uuid), (old) => (old ? { ...old, ...ticket } : old));
}

export function removeTicket(qc: QueryClient, ticketId: number) {
  for (const [key, data] of listEntries(qc)) {
    if (!data) continue;
    const { data: rest, had } = without(data, ticketId);
    if (had) qc.setQueryData<Lists>(key, withCount(rest, -1));
  }
}

/** Patches a ticket wherever it is listed (unread reset, a contact's new name). */
export function patchTickets(qc: QueryClient, match: (t: Ticket) => boolean, patch: (t: Ticket) => Ticket) {
  for (const [key, data] of listEntries(qc)) {
    if (!data?.pages.some((p) => p.tickets.some(match))) continue;
    qc.setQueryData<Lists>(key, { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (match(t) ? patch(t) : t)) })) });
  }
  for (const [key, t] of qc.getQueriesData<Ticket>({ queryKey: keys.tickets.byUuidAll })) if (t && match(t)) qc.setQueryData(key, patch(t));
}

type Pages = InfiniteData<MessagesPage, unknown>;

const SEND_STEP: Record<string, number> = { queued: 0, sending: 1, sent: 2, failed: 2 };

/**
 * An HTTP answer and the socket frames about the same message can arrive in any order (a retry's answer says "queued"
 * after the frame that said it failed again): a state older than the one shown is dropped. Each send attempt raises
 * `attempts`; within one, updatedAt orders the changes and, within one millisecond, the send steps do.
 */
function isOlder(incoming: Message, shown: Message): boolean {
  const a = incoming.attempts ?? 0;
  const b = shown.attempts ?? 0;
  if (a !== b) return a < b;
  if (incoming.updatedAt && shown.updatedAt && incoming.updatedAt !== shown.updatedAt) return incoming.updatedAt < shown.updatedAt;
  return (SEND_STEP[incoming.sendStatus ?? ""] ?? 0) < (SEND_STEP[shown.sendStatus ?? ""] ?? 0);
}

/** A new message goes at the end of the newest page (page 1); an update replaces it where it is. */
export function upsertMessage(qc: QueryClient, message: Message) {
  qc.setQueryData<Pages>(keys.messages.ticket(message.ticketId), (old) => {
    if (!old?.pages[0]) return old;
    let found = false;
    const pages = old.pages.map((p) => {
      if (!p.messages.some((m) => m.id === message.id)) return p;
      found = true;
      return { ...p, messages: p.messages.map((m) => (m.id === message.id && !isOlder(message, m) ? { ...m, ...message } : m)) };
    });
    if (found) return { ...old, pages };
    const [first, ...rest] = old.pages;
    return { ...old, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
  });
}

/** Pages newest first, each chronological: the conversation in order, without the duplicates offset paging can give. */
export function flattenMessages(data: Pages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) {
    for (const m of data.pages[i]!.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}
