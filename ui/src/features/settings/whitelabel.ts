import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";

type Row = { key: string; value: string };

export const LOGO_SLOTS = [
  { mode: "light", key: "appLogoLight" },
  { mode: "dark", key: "appLogoDark" },
  { mode: "favicon", key: "appLogoFavicon" },
] as const;
export type LogoSlot = (typeof LOGO_SLOTS)[number];

/** What the file picker offers; the server decides from the bytes (PNG, WebP, ICO; never SVG). */
export const LOGO_ACCEPT = "image/png,image/webp,image/x-icon,image/vnd.microsoft.icon,.png,.webp,.ico";
/** The server's limit, checked before sending so a large file is refused at once. */
export const MAX_LOGO_BYTES = 1024 * 1024;

/**
 * A saved platform setting replaces its row in the settings list and, being public, the value every screen reads
 * (the other tabs and the login pages hear of it through the server).
 */
export function applySavedSetting(qc: ReturnType<typeof useQueryClient>, saved: Row) {
  qc.setQueryData<Row[]>(keys.settings, (rows) => rows?.map((r) => (r.key === saved.key ? saved : r)));
  qc.setQueryData(keys.publicSetting(saved.key), saved.value);
}

/** PUT /api/settings/:key for a whitelabel key: the theme, title and logos change at once. */
export function useSaveBranding() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ key, value }: Row) => api.put<Row>(`/api/settings/${key}`, { value }),
    onSuccess: (saved) => applySavedSetting(qc, saved),
  });
}

/** POST /api/settings-whitelabel/logo (multipart mode, file): answers the setting with the stored file's address. */
export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ mode, file }: { mode: LogoSlot["mode"]; file: File }) => {
      const form = new FormData();
      form.set("mode", mode);
      form.set("file", file);
      return api.post<Row>("/api/settings-whitelabel/logo", form);
    },
    onSuccess: (saved) => applySavedSetting(qc, saved),
  });
}
