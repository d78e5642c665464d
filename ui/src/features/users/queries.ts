import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../api/client";
import { keys } from "../../api/keys";
import type { QueueRef } from "../auth/types";
import type { UserRow, UsersPage } from "./types";

export const usersListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: keys.users.list(search),
    queryFn: ({ pageParam, signal }) => api.get<UsersPage>("/api/users", { searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

export const userQuery = (id: number) => queryOptions({ queryKey: keys.users.detail(id), queryFn: () => api.get<UserRow>(`/api/users/${id}`), staleTime: 0 });

export const queuesQuery = queryOptions({ queryKey: keys.queues, queryFn: () => api.get<QueueRef[]>("/api/queue"), staleTime: 60_000 });

export interface ConnectionRef {
  id: number;
  name: string;
  channel?: string;
  status?: string;
  isDefault?: boolean;
}

/** Connection picker; tolerates a server without connections yet (404 -> no picker). */
export const connectionsQuery = queryOptions({
  queryKey: keys.whatsapps,
  queryFn: async () => {
    try {
      return await api.get<ConnectionRef[]>("/api/whatsapp", { session: 0 });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
      throw err;
    }
  },
  meta: { silent: true },
  retry: false,
});

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id ? api.put<UserRow>(`/api/users/${id}`, body) : api.post<UserRow>("/api/users", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.users.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.users.all }),
  });
}

export function uploadProfileImage(id: number, file: File) {
  const form = new FormData();
  form.set("userId", String(id));
  form.set("typeArch", "user");
  form.set("profileImage", file);
  return api.post<{ user?: UserRow; profileImage?: string }>(`/api/users/${id}/media-upload`, form);
}
