import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";

type Row = { key: string; value: string };

/** PUT /api/settings/:key; the answer (the stored, normalised value) replaces the key in the settings list. */
export function useSaveSetting() {
  const qc = useQueryClient();
  return useMutation({
    // Field errors are shown under their field by the page, not as a toast.
    meta: { silent: true },
    mutationFn: ({ key, value }: Row) => api.put<Row>(`/api/settings/${key}`, { value }),
    onSuccess: (saved) => qc.setQueryData<Row[]>(keys.settings, (rows) => rows?.map((r) => (r.key === saved.key ? saved : r))),
  });
}
