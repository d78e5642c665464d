import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import type { Connection } from "./types";

/** What Facebook Login answers (FB.login's authResponse), whoever runs the dialog. */
export interface FacebookLoginProvider {
  login(scope: string): Promise<{ userID: string; accessToken: string }>;
}

declare global {
  interface Window {
    /**
     * An integrator's (or a test's) Facebook Login: the SDK cannot be loaded from every deployment (no internet, a
     * strict CSP), so the flow runs through whatever provider the page was given.
     */
    __multi100FacebookLogin?: FacebookLoginProvider;
  }
}

/** The permissions POST /api/facebook needs: the Pages and their messaging, plus the Instagram accounts' when asked. */
const PAGE_SCOPES = ["pages_show_list", "pages_messaging", "pages_manage_metadata", "pages_read_engagement", "business_management"];
const INSTAGRAM_SCOPES = ["instagram_basic", "instagram_manage_messages"];

export const facebookLoginProvider = (): FacebookLoginProvider | null => window.__multi100FacebookLogin ?? null;

export interface FacebookConnectResult {
  connections: Connection[];
  renewed: Connection[];
  skipped: { pageId: string; name: string; reason: string }[];
}

/** The login flow: Facebook Login, then POST /api/facebook creates one connection per Page (or Instagram account). */
export function useFacebookConnect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ provider, instagram }: { provider: FacebookLoginProvider; instagram: boolean }) => {
      const auth = await provider.login([...PAGE_SCOPES, ...(instagram ? INSTAGRAM_SCOPES : [])].join(","));
      return api.post<FacebookConnectResult>("/api/facebook", { facebookUserId: auth.userID, facebookUserToken: auth.accessToken, addInstagram: instagram });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.whatsapps }),
  });
}
