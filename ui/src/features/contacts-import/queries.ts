import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
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
