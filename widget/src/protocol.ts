/**
 * The messages between widget.js (running on the site's page) and the chat frame (/widget/<widgetKey>, our origin).
 * Each side posts to the other's origin only and accepts a message only from the other's window and origin; the
 * frame's first message carries nothing (it asks for the visitor), so it may go before the site's origin is known.
 */

/** Frame -> page. */
export type FrameMessage =
  /** The frame has loaded: the page answers with `visitor` and `visible`. */
  | { type: "multi100:ready" }
  /** The visitor closed the chat. */
  | { type: "multi100:close" }
  /** A new visitor token to keep (null: forget it, the server refused it). */
  | { type: "multi100:token"; token: string | null };

/** Page -> frame. */
export type PageMessage =
  /** The visitor token the site keeps for this widget (null: none yet). */
  | { type: "multi100:visitor"; token: string | null }
  /** Whether the chat is showing. */
  | { type: "multi100:visible"; open: boolean };

/** A visitor token as the server signs them (base64url payload and signature): anything else is not kept or used. */
export const isVisitorToken = (v: unknown): v is string => typeof v === "string" && v.length <= 512 && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(v);

/** The site's storage key of a widget's visitor token. */
export const tokenKey = (widgetKey: string) => `multi100.webchat.v1.${widgetKey}`;
