import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, api, refreshToken } from "../../api/client";
import { keys } from "../../api/keys";
import { session } from "../auth/store";
import { onSocketEvent } from "../../realtime/socket";
import { channelsQuery, connectionsListQuery } from "../connections/queries";
import { connectionsWith, type ImportCapability } from "./connections";
import type { Mapping } from "./mapping";

export interface ContactImport {
  id: number;
  status: "queued" | "running" | "done" | "failed";
  fileName: string;
  total: number;
  processed: number;
  imported: number;
  updated: number;
  ignored: number;
  /** The WhatsApp connection numbers are checked on first (null: none); toCheck rows, checked so far. */
  whatsappId: number | null;
  toCheck: number;
  checked: number;
  reasons: Record<string, number>;
  createdAt: string;
  finishedAt: string | null;
}

export const importQuery = (id: number) =>
  queryOptions({ queryKey: ["contactImports", id], queryFn: () => api.get<ContactImport>(`/api/contacts/import/${id}`) });

/** POST /api/contacts/import: the file itself, the mapping and the unticked lines (the server reads it again). */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping, skipRows, whatsappId }: { file: File; mapping: Mapping; skipRows: number[]; whatsappId?: number }) => {
      const form = new FormData();
      form.append("file", file);
      form.append("mapping", JSON.stringify(mapping));
      form.append("skipRows", JSON.stringify(skipRows));
      if (whatsappId !== undefined) form.append("whatsappId", JSON.stringify(whatsappId));
      return api.post<ContactImport>("/api/contacts/import", form);
    },
    onSuccess: (imp) => qc.setQueryData(importQuery(imp.id).queryKey, imp),
    meta: { silent: true },
  });
}

/** POST /api/contacts/import/chats: the contacts of a connection's phone, through the same import job. */
export function useStartPhoneImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (whatsappId: number) => api.post<ContactImport>("/api/contacts/import/chats", { whatsappId }),
    onSuccess: (imp) => qc.setQueryData(importQuery(imp.id).queryKey, imp),
    meta: { silent: true },
  });
}

/** The company's connected connections able to `capability` (none while either list loads or when not wanted). */
export function useImportConnections(capability: ImportCapability, enabled = true) {
  const connections = useQuery({ ...connectionsListQuery, enabled });
  const channels = useQuery({ ...channelsQuery, enabled });
  return connectionsWith(connections.data ?? [], channels.data ?? [], capability);
}

/** Keeps the import's query current from company-{id}-contactImport frames; the contacts list reloads when it ends. */
export function useImportFrames(companyId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-contactImport`, (data: { action: string; import: ContactImport }) => {
      qc.setQueryData(importQuery(data.import.id).queryKey, data.import);
      if (data.action === "done") void qc.invalidateQueries({ queryKey: keys.contacts.pages });
    });
  }, [companyId, qc]);
}

/**
 * Fetches a file the API streams (it needs the bearer token, so a plain link cannot) and hands it to the browser as a
 * download. Refreshes the session once on ERR_SESSION_EXPIRED, as every call does.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const get = (token: string | null) => fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: "same-origin" });
  let res = await get(session.token);
  if (res.status === 403) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { error?: string };
    if (body.error === "ERR_SESSION_EXPIRED") res = await get(await refreshToken(session.token));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ApiError(res.status, body.error, body.message ?? "", body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
