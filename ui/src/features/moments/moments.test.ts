import { describe, expect, test } from "bun:test";
import { groupMoments, mayOpen, momentMessage, momentName } from "./format";
import type { Moment } from "./types";

const moment = (id: number, user: Moment["user"], extra: Partial<Moment> = {}): Moment => ({
  id,
  uuid: `uuid-${id}`,
  status: user ? "open" : "pending",
  userId: user?.id ?? null,
  user,
  contact: { id, name: `Contact ${id}`, number: "5511900000000", urlPicture: null, isGroup: false },
  lastMessage: "hi",
  whatsapp: null,
  queue: null,
  unreadMessages: 0,
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...extra,
});

describe("pending panel format", () => {
  test("names over 30 characters are cut to 25 plus an ellipsis; 30 stay whole", () => {
    expect(momentName("a".repeat(30))).toBe("a".repeat(30));
    expect(momentName("a".repeat(31))).toBe(`${"a".repeat(25)}…`);
    expect(momentName(null)).toBe("");
  });

  test("last messages are cut at 27 plus an ellipsis, their WhatsApp marks stripped", () => {
    expect(momentMessage("b".repeat(27))).toBe("b".repeat(27));
    expect(momentMessage("b".repeat(28))).toBe(`${"b".repeat(27)}…`);
    expect(momentMessage(`*${"c".repeat(30)}*`)).toBe(`${"c".repeat(27)}…`);
    expect(momentMessage(null)).toBe("");
  });

  test("a card per user (online first, then by name) keeps the server's order; tickets without a user go to pending", () => {
    const ana = { id: 1, name: "Ana", online: false };
    const bruno = { id: 2, name: "Bruno", online: true };
    const caio = { id: 3, name: "Caio", online: false };
    const { cards, pending } = groupMoments([moment(10, caio), moment(11, null), moment(12, ana), moment(13, bruno), moment(14, ana), moment(15, null)]);
    expect(cards.map((c) => [c.user.name, c.tickets.map((t) => t.id)])).toEqual([
      ["Bruno", [13]],
      ["Ana", [12, 14]],
      ["Caio", [10]],
    ]);
    expect(pending.map((t) => t.id)).toEqual([11, 15]);
  });

  test("admins open any ticket; others only their own", () => {
    const own = moment(1, { id: 7, name: "Ana", online: true });
    const unassigned = moment(2, null);
    expect([mayOpen(own, { id: 7, admin: false }), mayOpen(unassigned, { id: 7, admin: false })]).toEqual([true, false]);
    expect([mayOpen(own, { id: 9, admin: true }), mayOpen(unassigned, { id: 9, admin: true })]).toEqual([true, true]);
    expect(mayOpen(own, { id: 9, admin: false })).toBe(false);
  });
});
