import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "valtio";
import { keys } from "../../api/keys";
import { onSocketEvent, socketState } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";

/**
 * A burst of events (a campaign's replies, closeAll) costs one read: the panel reads again this long after the last
 * ticket or message event. Its answer is up to 500 tickets, too much to read per frame.
 */
export const MOMENTS_REFETCH_DEBOUNCE_MS = 400;

/**
 * Keeps the panel live: every ticket or message event of the company (the server sends each user only those of
 * tickets they may see) reads the panel again, debounced; so does a reconnect, since frames may have been missed.
 */
export function useMomentsRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: keys.moments }), MOMENTS_REFETCH_DEBOUNCE_MS);
    };
    const offs = [onSocketEvent(`company-${companyId}-ticket`, refetch), onSocketEvent(`company-${companyId}-appMessage`, refetch)];
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
  }, [qc, companyId]);
}
