import { useSnapshot } from "valtio";
import { useDebounced } from "../../shell/hooks";
import { useSessionUser } from "../../auth/hooks";
import { canUser } from "../../auth/permissions";
import { inbox } from "../store";
import type { TicketListParams, TicketStatus } from "../types";

/** The search box waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The queues the list is filtered by: the user's choice, else every queue of theirs. */
export function useSelectedQueueIds(): number[] {
  const { queueIds } = useSnapshot(inbox);
  const user = useSessionUser();
  return queueIds ? [...queueIds] : (user?.queues ?? []).map((q) => q.id);
}

/** GET /api/tickets parameters of one live list (open, pending, group, closed) from the toolbar's state. */
export function useListParams(status: TicketStatus): TicketListParams {
  const snap = useSnapshot(inbox);
  const user = useSessionUser();
  const queueIds = useSelectedQueueIds();
  // The sort toggle is not offered on the closed view.
  const sortable = status !== "closed";
  return {
    status,
    showAll: snap.showAll && canUser(user, "tickets-manager:showall"),
    queueIds,
    sortTickets: sortable && snap.sortAsc ? "ASC" : "DESC",
  };
}

/** The search view's parameters; the user filter is for admins only and a plain user's search never shows all. */
export function useSearchParams(): TicketListParams {
  const snap = useSnapshot(inbox);
  const user = useSessionUser();
  const term = useDebounced(snap.search.term.trim(), SEARCH_DEBOUNCE_MS);
  return {
    showAll: snap.showAll && canUser(user, "tickets-manager:showall"),
    queueIds: useSelectedQueueIds(),
    sortTickets: "DESC",
    searchParam: term,
    searchOnMessages: snap.search.onMessages,
    tags: [...snap.search.tags],
    whatsapps: [...snap.search.whatsapps],
    users: canUser(user, "tickets-manager:filterByUser") ? [...snap.search.users] : [],
    statusFilter: [...snap.search.statuses],
  };
}
