import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../api/client";
import { keys } from "../../api/keys";
import { bodyFromChatbotForm, type ChatbotForm, type ChatbotOption } from "./chatbot";
import { bodyFromForm, type Queue, type QueueForm } from "./types";

/** Every queue of the company (the pickers read the same list under the same key). */
export const queueListQuery = queryOptions({ queryKey: keys.queues, queryFn: () => api.get<Queue[]>("/api/queue") });

export function useSaveQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: QueueForm }) =>
      id ? api.put<Queue>(`/api/queue/${id}`, bodyFromForm(form)) : api.post<Queue>("/api/queue", bodyFromForm(form)),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.queues }),
  });
}

/**
 * DELETE /api/queue/:id, with the queue that takes its live tickets when it holds some. Silent: the delete dialog
 * answers the refusals itself (a target queue to pick, what still points at the queue).
 */
export function useDeleteQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, targetQueueId }: { id: number; targetQueueId?: number }) => request("DELETE", `/api/queue/${id}`, { query: { targetQueueId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.queues }),
    meta: { silent: true },
  });
}

/** A queue's chatbot options: the root options with their whole subtrees. */
export const chatbotTreeQuery = (queueId: number) =>
  queryOptions({ queryKey: keys.chatbot(queueId), queryFn: () => api.get<ChatbotOption[]>("/api/chatbot", { queueId }) });

/** Create (with its parent, none for a root option) or edit one option; the tree is read again after each save. */
export function useSaveChatbotOption(queueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentId, form }: { id?: number; parentId?: number | null; form: ChatbotForm }) =>
      id
        ? api.put<ChatbotOption>(`/api/chatbot/${id}`, bodyFromChatbotForm(form))
        : api.post<ChatbotOption>("/api/chatbot", { ...bodyFromChatbotForm(form), queueId, parentId: parentId ?? null }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.chatbot(queueId) }),
  });
}

/** Moves options among their siblings: the new orders, written one by one, then the tree is read again. */
export function useReorderChatbotOptions(queueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { id: number; order: number }[]) => {
      for (const c of changes) await api.put(`/api/chatbot/${c.id}`, { order: c.order });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.chatbot(queueId) }),
  });
}

/** Deletes an option with every option below it. */
export function useDeleteChatbotOption(queueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/chatbot/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.chatbot(queueId) }),
  });
}
