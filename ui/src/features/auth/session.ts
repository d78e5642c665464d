import { api, ApiError, refreshToken } from "../../api/client";
import { disconnectSocket } from "../../realtime/socket";
import { setCollapsed, setTheme } from "../shell/store";
import { clearSession, forgetSessionEnded, mayResumeFromCookie, session, setSession, storedToken } from "./store";
import type { SessionUser } from "./types";

let checking: Promise<boolean> | null = null;

/** The user's own preferences win once they are known (theme precedence). */
export function applyUserPreferences(user: SessionUser) {
  if (user.defaultTheme === "dark" || user.defaultTheme === "light") setTheme(user.defaultTheme);
  setCollapsed(user.defaultMenu === "closed");
}

/**
 * Resolves once whether a session exists: with a stored token, GET /api/auth/me (the client refreshes on
 * ERR_SESSION_EXPIRED). Without one, the refresh cookie may resume the session (POST /api/auth/refresh_token),
 * unless the last login asked not to remember it.
 */
export function ensureSession(): Promise<boolean> {
  if (session.status === "authenticated") return Promise.resolve(true);
  if (session.status === "anonymous") return Promise.resolve(false);
  checking ??= (async () => {
    let token = storedToken();
    if (!token) {
      const resumed = mayResumeFromCookie() ? await refreshToken() : null;
      if (!resumed) {
        clearSession();
        return false;
      }
      if (session.user) {
        applyUserPreferences(session.user);
        return true;
      }
      // Another tab stored a token while this one waited for the refresh lock: check it like a stored one.
      token = resumed;
    }
    session.token = token;
    try {
      const user = await api.get<SessionUser>("/api/auth/me");
      setSession(session.token ?? token, user);
      applyUserPreferences(user);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        clearSession();
        return false;
      }
      // Server unreachable: try the refresh cookie once before giving up.
      const fresh = await refreshToken();
      if (fresh && session.user) {
        applyUserPreferences(session.user);
        return true;
      }
      clearSession();
      return false;
    } finally {
      checking = null;
    }
  })();
  return checking;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
}

export async function login(email: string, password: string, remember: boolean): Promise<SessionUser> {
  const data = await api.post<LoginResult>("/api/auth/login", { email: email.trim().toLowerCase(), password });
  setSession(data.token, data.user, remember);
  forgetSessionEnded();
  applyUserPreferences(data.user);
  return data.user;
}

export async function logout() {
  disconnectSocket();
  try {
    if (session.token) await api.delete("/api/auth/logout");
  } catch {
    // the local session ends anyway
  }
  clearSession();
}

/** Days left before the company's due date (end of that day); Infinity without one. */
export function daysUntilDue(dueDate: string | null | undefined, now = new Date()): number {
  if (!dueDate) return Infinity;
  const end = Date.parse(`${dueDate.slice(0, 10)}T23:59:59Z`);
  if (Number.isNaN(end)) return Infinity;
  return Math.floor((end - now.getTime()) / 86_400_000);
}
