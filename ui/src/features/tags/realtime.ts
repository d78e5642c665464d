import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import { invalidateTags } from "./queries";
import type { Tag, TagsPage } from "./types";

export type TagFrame = { action?: string; tag?: Tag; tagId?: number };

/**
 * A company-{id}-tag frame applied to the tags page's loaded lists at once: update replaces the tag where it is shown,
 * delete drops it (and counts one less). Then the lists and pickers read again, so a new tag lands in its place by
 * name and the pages stay aligned with the server's paging.
 */
export function applyTagFrame(qc: QueryClient, frame: TagFrame) {
  const deleted = frame.action === "delete" && typeof frame.tagId === "number" ? frame.tagId : undefined;
  const updated = frame.action === "update" ? frame.tag : undefined;
  if (deleted === undefined && !updated && !(frame.action === "create" && frame.tag)) return;
  qc.setQueriesData<InfiniteData<TagsPage>>({ queryKey: keys.tagPages }, (data) => {
    if (!data) return data;
    const shown = data.pages.some((p) => p.tags.some((t) => t.id === (deleted ?? updated?.id)));
    if (!shown) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        count: deleted !== undefined ? Math.max(0, p.count - 1) : p.count,
        tags: deleted !== undefined ? p.tags.filter((t) => t.id !== deleted) : p.tags.map((t) => (t.id === updated!.id ? updated! : t)),
      })),
    };
  });
  void invalidateTags(qc);
}

/** Keeps the tags page live while mounted. */
export function useTagsRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-tag`, (data: TagFrame) => applyTagFrame(qc, data));
  }, [qc, companyId]);
}
