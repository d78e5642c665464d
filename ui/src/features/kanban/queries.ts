import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import type { TagRef, Ticket } from "../tickets/types";
import { placeTicket, restore, snapshot, withLane } from "./cache";
import type { BoardRange, LaneKey, LanePage } from "./types";

/** One column of the board, 40 tickets a page: GET /api/kanban/lanes/:id/tickets, or /api/kanban/open/tickets. */
export const laneQuery = (lane: LaneKey, range: BoardRange) =>
  infiniteQueryOptions({
    queryKey: keys.kanban.lane(lane, range),
    queryFn: ({ pageParam, signal }) =>
      api.get<LanePage>(
        lane === null ? "/api/kanban/open/tickets" : `/api/kanban/lanes/${lane}/tickets`,
        { pageNumber: pageParam, dateFrom: range.dateFrom || undefined, dateTo: range.dateTo || undefined },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

/**
 * Moves a card (PUT /api/tickets/:id/lane): it shows in its new column at once; a refusal puts every column back as it
 * was (the mutation cache shows the server's message), the answer replaces the card with the server's ticket.
 */
export function useMoveTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, lane }: { ticket: Ticket; lane: TagRef | null }) => api.put<Ticket>(`/api/tickets/${ticket.id}/lane`, { laneId: lane?.id ?? null }),
    onMutate: async ({ ticket, lane }) => {
      await qc.cancelQueries({ queryKey: keys.kanban.all });
      const saved = snapshot(qc);
      placeTicket(qc, withLane(ticket, lane));
      return { saved };
    },
    onError: (_err, _vars, context) => {
      if (context) restore(qc, context.saved);
    },
    onSuccess: (ticket) => placeTicket(qc, ticket),
  });
}
