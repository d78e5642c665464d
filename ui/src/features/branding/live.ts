import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { session } from "../auth/store";
import { BRANDING_DEFAULTS } from "./queries";

/** Reconnect delay of the sessionless socket, doubled after each failure up to the maximum. */
export const PUBLIC_SOCKET_RETRY_MS = 1000;
const PUBLIC_SOCKET_RETRY_MAX_MS = 30_000;

const isBrandingKey = (key: unknown): key is string => typeof key === "string" && Object.hasOwn(BRANDING_DEFAULTS, key);

/**
 * Keeps the public settings (whitelabel colours, name, logos; allowSignup) current without a reload. With a session,
 * the app's socket announces each change as company-{id}-settings and the changed key is fetched again; without one
 * (login, sign-up, password reset), a sessionless socket (/api/public-socket) sends every public setting on open and
 * each change after.
 */
export function useLiveBranding() {
  const qc = useQueryClient();
  const { user, status } = useSnapshot(session);
  const companyId = user?.companyId;

  useEffect(() => {
    if (companyId === undefined) return;
    return onSocketEvent(`company-${companyId}-settings`, (data: { key?: unknown }) => {
      if (isBrandingKey(data?.key)) void qc.invalidateQueries({ queryKey: keys.publicSetting(data.key) });
    });
  }, [qc, companyId]);

  // Only once the visitor is known to have no session: a stored session is still being checked while 'unknown'.
  const anonymous = status === "anonymous";
  useEffect(() => {
    if (anonymous) return openPublicSocket(qc);
  }, [qc, anonymous]);
}

/** Opens the sessionless socket and reconnects it with backoff until the returned function is called. */
function openPublicSocket(qc: QueryClient): () => void {
  let ws: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = PUBLIC_SOCKET_RETRY_MS;
  let stopped = false;

  const open = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${proto}//${location.host}/api/public-socket`);
    ws = socket;
    socket.onmessage = (e) => {
      delay = PUBLIC_SOCKET_RETRY_MS;
      let frame: { event?: string; data?: unknown };
      try {
        frame = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (frame.event !== "public-settings" || !Array.isArray(frame.data)) return;
      for (const entry of frame.data as Array<{ key?: unknown; value?: unknown }>) {
        if (typeof entry?.key === "string" && typeof entry.value === "string") qc.setQueryData(keys.publicSetting(entry.key), entry.value);
      }
    };
    socket.onclose = () => {
      if (ws !== socket || stopped) return;
      ws = null;
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, PUBLIC_SOCKET_RETRY_MAX_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    const s = ws;
    ws = null;
    if (!s) return;
    s.onmessage = null;
    // Closing a socket still connecting makes the browser log an error: it is closed once open instead.
    if (s.readyState === WebSocket.CONNECTING) s.onopen = () => s.close();
    else s.close();
  };
}
