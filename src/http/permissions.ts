import type { EnabledFlag } from "../db/schema";
import { AppError, noPermission } from "./errors";

/** The user flags that widen what a profile may do (which tickets it sees, what it may change). */
export interface ActorFlags {
  allTicket: "enable" | "disable";
  allowGroup: boolean;
  allUserChat: EnabledFlag;
  allHistoric: EnabledFlag;
  userClosePendingTicket: EnabledFlag;
  showDashboard: EnabledFlag;
  allowRealTime: EnabledFlag;
  allowConnections: EnabledFlag;
}

export const PLAN_FLAGS = [
  "useWhatsapp",
  "useFacebook",
  "useInstagram",
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** The plan flags of a row that selected the PLAN_FLAGS columns (stored as 0/1). */
export function planOf(row: Record<PlanFlag, number>): Record<PlanFlag, boolean> {
  return Object.fromEntries(PLAN_FLAGS.map((f) => [f, row[f] === 1])) as Record<PlanFlag, boolean>;
}

export interface Actor {
  userId: number;
  companyId: number;
  profile: "admin" | "user";
  super: boolean;
  name: string;
  tokenVersion: number;
  flags: ActorFlags;
  plan: Record<PlanFlag, boolean>;
  /** The client's address on an HTTP request (src/http/client.ts), for the audit log. */
  ip?: string;
}

type Subject = Pick<Actor, "profile" | "super" | "flags">;
const isAdmin = (a: Subject) => a.profile === "admin" || a.super;
const enabled = (v: EnabledFlag) => v === "enabled";

/**
 * The one permission table. The spec names the keys and leaves the rules "not shown"; these rules
 * are our decision (docs/decisions.md, Permissions). The web app imports this same table.
 */
export const PERMISSIONS = {
  "user-modal:editProfile": isAdmin,
  "user-modal:editQueues": isAdmin,
  "tickets-manager:showall": (a: Subject) => isAdmin(a) || enabled(a.flags.allUserChat),
  "tickets-manager:closeAll": isAdmin,
  "tickets-manager:closePending": (a: Subject) => isAdmin(a) || enabled(a.flags.showDashboard),
  "tickets-manager:ignorePending": (a: Subject) => isAdmin(a) || enabled(a.flags.userClosePendingTicket),
  "tickets-manager:filterByUser": isAdmin,
  "ticket-options:deleteTicket": isAdmin,
  "contacts-page:deleteContact": isAdmin,
  "connections-page:view": (a: Subject) => isAdmin(a) || enabled(a.flags.allowConnections),
  "connections-page:addConnection": (a: Subject) => isAdmin(a) || enabled(a.flags.allowConnections),
  "dashboard:view": (a: Subject) => isAdmin(a) || enabled(a.flags.showDashboard),
  "realtime:view": (a: Subject) => isAdmin(a) || enabled(a.flags.allowRealTime),
  "users:manage": isAdmin,
  "queues:manage": isAdmin,
  "settings:manage": isAdmin,
  "contacts:manage": isAdmin,
  "files:manage": isAdmin,
  "platform:manage": (a: Subject) => a.super,
  "audit:view": isAdmin,
} as const satisfies Record<string, (a: Subject) => boolean>;

export type PermissionKey = keyof typeof PERMISSIONS;

export function can(actor: Subject, key: PermissionKey): boolean {
  return PERMISSIONS[key](actor);
}

export function assertCan(actor: Subject, key: PermissionKey): void {
  if (!can(actor, key)) throw noPermission();
}

/** Plan flags gate routes on the server, not only menus (ARCHITECTURE.md, Plans). */
export function assertPlan(actor: Pick<Actor, "plan">, flag: PlanFlag): void {
  if (!actor.plan[flag]) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, `The company's plan does not include ${flag}`);
}
