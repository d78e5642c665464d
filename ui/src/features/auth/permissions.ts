/**
 * The web app reads the server's one permission table (ARCHITECTURE.md, Permissions): src/http/permissions.ts is plain
 * TypeScript whose only imports are a type and errors.ts, so it bundles for the browser as it is.
 */
import { PERMISSIONS, type PermissionKey, type PlanFlag } from "../../../../src/http/permissions";
import type { SessionUser } from "./types";

export type { PermissionKey, PlanFlag };

export function canUser(user: SessionUser | null | undefined, key: PermissionKey): boolean {
  if (!user) return false;
  return PERMISSIONS[key]({
    profile: user.profile,
    super: user.super,
    flags: {
      allTicket: user.allTicket,
      allowGroup: user.allowGroup,
      allUserChat: user.allUserChat,
      allHistoric: user.allHistoric,
      userClosePendingTicket: user.userClosePendingTicket,
      showDashboard: user.showDashboard,
      allowRealTime: user.allowRealTime,
      allowConnections: user.allowConnections,
    },
  });
}

export const isAdmin = (user: SessionUser | null | undefined) => !!user && (user.profile === "admin" || user.super);
