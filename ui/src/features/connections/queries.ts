import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import type { ChannelInfo, CompanyConnection, Connection, ConnectionsSummary, SavedConnection } from "./types";

/**
 * Query keys of the area, under keys.whatsapps so one invalidation of that prefix (and the socket updater) reaches
 * every cached copy of a connection: the users modal's picker list, this list, the form's detail.
 */
export const connectionKeys = {
  list: [...keys.whatsapps, "list"] as const,
  detail: (id: number) => [...keys.whatsapps, "detail", id] as const,
  channels: ["channels"] as const,
  setting: (key: string) => [...keys.settings, "one", key] as const,
  summary: ["whatsapps-all", "summary"] as const,
  ofCompany: (companyId: number) => ["whatsapps-all", "company", companyId] as const,
  /** The form's integration, prompt and flow pickers (by route). */
  picker: (path: string) => ["pickers", path] as const,
};

/** GET /api/whatsapp with the session data (qrcode): the connections page, the QR dialog and the drawer's badge. */
export const connectionsListQuery = queryOptions({
  queryKey: connectionKeys.list,
  queryFn: ({ signal }) => api.get<Connection[]>("/api/whatsapp", undefined, signal),
});

/** One connection, fresh, for the form (the list may be older than the last save of someone else). */
export const connectionQuery = (id: number) =>
  queryOptions({ queryKey: connectionKeys.detail(id), queryFn: ({ signal }) => api.get<Connection>(`/api/whatsapp/${id}`, undefined, signal), staleTime: 0 });

/** GET /api/channels: the plugins' manifests for the add menu and the form (they change only with a new build). */
export const channelsQuery = queryOptions({ queryKey: connectionKeys.channels, queryFn: () => api.get<ChannelInfo[]>("/api/channels"), staleTime: Infinity });

/** GET /api/setting/:key: one company setting (scheduleType decides the schedules tab). */
export const settingQuery = (key: string) =>
  queryOptions({
    queryKey: connectionKeys.setting(key),
    queryFn: () => api.get<{ key: string; value: string | null }>(`/api/setting/${key}`).then((r) => r.value),
  });

export const summaryQuery = queryOptions({
  queryKey: connectionKeys.summary,
  queryFn: ({ signal }) => api.get<ConnectionsSummary>("/api/whatsapp/all", { summary: 1 }, signal),
  staleTime: 0,
});

export const companyConnectionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: connectionKeys.ofCompany(companyId),
    queryFn: ({ signal }) => api.get<CompanyConnection[]>("/api/whatsapp/all", { companyId, session: 0 }, signal),
    staleTime: 0,
  });

/** Writes answer the new row; the list is refreshed from the server (order, default flag moves) rather than patched. */
function useConnectionMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.whatsapps }) });
}

export const useSaveConnection = () =>
  useConnectionMutation(({ id, body }: { id?: number; body: Record<string, unknown> }) =>
    id ? api.put<SavedConnection>(`/api/whatsapp/${id}`, body) : api.post<SavedConnection>("/api/whatsapp", body),
  );

export const useDeleteConnection = () => useConnectionMutation((id: number) => api.delete(`/api/whatsapp/${id}`));

/** POST retry, PUT new QR code, DELETE disconnect (/whatsappsession/:id). */
export const useSessionAction = () =>
  useConnectionMutation(({ id, action }: { id: number; action: "retry" | "newQr" | "disconnect" }) => {
    const path = `/api/whatsappsession/${id}`;
    return action === "retry" ? api.post(path) : action === "newQr" ? api.put(path) : api.delete(path);
  });

/** POST /api/whatsappsession/:id/pairing {number}: log in with a code typed on the phone instead of the QR code. */
export const usePairing = () =>
  useConnectionMutation(({ id, number }: { id: number; number: string }) =>
    api.post<{ message: string; code?: string }>(`/api/whatsappsession/${id}/pairing`, { number }),
  );

/** POST /api/whatsapp-restart: every session of the company starts again. */
export const useRestartAll = () => useConnectionMutation(() => api.post<{ restarted: number }>("/api/whatsapp-restart"));

export const useCloseImported = () => useConnectionMutation((id: number) => api.post<{ closed: number }>(`/api/closedimported/${id}`));

export function uploadGreetingMedia(id: number, file: File) {
  const form = new FormData();
  form.set("file", file);
  return api.post<SavedConnection>(`/api/whatsapp/${id}/media-upload`, form);
}

export const removeGreetingMedia = (id: number) => api.delete<SavedConnection>(`/api/whatsapp/${id}/media-upload`);
