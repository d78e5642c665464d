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
  // Written before the other store is emptied: a tab booting meanwhile must never find no token at all.
  (keep ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  (keep ? sessionStorage : localStorage).removeItem(TOKEN_KEY);
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

const ENDED_KEY = "sessionEnded";

/**
 * Why the session was ended from elsewhere ("accessedElsewhere": the user logged in on another computer), kept in
 * sessionStorage across the reload that follows so the login page can say it; the next login forgets it.
 */
export type SessionEndReason = "accessedElsewhere";
export const markSessionEnded = (reason: SessionEndReason) => sessionStorage.setItem(ENDED_KEY, reason);
export const sessionEndedReason = (): SessionEndReason | null => (sessionStorage.getItem(ENDED_KEY) === "accessedElsewhere" ? "accessedElsewhere" : null);
export const forgetSessionEnded = () => sessionStorage.removeItem(ENDED_KEY);

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  session.token = null;
  session.user = null;
  session.status = "anonymous";
}
