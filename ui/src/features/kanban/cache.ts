/**
 * How the board's caches follow a moved or changed ticket: one infinite query per column (kanban key with the lane and
 * the date range), a ticket in exactly one of them — the column of its kanban tag, or the open column — while it is open
 * or pending and its last activity falls within the range. Used for the optimistic move, its answer and socket frames.
 */
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import type { Ticket } from "../tickets/types";
import type { BoardRange, LaneKey, LanePage } from "./types";

type Lists = InfiniteData<LanePage, unknown>;

/** The ticket's column: its kanban tag, or null (the open column). */
export const laneOf = (t: Pick<Ticket, "tags">): LaneKey => t.tags.find((x) => x.kanban === 1)?.id ?? null;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd of an instant in `timeZone` (an unknown or absent zone: the browser's). */
export function dayIn(iso: string | Date, timeZone?: string): string {
  const d = new Date(iso);
  let format = timeZone ? dayFormats.get(timeZone) : undefined;
  if (timeZone && !format) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      dayFormats.set(timeZone, format);
    } catch {
      // not a zone this browser knows: its own is used
    }
  }
  if (format) {
    const parts = format.formatToParts(d);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return `${part("year")}-${part("month")}-${part("day")}`;
  }
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whether the ticket belongs on a board showing `range`: open or pending, last activity within the days. */
export function onBoard(t: Pick<Ticket, "status" | "updatedAt">, range: BoardRange): boolean {
  if (t.status !== "open" && t.status !== "pending") return false;
  const day = dayIn(t.updatedAt, range.timeZone);
  return (!range.dateFrom || day >= range.dateFrom) && (!range.dateTo || day <= range.dateTo);
}

/** The ticket in the lane it is moved to: its other kanban tag gone, the new one (entered now) in its place. */
export function withLane(t: Ticket, lane: { id: number; name: string; color: string } | null, now = new Date()): Ticket {
  const tags = t.tags.filter((x) => x.kanban !== 1);
  return { ...t, tags: lane ? [...tags, { ...lane, kanban: 1, addedAt: now.toISOString() }] : tags };
}

const byActivity = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

function without(data: Lists, id: number): { data: Lists; had: boolean } {
  let had = false;
  const pages = data.pages.map((p) => {
    const tickets = p.tickets.filter((x) => x.id !== id);
    if (tickets.length === p.tickets.length) return p;
    had = true;
    return { ...p, tickets };
  });
  return { data: had ? { ...data, pages } : data, had };
}

/** Inserts by last activity among the loaded cards; past the last loaded one while more pages exist, paging brings it. */
function within(data: Lists, t: Ticket): { data: Lists; added: boolean } {
  const loaded = data.pages.flatMap((p) => p.tickets);
  const at = loaded.findIndex((x) => byActivity(t, x) < 0);
  const last = data.pages[data.pages.length - 1];
  if (at < 0 && last?.hasMore) return { data, added: false };
  let seen = 0;
  let done = false;
  const pages = data.pages.map((p, i) => {
    if (done) return p;
    const local = at < 0 ? (i === data.pages.length - 1 ? p.tickets.length : -1) : at - seen;
    seen += p.tickets.length;
    if (local < 0 || local > p.tickets.length) return p;
    done = true;
    return { ...p, tickets: [...p.tickets.slice(0, local), t, ...p.tickets.slice(local)] };
  });
  if (!done) return { data, added: false };
  return { data: { ...data, pages }, added: true };
}

function withCount(data: Lists, delta: number): Lists {
  const [first, ...rest] = data.pages;
  if (!delta || !first) return data;
  return { ...data, pages: [{ ...first, count: Math.max(0, first.count + delta) }, ...rest] };
}

/** Every column's cache: its key (lane and range) and data. */
function columns(qc: QueryClient): [QueryKey, LaneKey, BoardRange, Lists | undefined][] {
  return qc.getQueriesData<Lists>({ queryKey: keys.kanban.all }).map(([key, data]) => [key, key[1] as LaneKey, key[2] as BoardRange, data]);
}

/** A ticket changed (a move, its answer, a socket frame): it leaves every column and joins the one it belongs to. */
export function placeTicket(qc: QueryClient, t: Ticket) {
  const lane = laneOf(t);
  const belongs = onBoard(t, { dateFrom: "", dateTo: "" });
  for (const [key, keyLane, range, data] of columns(qc)) {
    if (!data) continue;
    const { data: rest, had } = without(data, t.id);
    if (belongs && keyLane === lane && onBoard(t, range)) {
      const { data: next, added } = within(rest, t);
      // Already counted when it was here; a ticket that came from elsewhere counts once it is shown.
      qc.setQueryData<Lists>(key, withCount(next, had || !added ? 0 : 1));
    } else if (had) qc.setQueryData<Lists>(key, withCount(rest, -1));
  }
}

/** A ticket left the user's sight (deleted, transferred away): it leaves every column. */
export function dropTicket(qc: QueryClient, ticketId: number) {
  for (const [key, , , data] of columns(qc)) {
    if (!data) continue;
    const { data: rest, had } = without(data, ticketId);
    if (had) qc.setQueryData<Lists>(key, withCount(rest, -1));
  }
}

/** Every column's data, to put back when a move is refused. */
export const snapshot = (qc: QueryClient) => qc.getQueriesData<Lists>({ queryKey: keys.kanban.all });
export function restore(qc: QueryClient, saved: ReturnType<typeof snapshot>) {
  for (const [key, data] of saved) qc.setQueryData(key, data);
}
