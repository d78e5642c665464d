import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { upsertMessage } from "../tickets/cache";
import type { ContactRow } from "../contacts/queries";
import type { Message } from "../tickets/types";
import type { TicketLog } from "./types";

/** GET /api/tickets-log/:ticketId: the ticket's timeline, oldest first. */
export const ticketLogsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: keys.ticketLogs(ticketId),
    queryFn: () => api.get<TicketLog[]>(`/api/tickets-log/${ticketId}`),
    staleTime: 0,
  });

/** POST /api/messages/:ticketId with a vCard (a contact card); the body is the card's name, as received cards store it. */
export function useSendContactCard(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: { name: string; vCard: string }) =>
      api.post<{ message: Message; messages?: Message[] }>(`/api/messages/${ticketId}`, { body: card.name, vCard: card.vCard }),
    onSuccess: (r) => {
      for (const m of r.messages ?? [r.message]) upsertMessage(qc, m);
    },
  });
}

/** POST /api/message/forward: the server sends them in order, about 900 ms apart. */
export function useForwardMessages() {
  return useMutation({
    mutationFn: (input: { messageId: number[]; contactId: number; signMessage: boolean }) => api.post<unknown>("/api/message/forward", input),
  });
}

/**
 * The contact behind a card's number: an existing contact with the same digits, else a new one (POST /api/contacts).
 * The new-ticket flow then starts with it.
 */
export async function contactForNumber(name: string, number: string): Promise<ContactRow> {
  const digits = number.replace(/\D/g, "");
  const found = await api.get<unknown>("/api/contacts", { searchParam: digits });
  const rows = (Array.isArray(found) ? found : ((found as { contacts?: ContactRow[] } | null)?.contacts ?? [])) as ContactRow[];
  const same = rows.find((c) => !c.isGroup && c.number.replace(/\D/g, "") === digits);
  return same ?? api.post<ContactRow>("/api/contacts", { name: name || digits, number: digits });
}
