import type { Connection } from "./types";

/** The script tag a site owner pastes into every page of their site: the loader with the connection's widgetKey. */
export const embedSnippet = (origin: string, widgetKey: string) => `<script src="${origin}/widget.js" data-key="${widgetKey}" async></script>`;

/** The chat page on its own, as a visitor sees it (the preview link). */
export const previewUrl = (origin: string, widgetKey: string) => `${origin}/widget/${encodeURIComponent(widgetKey)}`;

/** The sites a web-chat connection lets embed it; empty: any site. */
export function allowedSites(c: Pick<Connection, "config">): string[] {
  const list = (c.config as { allowedOrigins?: unknown }).allowedOrigins;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string") : [];
}
