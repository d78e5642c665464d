import { stripMarks } from "../../../../src/channels/marks";
import type { Message, MessageTemplate, Ticket } from "./types";

/** Contact names are cut at 60 characters, last messages at 40, quick-message labels at 90. */
export const NAME_CUT = 60;
export const LAST_MESSAGE_CUT = 40;
export const QUICK_LABEL_CUT = 90;

export function cut(text: string | null | undefined, max: number): string {
  const s = text ?? "";
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** A message as a one-line preview (ticket list, quoted message): its WhatsApp marks stripped, cut at `max`. */
export const preview = (text: string | null | undefined, max: number): string => cut(stripMarks(text ?? ""), max);

const pad = (n: number) => String(n).padStart(2, "0");
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
export const ddmmyyyy = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** The list item's time: HH:mm when it is today, otherwise dd/MM/yyyy. */
export function ticketTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return sameDay(d, now) ? hhmm(d) : ddmmyyyy(d);
}

/** The date separator between messages of different days: today, yesterday or the date. */
export function dayKind(iso: string, now = new Date()): { kind: "today" | "yesterday" | "date"; date: string } {
  const d = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return { kind: sameDay(d, now) ? "today" : sameDay(d, yesterday) ? "yesterday" : "date", date: ddmmyyyy(d) };
}

export const dayOf = (iso: string) => ddmmyyyy(new Date(iso));

/** Ticket rating 1 to 5 as an emoji. */
const RATING_EMOJI = ["😡", "🙁", "😐", "🙂", "😍"] as const;
export function ratingEmoji(rate: number | null | undefined): string | null {
  return rate && rate >= 1 && rate <= 5 ? RATING_EMOJI[Math.round(rate) - 1]! : null;
}

/** Circled numbers ① … ⑳: the tab title shows one for up to 20 unread tickets, else the count in parentheses. */
export function titlePrefix(unread: number): string {
  if (unread <= 0) return "";
  if (unread <= 20) return String.fromCodePoint(0x2460 + unread - 1);
  return `(${unread})`;
}

/** Spec 4.2: own messages may be edited for 15 minutes (900000 ms). */
export const EDIT_WINDOW_MS = 900_000;

/**
 * Whether the ticket's reply window (Facebook, Instagram, the WhatsApp Cloud API) has closed; null when its channel has
 * none. The server's window is read once with the ticket, so the contact's later messages (socket) reopen it here and
 * the clock closes it.
 */
export function replyWindowClosed(ticket: Pick<Ticket, "replyWindow">, messages: readonly Message[], now = Date.now()): boolean | null {
  const w = ticket.replyWindow;
  if (!w) return null;
  const lastInbound = messages.findLast((m) => !m.fromMe && !m.isPrivate);
  // Counted from when the contact wrote (a late delivery arrives after it), as the server counts.
  const lastWritten = lastInbound ? Date.parse(lastInbound.writtenAt ?? lastInbound.createdAt) : 0;
  const closesAt = Math.max(w.closesAt ? Date.parse(w.closesAt) : 0, lastInbound ? lastWritten + w.hours * 3_600_000 : 0);
  return closesAt <= now;
}

/** The text of a template's BODY and the numbers of its {{n}} parameters, in order. */
export function templateBody(template: MessageTemplate): { text: string; params: number[] } {
  const text = template.components.find((c) => c.type.toUpperCase() === "BODY")?.text ?? "";
  const params = [...new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  return { text, params };
}
