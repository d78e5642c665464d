import { proxy } from "valtio";
import { endSession, refreshToken } from "../api/client";
import { session } from "../features/auth/store";

/**
 * Reconnect 1 s after a close, forever; presence ping every 300000 ms.
 * Close codes (src/realtime/hub.ts): 4003 ERR_SESSION_EXPIRED -> refresh the token, then reconnect;
 * 4001 ERR_UNAUTHORIZED -> the session ended, unless a refresh still succeeds.
 */
export const CLOSE_UNAUTHORIZED = 4001;
export const CLOSE_EXPIRED = 4003;
export const RECONNECT_DELAY_MS = 1000;
export const PRESENCE_PING_MS = 300_000;

export const socketState = proxy({ status: "idle" as "idle" | "connecting" | "open" | "closed" });

type Handler = (data: any) => void;
const handlers = new Map<string, Set<Handler>>();
let ws: WebSocket | null = null;
let ping: ReturnType<typeof setInterval> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let wanted = false;

/** Subscribe to one server event (`company-1-user`…); returns the unsubscribe function. */
export function onSocketEvent(event: string, fn: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(fn);
  return () => set!.delete(fn);
}

export function sendSocket(event: string, data?: unknown) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(data === undefined ? { event } : { event, data }));
}

function open() {
  clearTimeout(retry);
  const token = session.token;
  if (!wanted || !token) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socketState.status = "connecting";
  const socket = new WebSocket(`${proto}//${location.host}/api/socket?token=${encodeURIComponent(token)}`);
  ws = socket;
  socket.onopen = () => {
    socketState.status = "open";
    sendSocket("joinNotification");
    clearInterval(ping);
    ping = setInterval(() => sendSocket("userStatus"), PRESENCE_PING_MS);
  };
  socket.onmessage = (e) => {
    let frame: { event?: string; data?: unknown };
    try {
      frame = JSON.parse(String(e.data));
    } catch {
      return;
    }
    if (!frame.event) return;
    for (const fn of handlers.get(frame.event) ?? []) {
      try {
        fn(frame.data);
      } catch (err) {
        console.error("socket handler failed", frame.event, err);
      }
    }
  };
  socket.onclose = async (e) => {
    if (ws !== socket) return;
    ws = null;
    clearInterval(ping);
    socketState.status = "closed";
    if (!wanted) return;
    if (e.code === CLOSE_EXPIRED || e.code === CLOSE_UNAUTHORIZED) {
      const fresh = await refreshToken();
      if (!fresh && e.code === CLOSE_UNAUTHORIZED) {
        wanted = false;
        endSession();
        return;
      }
    }
    if (wanted) retry = setTimeout(open, RECONNECT_DELAY_MS);
  };
}

export function connectSocket() {
  wanted = true;
  if (!ws) open();
}

export function disconnectSocket() {
  wanted = false;
  clearTimeout(retry);
  clearInterval(ping);
  const s = ws;
  ws = null;
  s?.close();
  socketState.status = "idle";
}
