import { describe, expect, test } from "bun:test";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import type { Ticket } from "../tickets/types";
import { dayIn, dropTicket, laneOf, onBoard, placeTicket, restore, snapshot, withLane } from "./cache";
import { laneAge } from "./format";
import type { LanePage } from "./types";

const RANGE = { dateFrom: "2026-03-01", dateTo: "2026-03-31" };
const NOVO = { id: 7, name: "Novo", color: "#16a34a" };
const PROPOSTA = { id: 8, name: "Proposta", color: "#dc2626" };

const ticket = (id: number, updatedAt: string, lane?: typeof NOVO, extra: Partial<Ticket> = {}): Ticket => ({
  id,
  uuid: `u-${id}`,
  status: "pending",
  queueId: null,
  userId: null,
  contactId: id,
  whatsappId: 1,
  channel: "whatsapp",
  isGroup: false,
  lastMessage: "oi",
  unreadMessages: 0,
  updatedAt,
  contact: { id, name: `C${id}` },
  queue: null,
  user: null,
  whatsapp: null,
  tags: lane ? [{ ...lane, kanban: 1, addedAt: "2026-03-01T00:00:00.000Z" }] : [],
  ...extra,
});

/** A board of two columns (open, Novo) loaded with these pages. */
function board(open: Ticket[][], novo: Ticket[][], hasMore = false) {
  const qc = new QueryClient();
  const pages = (lists: Ticket[][]): InfiniteData<LanePage> => ({
    pages: lists.map((tickets, i) => ({ tickets, count: lists.flat().length, hasMore: hasMore && i === lists.length - 1 })),
    pageParams: lists.map((_, i) => i + 1),
  });
  qc.setQueryData(keys.kanban.lane(null, RANGE), pages(open));
  qc.setQueryData(keys.kanban.lane(NOVO.id, RANGE), pages(novo));
  const column = (lane: number | null) => qc.getQueryData<InfiniteData<LanePage>>(keys.kanban.lane(lane, RANGE))!;
  const ids = (lane: number | null) => column(lane).pages.map((p) => p.tickets.map((x) => x.id));
  const count = (lane: number | null) => column(lane).pages[0]!.count;
  return { qc, ids, count };
}

