import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";

export const BRANDING_DEFAULTS = {
  primaryColorLight: "#0000FF",
  primaryColorDark: "#39ACE7",
  appLogoLight: "",
  appLogoDark: "",
  appLogoFavicon: "",
  appName: "Multi100",
} as const;
export type BrandingKey = keyof typeof BRANDING_DEFAULTS;

/** GET /api/public-settings/:key (no auth). Failures are only logged: the default stays. */
export const publicSettingQuery = (key: string) =>
  queryOptions({
    queryKey: keys.publicSetting(key),
    queryFn: async () => {
      try {
        const r = await api.get<{ key: string; value: string | null }>(`/api/public-settings/${key}`);
        return r?.value ?? null;
      } catch (err) {
        console.warn("public setting", key, err);
        return null;
      }
    },
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });

export function useBranding(key: BrandingKey): string {
  const q = useQuery(publicSettingQuery(key));
  return q.data || BRANDING_DEFAULTS[key];
}

export function useAllowSignup(): boolean {
  return useQuery(publicSettingQuery("allowSignup")).data === "enabled";
}

/** GET /api/version: {version, features}. Controls whose capability is missing stay hidden. */
export const versionQuery = queryOptions({
  queryKey: keys.version,
  queryFn: () => api.get<{ version: string; features: string[] }>("/api/version"),
  staleTime: Infinity,
  meta: { silent: true },
});

export function useFeature(feature: string): boolean {
  const q = useQuery(versionQuery);
  return !!q.data?.features.includes(feature);
}
