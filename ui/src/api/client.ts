import { clearSession, session, setSession, setToken, storedToken } from "../features/auth/store";
import type { SessionUser } from "../features/auth/types";

/** A failed call: `code` is the server's ERR_* code when the body had one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
  get fields(): Record<string, string> {
    return (this.body.fields as Record<string, string>) ?? {};
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
interface Options {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** false: do not refresh and retry on ERR_SESSION_EXPIRED (the refresh call itself). */
  retry?: boolean;
}

let onUnauthorized: () => void = () => {};
/** What happens on a 401 ERR_UNAUTHORIZED while logged in (the router sends the user to /login). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** The session is over (a refused refresh, a socket closed with 4001): clear it and go to /login. */
export function endSession() {
  clearSession();
  onUnauthorized();
}

let refreshing: Promise<string | null> | null = null;

/**
 * Refresh tokens are single-use, so the tabs of one browser must not present the cookie at once: a refresh runs under
 * a lock shared by every tab (Web Locks), and the tab that renews the session hands the new access token to the others
 * (BroadcastChannel). A tab that waited for the lock and finds a newer token than the one that expired uses it.
 */
const REFRESH_LOCK = "multi100-refresh";
const tabs = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("multi100-auth");
tabs?.addEventListener("message", (e: MessageEvent<{ token?: unknown }>) => {
  if (session.status === "authenticated" && typeof e.data?.token === "string") setToken(e.data.token);
});

function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request(REFRESH_LOCK, fn) : fn();
}

/**
 * POST /api/auth/refresh_token with the HttpOnly cookie; one request at a time across every tab. `expired` is the
 * token that was refused: a different one stored meanwhile (a remembered session is shared by the tabs) or handed
 * over by another tab is used instead of presenting the cookie again.
 */
export function refreshToken(expired = session.token): Promise<string | null> {
  refreshing ??= acrossTabs(async () => {
    try {
      const latest = storedToken() ?? session.token;
      if (latest && latest !== expired) {
        setToken(latest);
        return latest;
      }
      const res = await fetch("/api/auth/refresh_token", { method: "POST", credentials: "same-origin" });
      if (!res.ok) return null;
      const data = (await res.json()) as { token: string; user: SessionUser };
      if (session.status === "authenticated") {
        setToken(data.token);
        session.user = data.user;
      } else setSession(data.token, data.user);
      tabs?.postMessage({ token: data.token });
      return data.token;
    } catch {
      return null;
    }
  }).finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: string, path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = session.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(buildUrl(path, opts.query), { method, headers, body, credentials: "same-origin", signal: opts.signal });
  const data = await readBody(res);
  if (res.ok) return data as T;

  const obj = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const code = typeof obj.error === "string" && obj.error.startsWith("ERR_") ? obj.error : undefined;
  const message = typeof obj.message === "string" ? obj.message : typeof data === "string" ? data : "";

  // ARCHITECTURE.md, Auth: refresh once on exactly ERR_SESSION_EXPIRED, then retry the request once.
  if (res.status === 403 && code === "ERR_SESSION_EXPIRED" && opts.retry !== false && token) {
    const fresh = await refreshToken(token);
    if (fresh) return request<T>(method, path, { ...opts, retry: false });
    clearSession();
    onUnauthorized();
  } else if (res.status === 401 && code === "ERR_UNAUTHORIZED" && token) {
    clearSession();
    onUnauthorized();
  }
  throw new ApiError(res.status, code, message, obj);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
