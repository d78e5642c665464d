import { describe, expect, test } from "bun:test";
import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { applyTicket, flattenMessages, removeTicket, ticketMatches, upsertMessage } from "./cache";
import type { Message, MessagesPage, Ticket, TicketListParams, TicketsPage } from "./types";

const me = { id: 7 };
const ticket = (over: Partial<Ticket>): Ticket => ({
  id: 1,
  uuid: "u1",
  status: "pending",
  queueId: 3,
  userId: null,
  contactId: 1,
  whatsappId: 1,
  channel: "webchat",
  isGroup: false,
  lastMessage: "hi",
  unreadMessages: 1,
  updatedAt: "2026-11-26T10:00:00Z",
  contact: { id: 1, name: "Ana" },
  queue: null,
  user: null,
  whatsapp: null,
  tags: [],
  ...over,
});
const params = (over: Partial<TicketListParams>): TicketListParams => ({ status: "pending", showAll: false, queueIds: [], sortTickets: "DESC", ...over });
const page = (tickets: Ticket[], count = tickets.length): TicketsPage => ({ tickets, hasMore: false, count });
const lists = (pages: TicketsPage[]): InfiniteData<TicketsPage, unknown> => ({ pages, pageParams: pages.map((_, i) => i + 1) });

describe("inbox cache: which list a changed ticket belongs to", () => {
  test("status, queue filter and the personal view", () => {
    expect(ticketMatches(params({}), ticket({}), me)).toBe(true);
    expect(ticketMatches(params({ status: "open" }), ticket({}), me)).toBe(false);
    expect(ticketMatches(params({ queueIds: [4] }), ticket({}), me)).toBe(false);
    expect(ticketMatches(params({ queueIds: [4] }), ticket({ queueId: null }), me)).toBe(true);
    expect(ticketMatches(params({ status: "open" }), ticket({ status: "open", userId: 8 }), me)).toBe(false);
    expect(ticketMatches(params({ status: "open", showAll: true }), ticket({ status: "open", userId: 8 }), me)).toBe(true);
    expect(ticketMatches(params({ searchParam: "" }), ticket({}), me)).toBe(false);
  });

  test("an accepted ticket leaves pending and tops open; counts follow", () => {
    const qc = new QueryClient();
    const pending = params({});
    const open = params({ status: "open" });
    qc.setQueryData(keys.tickets.list(pending), lists([page([ticket({}), ticket({ id: 2, uuid: "u2" })])]));
    qc.setQueryData(keys.tickets.list(open), lists([page([ticket({ id: 3, uuid: "u3", status: "open", userId: 7 })])]));
    applyTicket(qc, ticket({ status: "open", userId: 7, unreadMessages: 0 }), me);
    const p = qc.getQueryData<InfiniteData<TicketsPage>>(keys.tickets.list(pending))!;
    const o = qc.getQueryData<InfiniteData<TicketsPage>>(keys.tickets.list(open))!;
    expect(p.pages[0]!.tickets.map((t) => t.id)).toEqual([2]);
    expect(p.pages[0]!.count).toBe(1);
    expect(o.pages[0]!.tickets.map((t) => t.id)).toEqual([1, 3]);
    expect(o.pages[0]!.count).toBe(2);
    removeTicket(qc, 3);
    expect(qc.getQueryData<InfiniteData<TicketsPage>>(keys.tickets.list(open))!.pages[0]!.count).toBe(1);
  });
});

describe("conversation cache", () => {
  const msg = (id: number, over: Partial<Message> = {}): Message =>
    ({
      id,
      ticketId: 9,
      body: `m${id}`,
      fromMe: false,
      isPrivate: false,
      isDeleted: false,
      isEdited: false,
      mediaUrl: null,
      mediaType: null,
      quotedMsg: null,
      ack: 0,
      sendStatus: null,
      errorCode: null,
      errorMessage: null,
      userId: null,
      user: null,
      contact: null,
      reactions: [],
      createdAt: "2026-11-26T10:00:00Z",
      ...over,
    }) as Message;

  test("pages newest first become one chronological list without duplicates; new messages append, updates replace", () => {
    const qc = new QueryClient();
    const data: InfiniteData<MessagesPage, unknown> = {
      pages: [
        { messages: [msg(3), msg(4)], hasMore: true },
        { messages: [msg(1), msg(2), msg(3)], hasMore: false },
      ],
      pageParams: [1, 2],
    };
    qc.setQueryData(keys.messages.ticket(9), data);
    upsertMessage(qc, msg(5));
    upsertMessage(qc, msg(3, { isEdited: true, body: "edited" }));
    const flat = flattenMessages(qc.getQueryData(keys.messages.ticket(9)));
    expect(flat.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(flat.find((m) => m.id === 3)!.body).toBe("edited");
  });

  test("a state older than the one shown is dropped, whichever order the answer and the socket frame arrive in", () => {
    const qc = new QueryClient();
    const at = (s: number) => `2026-11-26T10:00:0${s}.000Z`;
    qc.setQueryData(keys.messages.ticket(9), {
      pages: [{ messages: [msg(7, { sendStatus: "failed", attempts: 1, updatedAt: at(1) })], hasMore: false }],
      pageParams: [1],
    });
    const shown = () => flattenMessages(qc.getQueryData(keys.messages.ticket(9)))[0]!;
    // The socket frame of the retry's second failure arrives first...
    upsertMessage(qc, msg(7, { sendStatus: "failed", attempts: 2, updatedAt: at(3), errorCode: "NOT_ON_CHANNEL" }));
    // ...then the retry's own answer, taken while the message was still queued.
    upsertMessage(qc, msg(7, { sendStatus: "queued", attempts: 1, updatedAt: at(2) }));
    expect(shown()).toMatchObject({ sendStatus: "failed", attempts: 2, errorCode: "NOT_ON_CHANNEL" });
    // Same attempt and millisecond: the later send step wins.
    upsertMessage(qc, msg(7, { sendStatus: "sending", attempts: 2, updatedAt: at(3) }));
    expect(shown().sendStatus).toBe("failed");
    // Later changes (an ack, an edit) still land.
    upsertMessage(qc, msg(7, { sendStatus: "sent", attempts: 3, updatedAt: at(5), ack: 2 }));
    expect(shown()).toMatchObject({ sendStatus: "sent", ack: 2 });
    upsertMessage(qc, msg(7, { sendStatus: "sent", attempts: 3, updatedAt: at(6), isEdited: true, body: "edited" }));
    expect(shown()).toMatchObject({ isEdited: true, body: "edited" });
  });
});
