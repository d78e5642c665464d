import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "valtio";
import { api } from "../../../api/client";
import { keys } from "../../../api/keys";
import { onSocketEvent, socketState } from "../../../realtime/socket";
import { session } from "../../auth/store";
import { applyTicket, patchTickets, removeTicket, upsertMessage } from "../cache";
import { inbox } from "../store";
import type { Message, Ticket } from "../types";

/** Reading page 1 of a ticket's messages marks it read on the server (and tells its audience); one call per burst. */
const READ_DEBOUNCE_MS = 800;
const readTimers = new Map<number, ReturnType<typeof setTimeout>>();
function markReadSoon(ticketId: number) {
  clearTimeout(readTimers.get(ticketId));
  readTimers.set(
    ticketId,
    setTimeout(() => {
      readTimers.delete(ticketId);
      api.get(`/api/messages/${ticketId}`, { pageNumber: 1 }).catch(() => undefined);
    }, READ_DEBOUNCE_MS),
  );
}

/**
 * Routes the inbox's socket frames into the query caches: company-{id}-ticket (update, updateUnread,
 * delete), company-{id}-appMessage (create, update, delete) and company-{id}-contact (update). After a reconnect the
 * lists and conversations are fetched again, since frames may have been missed meanwhile.
 */
export function useInboxRealtime() {
  const qc = useQueryClient();
  const companyId = session.user?.companyId;

  useEffect(() => {
    if (!companyId) return;
    const me = () => ({ id: session.user?.id ?? 0 });
    /** The open conversation's ticket stays read while the agent looks at it. */
    const seen = (t: Ticket): Ticket => {
      if (t.id !== inbox.openTicketId || !t.unreadMessages) return t;
      markReadSoon(t.id);
      return { ...t, unreadMessages: 0 };
    };
    const offs = [
      onSocketEvent(`company-${companyId}-ticket`, (d: { action: string; ticket?: Ticket; ticketId?: number }) => {
        if (d.action === "delete" && d.ticketId) removeTicket(qc, d.ticketId);
        else if (d.action === "updateUnread" && d.ticketId)
          patchTickets(
            qc,
            (t) => t.id === d.ticketId,
            (t) => ({ ...t, unreadMessages: 0 }),
          );
        else if (d.action === "update" && d.ticket) applyTicket(qc, seen(d.ticket), me());
      }),
      onSocketEvent(`company-${companyId}-appMessage`, (d: { action: string; message?: Message; ticket?: Ticket }) => {
        if (d.message) upsertMessage(qc, d.message);
        if (d.ticket && d.action === "create") applyTicket(qc, seen(d.ticket), me());
      }),
      onSocketEvent(`company-${companyId}-contact`, (d: { action: string; contact?: Ticket["contact"] }) => {
        const c = d.contact;
        if (d.action !== "update" || !c) return;
        patchTickets(
          qc,
          (t) => t.contactId === c.id,
          (t) => ({ ...t, contact: { ...t.contact, ...c } }),
        );
        void qc.invalidateQueries({ queryKey: keys.contacts.detail(c.id) });
      }),
    ];
    // A reconnect passes through "connecting" after the close: remember the close until the socket is open again.
    let dropped = false;
    const offStatus = subscribe(
      socketState,
      () => {
        if (socketState.status === "closed") dropped = true;
        else if (socketState.status === "open" && dropped) {
          dropped = false;
          void qc.invalidateQueries({ queryKey: keys.tickets.all });
          void qc.invalidateQueries({ queryKey: keys.messages.all });
        }
      },
      true,
    );
    return () => {
      for (const off of offs) off();
      offStatus();
    };
  }, [qc, companyId]);
}
