import { proxy } from "valtio";
import type { SessionUser } from "./types";

const TOKEN_KEY = "token";

/** Who is logged in. `status` is 'unknown' until the stored token has been checked once. */
export const session = proxy({
  status: "unknown" as "unknown" | "authenticated" | "anonymous",
  token: null as string | null,
  user: null as SessionUser | null,
});

/** The remember-session choice decides where the token lives: localStorage (kept) or sessionStorage (this tab only). */
export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

const REMEMBER_KEY = "rememberSession";

/**
 * False only after a login with 'remember session' unticked: then a new browser session starts logged out even though
 * the refresh cookie is still there. Otherwise a visitor without a stored token may resume with the refresh cookie.
 */
export function mayResumeFromCookie(): boolean {
  return localStorage.getItem(REMEMBER_KEY) !== "0";
}

export function setSession(token: string, user: SessionUser, remember?: boolean) {
  const keep = remember ?? (localStorage.getItem(TOKEN_KEY) !== null || sessionStorage.getItem(TOKEN_KEY) === null);
  if (remember !== undefined) localStorage.setItem(REMEMBER_KEY, remember ? "1" : "0");
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  (keep ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  session.token = token;
  session.user = user;
  session.status = "authenticated";
}

export function setToken(token: string) {
  if (localStorage.getItem(TOKEN_KEY) !== null) localStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.setItem(TOKEN_KEY, token);
  session.token = token;
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  if (session.user) Object.assign(session.user, patch);
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  session.token = null;
  session.user = null;
  session.status = "anonymous";
}
