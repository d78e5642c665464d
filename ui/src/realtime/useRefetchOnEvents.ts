import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "valtio";
import { useSessionUser } from "../features/auth/hooks";
import { onSocketEvent, socketState } from "./socket";

/** How long after an event a view is read again: `wait` after the last one, and never more than `maxWait` after the first. */
export interface RefetchDelay {
  wait: number;
  maxWait: number;
}

/**
 * Keeps a view live without frames of its own: the company's socket events named (`ticket`, `appMessage`; the
 * server sends each user only those of tickets they may see) read the view's queries again, debounced so a burst of
 * events (a campaign's replies, closeAll) costs one read, and capped so a steady stream on a busy desk still reads
 * it now and then. A reconnect reads it too, since frames may have been missed. `queryKey` and `events` are constants.
 */
export function useRefetchOnEvents(queryKey: QueryKey, events: readonly string[], { wait, maxWait }: RefetchDelay) {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first: number | undefined;
    const read = () => {
      first = undefined;
      void qc.invalidateQueries({ queryKey });
    };
    const refetch = () => {
      const now = Date.now();
      first ??= now;
      clearTimeout(timer);
      timer = setTimeout(read, Math.min(wait, first + maxWait - now));
    };
    const offs = events.map((name) => onSocketEvent(`company-${companyId}-${name}`, refetch));
    let was = socketState.status;
    const offStatus = subscribe(socketState, () => {
      if (socketState.status === "open" && was === "closed") refetch();
      was = socketState.status;
    });
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
      offStatus();
    };
  }, [qc, companyId, queryKey, events, wait, maxWait]);
}
