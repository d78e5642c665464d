import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import { applyConnectionPatch, type Patch, removeConnection } from "./cache";
import { connectionKeys } from "./queries";
import { clearImportProgress, setImportProgress, type ImportStatus } from "./import-store";
import { isImporting } from "./import-status";

/**
 * Keeps the connection caches live while mounted (the drawer's badge and the connections page both use it; patches
 * are idempotent, so two subscribers do no harm). Also the import-of-old-messages events (importMessages-{companyId}):
 * `update` carries the progress, `refresh` means the rows changed.
 */
export function useConnectionsRealtime(enabled = true) {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!enabled || !companyId) return;
    const offs = [
      onSocketEvent(`company-${companyId}-whatsapp`, (data: { action?: string; whatsapp?: Patch; whatsappId?: number }) => {
        if (data?.action === "delete" && typeof data.whatsappId === "number") removeConnection(qc, data.whatsappId);
        else if (data?.action === "update" && data.whatsapp) applyConnectionPatch(qc, data.whatsapp);
      }),
      onSocketEvent(`company-${companyId}-whatsappSession`, (data: { action?: string; session?: Patch }) => {
        if (data?.action === "update" && data.session) applyConnectionPatch(qc, data.session);
      }),
      onSocketEvent(`importMessages-${companyId}`, (data: { action?: string; status?: ImportStatus }) => {
        if (data?.action === "update" && data.status) {
          setImportProgress(data.status);
          // A status row starts "running" without a connection frame: the first update has the rows fetched again.
          const list = qc.getQueryData<{ statusImportMessages: string | null }[]>(connectionKeys.list);
          if (list && !list.some(isImporting)) void qc.invalidateQueries({ queryKey: connectionKeys.list });
        }
        if (data?.action === "refresh") {
          clearImportProgress();
          void qc.invalidateQueries({ queryKey: keys.whatsapps });
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [qc, companyId, enabled]);
}
