import type { AppContext } from "./context";

/**
 * The capabilities this build has (GET /api/version). The web app hides a control whose
 * capability is missing, so a screen never offers what the server cannot do.
 */
export function features(_ctx: AppContext): string[] {
  return ["auth", "users", "queues", "settings", "media", "realtime", "signup", "passwordReset", "connections"];
}
