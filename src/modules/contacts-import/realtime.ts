import type { AppContext } from "../../context";
import { can } from "../../http/permissions";
import { companyEvent } from "../../realtime/hub";
import { findImport } from "./queries";
import type { createContactImportService } from "./service";

const registered = new WeakSet<AppContext>();

/**
 * `company-{id}-contactImport` frames: {action: 'progress' | 'done', import} after each batch of an import and at its
 * end, to the company's sockets whose user may import contacts (the frame carries the counts, not the rows).
 */
export function registerImportListeners(ctx: AppContext, imports: ReturnType<typeof createContactImportService>): void {
  if (registered.has(ctx)) return;
  registered.add(ctx);
  ctx.bus.onEveryInstance("contactImport.progress", async ({ companyId, importId }) => {
    if (!ctx.hub.companyIds().includes(companyId)) return;
    const imp = await findImport(ctx.db, companyId, importId);
    if (!imp) return;
    const frame = { action: imp.status === "done" || imp.status === "failed" ? "done" : "progress", import: await imports.view(imp) };
    ctx.hub.emit(companyId, companyEvent(companyId, "contactImport"), frame, { shape: (actor) => (can(actor, "contacts:manage") ? frame : undefined) });
  });
}
