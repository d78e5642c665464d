import type { AppContext } from "../../context";
import { companyEvent } from "../../realtime/hub";
import { canSee } from "./access";
import { findQuickMessage } from "./queries";
import { serializeQuickMessage } from "./serialize";

/**
 * `company-{id}-quickemessage` frames (the event name is spelt so, as the web app listens for it): create/update add or replace the record,
 * delete removes it. A personal message reaches only the sockets that may see it (its owner, admins).
 */
export function registerQuickMessageListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;
  const event = (companyId: number) => companyEvent(companyId, "quickemessage");
  bus.onEveryInstance("quickMessage.saved", async ({ companyId, quickMessageId, action }) => {
    const row = await findQuickMessage(db, companyId, quickMessageId);
    if (!row) return;
    const frame = { action, record: serializeQuickMessage(ctx, row) };
    hub.emit(companyId, event(companyId), frame, { shape: (actor) => (canSee(actor, row) ? frame : undefined) });
  });
  bus.onEveryInstance("quickMessage.deleted", ({ companyId, quickMessageId, userId, geral }) => {
    const frame = { action: "delete", id: quickMessageId };
    hub.emit(companyId, event(companyId), frame, { shape: (actor) => (canSee(actor, { userId, geral: geral ? 1 : 0 }) ? frame : undefined) });
  });
}
