import type { ComponentType } from "react";
import * as I from "../../components/ui/icons";
import type { Plan } from "../auth/hooks";
import { canUser, isAdmin, type PermissionKey } from "../auth/permissions";
import type { SessionUser } from "../auth/types";

export interface MenuContext {
  user: SessionUser;
  plan: Plan | undefined;
  /** The capabilities the server has wired (GET /api/version). */
  features: readonly string[];
}

/**
 * A menu entry: a page the web app has, shown when the server has its capability (`feature`) and the plan and the
 * role allow it. A page that is not built has no entry (and no route).
 */
export interface MenuItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  feature: string;
  allowed: (c: MenuContext) => boolean;
  badge?: "connections";
}

const can = (key: PermissionKey) => (c: MenuContext) => canUser(c.user, key);
const always = () => true;

export const mainItems: MenuItem[] = [
  { to: "/tickets", label: "menu.tickets", icon: I.InboxIcon, feature: "tickets", allowed: always },
  { to: "/contacts", label: "menu.contacts", icon: I.ContactsIcon, feature: "contacts", allowed: always },
  { to: "/quick-messages", label: "menu.quickMessages", icon: I.ZapIcon, feature: "quickMessages", allowed: always },
  { to: "/tags", label: "menu.tags", icon: I.TagIcon, feature: "tags", allowed: always },
  { to: "/Kanban", label: "menu.kanban", icon: I.KanbanIcon, feature: "kanban", allowed: (c) => !!c.plan?.useKanban },
];

/** The management section (dashboard, reports, real-time panel). */
export const managementItems: MenuItem[] = [
  { to: "/", label: "menu.dashboard", icon: I.DashboardIcon, feature: "dashboard", allowed: can("dashboard:view") },
  { to: "/reports", label: "menu.reports", icon: I.ChartIcon, feature: "reports", allowed: can("dashboard:view") },
  { to: "/moments", label: "menu.moments", icon: I.ActivityIcon, feature: "moments", allowed: can("realtime:view") },
];

/** The administration section. */
export const adminItems: MenuItem[] = [
  { to: "/messages-api", label: "menu.messagesApi", icon: I.CodeIcon, feature: "externalApi", allowed: (c) => isAdmin(c.user) && !!c.plan?.useExternalApi },
  { to: "/users", label: "menu.users", icon: I.UsersIcon, feature: "users", allowed: can("users:manage") },
  { to: "/queues", label: "menu.queues", icon: I.QueueIcon, feature: "queues", allowed: can("queues:manage") },
  { to: "/files", label: "menu.files", icon: I.FileIcon, feature: "files", allowed: can("files:manage") },
  { to: "/connections", label: "menu.connections", icon: I.LinkIcon, feature: "connections", allowed: can("connections-page:view"), badge: "connections" },
  { to: "/allConnections", label: "menu.allConnections", icon: I.LinkIcon, feature: "connections", allowed: can("platform:manage") },
  { to: "/settings", label: "menu.settings", icon: I.SettingsIcon, feature: "settings", allowed: can("settings:manage") },
];

export const isVisible = (item: MenuItem, c: MenuContext) => c.features.includes(item.feature) && item.allowed(c);
