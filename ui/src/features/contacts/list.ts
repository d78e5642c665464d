import { type InfiniteData, infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import type { TagRef } from "../tickets/types";
import type { ContactRow } from "./queries";

/** One page of GET /api/contacts. */
export interface ContactsPage {
  contacts: ContactRow[];
  count: number;
  hasMore: boolean;
}

/** The contacts page's list, 20 a page by name: the search and the tags every contact must carry. */
export const contactsPageQuery = (search: string, tagIds: readonly number[]) =>
  infiniteQueryOptions({
    queryKey: keys.contacts.page(search, tagIds),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactsPage>(
        "/api/contacts",
        { searchParam: search, pageNumber: pageParam, contactTag: tagIds.length ? JSON.stringify(tagIds) : undefined },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last: ContactsPage, all: ContactsPage[]) => (last.hasMore ? all.length + 1 : undefined),
  });

export type ContactFrame = { action?: string; contact?: ContactRow; contactId?: number };

/** The tag filter a list was read with (the last part of its key). */
const filterTags = (queryKey: readonly unknown[]) => (Array.isArray(queryKey[3]) ? (queryKey[3] as number[]) : []);
const carriesAll = (contact: ContactRow, tagIds: readonly number[]) => tagIds.every((id) => contact.tags?.some((t) => t.id === id));

/**
 * A company-{id}-contact frame applied to the contacts page's loaded lists: an update replaces the contact where it is
 * shown (and drops it from a list filtered by a tag it no longer carries), a delete drops it and counts one less. A
 * contact no list shows yet (new, or beyond the loaded pages) makes the lists read again, so it lands in its place by
 * name; a change to a shown contact is applied in place without a read.
 */
export function applyContactFrame(qc: QueryClient, frame: ContactFrame) {
  const deleted = frame.action === "delete" && typeof frame.contactId === "number" ? frame.contactId : undefined;
  const updated = frame.action === "update" || frame.action === "create" ? frame.contact : undefined;
  const id = deleted ?? updated?.id;
  if (id === undefined) return;
  let shown = false;
  for (const [queryKey, data] of qc.getQueriesData<InfiniteData<ContactsPage>>({ queryKey: keys.contacts.pages })) {
    if (!data?.pages.some((p) => p.contacts.some((c) => c.id === id))) continue;
    shown = true;
    const drop = deleted !== undefined || (updated !== undefined && !carriesAll(updated, filterTags(queryKey)));
    qc.setQueryData<InfiniteData<ContactsPage>>(queryKey, {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        count: drop ? Math.max(0, p.count - 1) : p.count,
        contacts: drop ? p.contacts.filter((c) => c.id !== id) : p.contacts.map((c) => (c.id === id ? { ...c, ...updated } : c)),
      })),
    });
  }
  if (!shown && updated) void qc.invalidateQueries({ queryKey: keys.contacts.pages });
}

/** Keeps the contacts page live while mounted. */
export function useContactsRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-contact`, (data: ContactFrame) => applyContactFrame(qc, data));
  }, [qc, companyId]);
}

/**
 * The contact dialog's save: the contact (POST or PUT /api/contacts), then its tag set (POST /api/tags/sync) when it
 * changed; a tag named but not picked is created by the sync. The lists take the answer at once.
 */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, tags }: { id?: number; body: Record<string, unknown>; tags?: { id?: number; name: string }[] }) => {
      const saved = id ? await api.put<ContactRow>(`/api/contacts/${id}`, body) : await api.post<ContactRow>("/api/contacts", body);
      if (!tags) return saved;
      const synced = await api.post<{ tags: TagRef[] }>("/api/tags/sync", {
        contactId: saved.id,
        tags: tags.map((t) => (t.id ? { id: t.id } : { name: t.name })),
      });
      return { ...saved, tags: synced.tags };
    },
    onSuccess: (c) => {
      qc.setQueryData(keys.contacts.detail(c.id), c);
      qc.setQueryData(keys.contacts.tags(c.id), c.tags);
      applyContactFrame(qc, { action: "update", contact: c });
      void qc.invalidateQueries({ queryKey: keys.tags(0) });
    },
  });
}

/** DELETE /api/contacts/:id; the lists drop it at once. */
export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/contacts/${id}`).then(() => id),
    onSuccess: (id) => applyContactFrame(qc, { action: "delete", contactId: id }),
  });
}