describe("the board's caches", () => {
  test("a moved ticket leaves its column and joins the other by last activity; the counts follow", () => {
    const b = board(
      [[ticket(1, "2026-03-05T10:00:00Z"), ticket(2, "2026-03-04T10:00:00Z")]],
      [[ticket(3, "2026-03-06T10:00:00Z"), ticket(4, "2026-03-03T10:00:00Z")]],
    );
    placeTicket(b.qc, withLane(ticket(2, "2026-03-04T10:00:00Z"), NOVO, new Date("2026-03-07T00:00:00Z")));
    expect(b.ids(null)).toEqual([[1]]);
    expect(b.ids(NOVO.id)).toEqual([[3, 2, 4]]);
    expect([b.count(null), b.count(NOVO.id)]).toEqual([1, 3]);
    // Back to no lane: the open column again.
    placeTicket(b.qc, withLane(ticket(2, "2026-03-04T10:00:00Z", NOVO), null));
    expect(b.ids(null)).toEqual([[1, 2]]);
    expect([b.count(null), b.count(NOVO.id)]).toEqual([2, 2]);
  });

  test("a closed ticket or one outside the days leaves the board; a frame for a card in place keeps the counts", () => {
    const b = board([[ticket(1, "2026-03-05T10:00:00Z")]], [[ticket(3, "2026-03-06T10:00:00Z", NOVO)]]);
    placeTicket(b.qc, ticket(3, "2026-03-06T11:00:00Z", NOVO, { lastMessage: "novo" }));
    expect(b.count(NOVO.id)).toBe(1);
    expect(b.ids(NOVO.id)).toEqual([[3]]);
    placeTicket(b.qc, ticket(3, "2026-03-06T11:00:00Z", NOVO, { status: "closed" }));
    expect(b.ids(NOVO.id)).toEqual([[]]);
    expect(b.count(NOVO.id)).toBe(0);
    placeTicket(b.qc, ticket(1, "2026-04-02T10:00:00Z"));
    expect(b.ids(null)).toEqual([[]]);
    expect(onBoard(ticket(5, "2026-03-31T12:00:00Z"), RANGE)).toBe(true);
    expect(onBoard(ticket(5, "2026-03-10T12:00:00Z", undefined, { status: "group" }), RANGE)).toBe(false);
  });

  test("the board's days are the company's: near midnight a ticket falls on the day of the company's time zone", () => {
    // 02:00 on 1 March in UTC is still 28 February in São Paulo (UTC-3).
    expect(dayIn("2026-03-01T02:00:00Z", "UTC")).toBe("2026-03-01");
    expect(dayIn("2026-03-01T02:00:00Z", "America/Sao_Paulo")).toBe("2026-02-28");
    expect(onBoard(ticket(5, "2026-03-01T02:00:00Z"), { ...RANGE, timeZone: "UTC" })).toBe(true);
    expect(onBoard(ticket(5, "2026-03-01T02:00:00Z"), { ...RANGE, timeZone: "America/Sao_Paulo" })).toBe(false);
    expect(onBoard(ticket(5, "2026-04-01T02:00:00Z"), { ...RANGE, timeZone: "America/Sao_Paulo" })).toBe(true);
    // A zone the browser does not know: its own days.
    expect(dayIn("2026-03-01T12:00:00Z", "Not/AZone")).toBe(dayIn("2026-03-01T12:00:00Z"));
  });

  test("a ticket older than every loaded card of a column with more pages waits for paging; a drop takes it off", () => {
    const b = board([[ticket(1, "2026-03-05T10:00:00Z")]], [[ticket(3, "2026-03-06T10:00:00Z", NOVO)]], true);
    placeTicket(b.qc, withLane(ticket(1, "2026-03-05T10:00:00Z"), PROPOSTA));
    placeTicket(b.qc, withLane(ticket(9, "2026-03-02T10:00:00Z"), NOVO));
    expect(b.ids(NOVO.id)).toEqual([[3]]);
    placeTicket(b.qc, withLane(ticket(10, "2026-03-09T10:00:00Z"), NOVO));
    expect(b.ids(NOVO.id)).toEqual([[10, 3]]);
    dropTicket(b.qc, 10);
    expect(b.ids(NOVO.id)).toEqual([[3]]);
  });

  test("a refused move puts every column back", () => {
    const b = board([[ticket(1, "2026-03-05T10:00:00Z")]], [[]]);
    const saved = snapshot(b.qc);
    placeTicket(b.qc, withLane(ticket(1, "2026-03-05T10:00:00Z"), NOVO));
    expect(b.ids(NOVO.id)).toEqual([[1]]);
    restore(b.qc, saved);
    expect(b.ids(null)).toEqual([[1]]);
    expect(b.ids(NOVO.id)).toEqual([[]]);
  });

  test("the lane is the ticket's kanban tag; a move keeps its contact tags and stamps the new lane", () => {
    const contactTag = { id: 2, name: "VIP", color: "#000000", kanban: 0 };
    const moved = withLane(
      { ...ticket(1, "2026-03-05T10:00:00Z", NOVO), tags: [contactTag, { ...NOVO, kanban: 1 }] },
      PROPOSTA,
      new Date("2026-03-07T00:00:00Z"),
    );
    expect(moved.tags).toEqual([contactTag, { ...PROPOSTA, kanban: 1, addedAt: "2026-03-07T00:00:00.000Z" }]);
    expect(laneOf(moved)).toBe(PROPOSTA.id);
    expect(laneOf(ticket(1, "2026-03-05T10:00:00Z"))).toBeNull();
  });
});

test("time in lane: minutes under an hour, hours under a day, then days", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  expect(laneAge("2026-03-10T11:35:00Z", now, "en")).toBe("25m");
  expect(laneAge("2026-03-10T07:00:00Z", now, "en")).toBe("5h");
  expect(laneAge("2026-03-07T12:00:00Z", now, "en")).toBe("3d");
  expect(laneAge("2026-03-10T12:05:00Z", now, "en")).toBe("0m");
});
