import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";

/**
 * Keeps the file lists live while mounted: a company-{id}-file frame (a list created, changed, uploaded to or deleted
 * elsewhere) reloads the loaded pages and the pickers.
 */
export function useFileListsRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-file`, () => void qc.invalidateQueries({ queryKey: keys.fileListsAll }));
  }, [qc, companyId]);
}
