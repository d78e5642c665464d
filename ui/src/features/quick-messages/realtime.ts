import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import type { QuickMessagesData } from "./queries";
import { byShortcode, matchesSearch, type QuickMessage } from "./types";

export type QuickMessageFrame = { action?: string; record?: QuickMessage; id?: number };

/**
 * Puts `record` into one loaded list searched for `search`: in place of its old copy, or where the server's order puts
 * it among the loaded rows (past the last loaded row it waits for the next page); out of the list when it no longer
 * matches the search.
 */
function place(data: QuickMessagesData, search: string, record: QuickMessage): QuickMessagesData {
  const had = data.pages.some((p) => p.records.some((r) => r.id === record.id));
  const fits = matchesSearch(record, search);
  const without = data.pages.map((p) => ({ ...p, records: p.records.filter((r) => r.id !== record.id) }));
  let pages = without;
  if (fits) {
    const at = without.findIndex((p) => p.records.some((r) => byShortcode(record, r) < 0));
    const last = without.length - 1;
    const target = at >= 0 ? at : without[last]?.hasMore ? -1 : last;
    if (target >= 0) pages = without.map((p, i) => (i === target ? { ...p, records: [...p.records, record].sort(byShortcode) } : p));
  }
  const delta = (fits ? 1 : 0) - (had ? 1 : 0);
  return { ...data, pages: pages.map((p, i) => (i === 0 ? { ...p, count: p.count + delta } : p)) };
}

/** A company-{id}-quickemessage frame applied to every loaded list of the page: create and update put the record in its place, delete drops it. */
export function applyQuickMessageFrame(qc: QueryClient, frame: QuickMessageFrame) {
  for (const [key, data] of qc.getQueriesData<QuickMessagesData>({ queryKey: keys.quickMessagesPages })) {
    if (!data) continue;
    const search = String(key[2] ?? "");
    if (frame.action === "delete" && typeof frame.id === "number") {
      const had = data.pages.some((p) => p.records.some((r) => r.id === frame.id));
      if (!had) continue;
      qc.setQueryData<QuickMessagesData>(key, {
        ...data,
        pages: data.pages.map((p, i) => ({ ...p, records: p.records.filter((r) => r.id !== frame.id), count: i === 0 ? p.count - 1 : p.count })),
      });
    } else if ((frame.action === "create" || frame.action === "update") && frame.record) {
      qc.setQueryData<QuickMessagesData>(key, place(data, search, frame.record));
    }
  }
  // The message input reads its own list again the next time a slash opens it.
  void qc.invalidateQueries({ queryKey: keys.quickMessages, refetchType: "none" });
}

/** Keeps the quick-messages page live while mounted. */
export function useQuickMessagesRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-quickemessage`, (data: QuickMessageFrame) => applyQuickMessageFrame(qc, data));
  }, [qc, companyId]);
}
