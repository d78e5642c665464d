import type { AppContext } from "../../context";
import { companyEvent } from "../../realtime/hub";
import { findTag } from "./queries";
import { serializeTag } from "./serialize";

/**
 * `company-{id}-tag` frames (create/update replace or add the item, delete removes it). The family we replace
 * writes `company{id}-tag`; we keep the dash of every other event name (docs/decisions.md). Tags are the company's:
 * every socket of the company receives them.
 */
export function registerTagListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;
  const changed =
    (action: "create" | "update") =>
    async ({ companyId, tagId }: { companyId: number; tagId: number }) => {
      const row = await findTag(db, companyId, tagId);
      if (row) hub.emit(companyId, companyEvent(companyId, "tag"), { action, tag: serializeTag(row) });
    };
  bus.onEveryInstance("tag.created", changed("create"));
  bus.onEveryInstance("tag.updated", changed("update"));
  bus.onEveryInstance("tag.deleted", ({ companyId, tagId }) => hub.emit(companyId, companyEvent(companyId, "tag"), { action: "delete", tagId }));
}
