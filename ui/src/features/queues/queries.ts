import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
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

export function useDeleteQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/queue/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.queues }),
  });
}
