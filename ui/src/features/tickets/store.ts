import { proxy } from "valtio";
import type { InboxView, OpenTab, TicketStatus } from "./types";

/** The tickets panel is 404-700 px wide, 550 by default. */
export const PANEL_MIN_PX = 404;
export const PANEL_MAX_PX = 700;
export const PANEL_DEFAULT_PX = 550;

export interface SearchFilters {
  term: string;
  onMessages: boolean;
  tags: number[];
  whatsapps: number[];
  users: number[];
  statuses: TicketStatus[];
}

/** Client state of the inbox: which view and tab, the toolbar's toggles and the search form. */
export const inbox = proxy({
  view: "open" as InboxView,
  openTab: "open" as OpenTab,
  showAll: false,
  sortAsc: false,
  /** null until the user picks: then every queue of theirs is selected. */
  queueIds: null as number[] | null,
  search: { term: "", onMessages: false, tags: [], whatsapps: [], users: [], statuses: [] } as SearchFilters,
  /** Under 600 px the inbox is two tabs: the open ticket and the list. */
  mobileTab: "list" as "ticket" | "list",
  /** The ticket whose conversation is on screen: its new messages do not count as unread. */
  openTicketId: null as number | null,
});

export function setView(view: InboxView) {
  inbox.view = view;
}

/** After accept or reopen the view goes to the ticket and selects the matching tab. */
export function showTicketTab(status: TicketStatus) {
  if (status === "open" || status === "pending" || status === "group") {
    inbox.view = "open";
    inbox.openTab = status;
  } else if (status === "closed") inbox.view = "closed";
}

export function setMobileTab(tab: "ticket" | "list") {
  inbox.mobileTab = tab;
}
