import type { SessionUser } from "../auth/types";

/** A quick message as the API answers it; its media as a signed link (1 hour). */
export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string | null;
  /** Company-wide: every user of the company sees and uses it. */
  geral: boolean;
  /** Visibility: on, a personal message is edited by its owner alone. */
  visao: boolean;
  /** Active: offered in the message input. */
  status: boolean;
  userId: number | null;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: string | null;
}

export interface QuickMessagesPage {
  records: QuickMessage[];
  count: number;
  hasMore: boolean;
}

/** The dialog's fields. */
export interface QuickMessageForm {
  shortcode: string;
  message: string;
  visao: boolean;
  geral: boolean;
}

export const QUICK_MESSAGE_DEFAULTS: QuickMessageForm = { shortcode: "", message: "", visao: true, geral: false };

/** The longest shortcode and message the server keeps. */
export const SHORTCODE_MAX = 100;
export const MESSAGE_MAX = 10_000;

export const formFromQuickMessage = (q: QuickMessage): QuickMessageForm => ({
  shortcode: q.shortcode,
  message: q.message ?? "",
  visao: q.visao,
  geral: q.visao && q.geral,
});

/** The body of POST/PUT /api/quick-messages: "general" is offered only while visibility is on, so it is off otherwise. */
export const bodyFromForm = (f: QuickMessageForm) => ({
  shortcode: f.shortcode.trim(),
  message: f.message,
  visao: f.visao,
  geral: f.visao && f.geral,
});

const isAdmin = (u: SessionUser) => u.profile === "admin" || !!u.super;

/**
 * The server's owner rules: the owner edits and deletes; an admin deletes any and edits any but a personal message
 * whose visibility is on (unless its owner is gone); nobody else changes one.
 */
export function canEdit(user: SessionUser | null | undefined, q: Pick<QuickMessage, "userId" | "geral" | "visao">): boolean {
  if (!user) return false;
  if (q.userId === user.id) return true;
  return isAdmin(user) && !(q.visao && !q.geral && q.userId !== null);
}

export function canDelete(user: SessionUser | null | undefined, q: Pick<QuickMessage, "userId">): boolean {
  return !!user && (q.userId === user.id || isAdmin(user));
}

/** Whether a message belongs in a list searched for `term` (shortcode or text containing it, case ignored), as the server filters. */
export function matchesSearch(q: Pick<QuickMessage, "shortcode" | "message">, term: string): boolean {
  const t = term.trim().toLowerCase();
  return !t || q.shortcode.toLowerCase().includes(t) || (q.message ?? "").toLowerCase().includes(t);
}

/** The server's order: by shortcode, then id. */
export const byShortcode = (a: QuickMessage, b: QuickMessage) => (a.shortcode < b.shortcode ? -1 : a.shortcode > b.shortcode ? 1 : a.id - b.id);
