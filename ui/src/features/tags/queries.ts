import { infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import type { ContactRow } from "../contacts/queries";
import { bodyFromForm, type Tag, type TagForm, type TagsPage } from "./types";

const nextPage = (last: { hasMore: boolean }, all: unknown[]) => (last.hasMore ? all.length + 1 : undefined);

/** The tags page's list, 20 a page: every kind under the plan's useKanban, else the contact tags only. */
export const tagsPageQuery = (search: string, kind: "all" | 0) =>
  infiniteQueryOptions({
    queryKey: keys.tagPage(search, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<TagsPage>("/api/tags", { searchParam: search, pageNumber: pageParam, kanban: kind === 0 ? 0 : undefined }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** The contacts carrying one tag (GET /api/contacts?contactTag=[id]), 20 a page, numbers masked as the server decides. */
export const tagContactsQuery = (tagId: number) =>
  infiniteQueryOptions({
    queryKey: keys.tagContacts(tagId),
    queryFn: ({ pageParam, signal }) =>
      api.get<{ contacts: ContactRow[]; count: number; hasMore: boolean }>("/api/contacts", { contactTag: `[${tagId}]`, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** A tag changed: the page's lists and the pickers (contact tags, lanes) read again. */
export const invalidateTags = (qc: QueryClient) =>
  Promise.all([keys.tagPages, keys.tags(0), keys.tags(1)].map((queryKey) => qc.invalidateQueries({ queryKey })));

export function useSaveTag(useKanban: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: TagForm }) =>
      id ? api.put<Tag>(`/api/tags/${id}`, bodyFromForm(form, useKanban)) : api.post<Tag>("/api/tags", bodyFromForm(form, useKanban)),
    onSuccess: () => invalidateTags(qc),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tags/${id}`),
    onSuccess: () => invalidateTags(qc),
  });
}
