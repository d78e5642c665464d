import { describe, expect, test } from "bun:test";
import { cut, dayKind, preview, ratingEmoji, replyWindowClosed, templateBody, ticketTime, titlePrefix } from "./format";
import type { Message, MessageTemplate } from "./types";

describe("inbox formats", () => {
  test("names and messages are cut at their length", () => {
    expect(cut("a".repeat(60), 60)).toBe("a".repeat(60));
    expect(cut("a".repeat(61), 60)).toBe(`${"a".repeat(60)}…`);
    expect(cut(null, 40)).toBe("");
  });

  test("previews show the text without its WhatsApp marks, then cut", () => {
    expect(preview("*Admin*:\nOlá _tudo_ ~bem~? ```ok```", 40)).toBe("Admin:\nOlá tudo bem? ok");
    expect(preview("snake_case_names 2*3*4", 40)).toBe("snake_case_names 2*3*4");
    expect(preview(`*${"a".repeat(50)}*`, 40)).toBe(`${"a".repeat(40)}…`);
    expect(preview(null, 40)).toBe("");
  });

  test("HH:mm today, dd/MM/yyyy otherwise", () => {
    const now = new Date(2026, 10, 26, 15, 0);
    expect(ticketTime(new Date(2026, 10, 26, 9, 5).toISOString(), now)).toBe("09:05");
    expect(ticketTime(new Date(2026, 10, 25, 23, 59).toISOString(), now)).toBe("25/11/2026");
  });

  test("date separators", () => {
    const now = new Date(2026, 0, 1, 10);
    expect(dayKind(new Date(2026, 0, 1, 1).toISOString(), now).kind).toBe("today");
    expect(dayKind(new Date(2025, 11, 31, 23).toISOString(), now).kind).toBe("yesterday");
    expect(dayKind(new Date(2025, 11, 30).toISOString(), now)).toEqual({ kind: "date", date: "30/12/2025" });
  });

  test("rating emoji only for 1 to 5", () => {
    expect(ratingEmoji(0)).toBeNull();
    expect(ratingEmoji(5)).toBe("😍");
    expect(ratingEmoji(6)).toBeNull();
  });

  test("tab title: a symbol up to 20, then the count in parentheses", () => {
    expect(titlePrefix(0)).toBe("");
    expect(titlePrefix(1)).toBe("①");
    expect(titlePrefix(20)).toBe("⑳");
    expect(titlePrefix(21)).toBe("(21)");
  });
});

describe("the reply window and templates", () => {
  const HOUR = 3_600_000;
  const now = Date.parse("2024-05-02T12:00:00Z");
  const inbound = (createdAt: string) => ({ fromMe: false, isPrivate: false, createdAt }) as Message;
  test("the server's window, reopened by a newer inbound message and closed by the clock; null without a window", () => {
    expect(replyWindowClosed({ replyWindow: null }, [], now)).toBeNull();
    expect(replyWindowClosed({ replyWindow: { hours: 24, lastInboundAt: null, closesAt: null } }, [], now)).toBe(true);
    expect(replyWindowClosed({ replyWindow: { hours: 24, lastInboundAt: null, closesAt: null } }, [inbound(new Date(now - HOUR).toISOString())], now)).toBe(
      false,
    );
    expect(replyWindowClosed({ replyWindow: { hours: 24, lastInboundAt: "x", closesAt: new Date(now - 1).toISOString() } }, [], now)).toBe(true);
  });
  test("a message delivered late counts from when the contact wrote it", () => {
    const closed = { replyWindow: { hours: 24, lastInboundAt: null, closesAt: null } };
    const late = (writtenHoursAgo: number) =>
      ({ ...inbound(new Date(now - 60_000).toISOString()), writtenAt: new Date(now - writtenHoursAgo * HOUR).toISOString() }) as Message;
    expect(replyWindowClosed(closed, [late(25)], now)).toBe(true);
    expect(replyWindowClosed(closed, [late(23)], now)).toBe(false);
  });
  test("a template's BODY text and its parameter numbers", () => {
    const tpl = {
      components: [
        { type: "HEADER", text: "{{9}}" },
        { type: "BODY", text: "Olá {{1}}, pedido {{2}} ({{1}})" },
      ],
    } as MessageTemplate;
    expect(templateBody(tpl)).toEqual({ text: "Olá {{1}}, pedido {{2}} ({{1}})", params: [1, 2] });
  });
});
