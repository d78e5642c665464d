import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "valtio";
import { keys } from "../../api/keys";
import { onSocketEvent, socketState } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import type { Ticket } from "../tickets/types";
import { dropTicket, placeTicket } from "./cache";

/**
 * Keeps the board live: a ticket frame (another agent's move, an accept, a close) or a new message puts the card in
 * the column it now belongs to, or takes it off the board; a ticket the user may no longer see leaves it. After a
 * reconnect the columns are read again, since frames may have been missed.
 */
export function useKanbanRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    const offs = [
      onSocketEvent(`company-${companyId}-ticket`, (d: { action: string; ticket?: Ticket; ticketId?: number }) => {
        if (d.action === "update" && d.ticket) placeTicket(qc, d.ticket);
        else if (d.action === "delete" && d.ticketId) dropTicket(qc, d.ticketId);
      }),
      onSocketEvent(`company-${companyId}-appMessage`, (d: { action: string; ticket?: Ticket }) => {
        if (d.action === "create" && d.ticket) placeTicket(qc, d.ticket);
      }),
    ];
    let was = socketState.status;
    const offStatus = subscribe(socketState, () => {
      if (socketState.status === "open" && was === "closed") void qc.invalidateQueries({ queryKey: keys.kanban.all });
      was = socketState.status;
    });
    return () => {
      for (const off of offs) off();
      offStatus();
    };
  }, [qc, companyId]);
}
