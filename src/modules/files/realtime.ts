import type { AppContext } from "../../context";
import { can } from "../../http/permissions";
import { companyEvent } from "../../realtime/hub";
import { findFileList, listOptions } from "./queries";
import { serializeFileList } from "./serialize";

/**
 * `company-{id}-file` frames to the sockets of those who manage file lists: create/update carry the list as the REST
 * answer gives it (`files`), delete its id (`fileId`).
 */
export function registerFileListListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;
  const event = (companyId: number) => companyEvent(companyId, "file");
  const managers = <T>(frame: T) => ({ shape: (actor: Parameters<typeof can>[0]) => (can(actor, "files:manage") ? frame : undefined) });
  bus.onEveryInstance("fileList.saved", async ({ companyId, fileListId, action }) => {
    const row = await findFileList(db, companyId, fileListId);
    if (!row) return;
    const frame = { action, files: serializeFileList(ctx, row, await listOptions(db, companyId, [fileListId])) };
    hub.emit(companyId, event(companyId), frame, managers(frame));
  });
  bus.onEveryInstance("fileList.deleted", ({ companyId, fileListId }) => {
    const frame = { action: "delete", fileId: fileListId };
    hub.emit(companyId, event(companyId), frame, managers(frame));
  });
}
