import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { i18n } from "../../i18n";
import { toaster } from "../../components/ui/toast";
import { canUser } from "../auth/permissions";
import { useSessionUser } from "../auth/hooks";
import { formatUpdatedAt } from "./format";
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
  const user = useSessionUser();
  const companyId = user?.companyId;
  const managesConnections = canUser(user, "connections-page:view");
  useEffect(() => {
    if (!enabled || !companyId) return;
    const offs = [
      onSocketEvent(`company-${companyId}-whatsapp`, (data: { action?: string; whatsapp?: Patch; whatsappId?: number }) => {
        if (data?.action === "delete" && typeof data.whatsappId === "number") removeConnection(qc, data.whatsappId);
        else if (data?.action === "update" && data.whatsapp) applyConnectionPatch(qc, data.whatsapp);
      }),
      onSocketEvent(`company-${companyId}-whatsappSession`, (data: { action?: string; session?: Patch }) => {
        if (data?.action !== "update" || !data.session) return;
        if (managesConnections) noticeDrop(qc.getQueryData<Patch[]>(connectionKeys.list), data.session);
        applyConnectionPatch(qc, data.session);
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
    return () => {
      for (const off of offs) off();
    };
  }, [qc, companyId, enabled, managesConnections]);
}

/**
 * A drop must be visible at once to those who manage connections, with the time it dropped. The toast's
 * id is the drop itself, so the hook's several subscribers (drawer badge, page) show it once.
 */
function noticeDrop(list: Patch[] | undefined, session: Patch) {
  const droppedAt = session.droppedAt as string | null | undefined;
  if (!droppedAt) return;
  const before = list?.find((c) => c.id === session.id);
  if (before?.droppedAt === droppedAt) return;
  const name = (before?.name as string | undefined) ?? `#${session.id}`;
  toaster.create({
    id: `connection-drop-${session.id}-${droppedAt}`,
    type: "warning",
    duration: 10_000,
    title: i18n.t("connections.dropNotice", { name, time: formatUpdatedAt(droppedAt) }),
  });
}
