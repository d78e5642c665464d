import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { bodyFromForm, type QuickMessage, type QuickMessageForm, type QuickMessagesPage } from "./types";

export type QuickMessagesData = InfiniteData<QuickMessagesPage, number>;

/** GET /api/quick-messages: the messages the user may manage, 20 a page, searched by shortcode or text. */
export const quickMessagesListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: keys.quickMessagesPage(search),
    queryFn: ({ pageParam, signal }) => api.get<QuickMessagesPage>("/api/quick-messages", { searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

/** Every change reloads the page's lists and the message input's list. */
const refresh = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: keys.quickMessagesAll });

export function useSaveQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: QuickMessageForm }) =>
      id ? api.put<QuickMessage>(`/api/quick-messages/${id}`, bodyFromForm(form)) : api.post<QuickMessage>("/api/quick-messages", bodyFromForm(form)),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/quick-messages/${id}`),
    onSuccess: () => refresh(qc),
  });
}

/** Attaches a file (replacing the one it had) or, with `null`, removes it. */
export function useQuickMessageMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api.delete<QuickMessage>(`/api/quick-messages/${id}/media-upload`);
      const form = new FormData();
      form.set("file", file, file.name);
      form.set("typeArch", "quickMessage");
      return api.post<QuickMessage>(`/api/quick-messages/${id}/media-upload`, form);
    },
    onSuccess: () => refresh(qc),
  });
}
