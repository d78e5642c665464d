import type { ComponentType } from "react";
import * as I from "../../components/ui/icons";
import type { Plan } from "../auth/hooks";
import { canUser, isAdmin, type PermissionKey } from "../auth/permissions";
import type { SessionUser } from "../auth/types";

export interface MenuContext {
  user: SessionUser;
  plan: Plan | undefined;
  cshow: boolean;
  hasHelps: boolean;
  subscriptionExpired: boolean;
}

export interface MenuItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  visible: (c: MenuContext) => boolean;
  badge?: "connections" | "chats";
}

const can = (key: PermissionKey) => (c: MenuContext) => canUser(c.user, key);
const plan = (flag: keyof Plan) => (c: MenuContext) => !!c.plan?.[flag];
const admin = (c: MenuContext) => isAdmin(c.user);
const always = () => true;

/** Spec 1 §2.2 management group: dashboard, reports, real-time panel (collapsible). */
export const managementItems: MenuItem[] = [
  { to: "/", label: "menu.dashboard", icon: I.DashboardIcon, visible: can("dashboard:view") },
  { to: "/reports", label: "menu.reports", icon: I.ChartIcon, visible: can("dashboard:view") },
  { to: "/moments", label: "menu.moments", icon: I.ActivityIcon, visible: can("realtime:view") },
];

export const mainItems: MenuItem[] = [
  { to: "/tickets", label: "menu.tickets", icon: I.InboxIcon, visible: always },
  { to: "/quick-messages", label: "menu.quickMessages", icon: I.ZapIcon, visible: always },
  { to: "/Kanban", label: "menu.kanban", icon: I.KanbanIcon, visible: plan("useKanban") },
  { to: "/contacts", label: "menu.contacts", icon: I.ContactsIcon, visible: always },
  { to: "/schedules", label: "menu.schedules", icon: I.CalendarIcon, visible: plan("useSchedules") },
  { to: "/tags", label: "menu.tags", icon: I.TagIcon, visible: always },
  { to: "/chats", label: "menu.chats", icon: I.ChatIcon, visible: plan("useInternalChat"), badge: "chats" },
  { to: "/todolist", label: "menu.todolist", icon: I.CheckSquareIcon, visible: always },
  { to: "/helps", label: "menu.helps", icon: I.HelpIcon, visible: (c) => c.hasHelps },
];

/** The administration section: only what the plan and the role allow. */
export const adminItems: MenuItem[] = [
  { to: "/campaigns", label: "menu.campaigns", icon: I.MegaphoneIcon, visible: (c) => c.cshow && admin(c) && !!c.plan?.useCampaigns },
  { to: "/contact-lists", label: "menu.contactLists", icon: I.ListIcon, visible: (c) => c.cshow && admin(c) && !!c.plan?.useCampaigns },
  { to: "/campaigns-config", label: "menu.campaignsConfig", icon: I.SettingsIcon, visible: (c) => c.cshow && admin(c) && !!c.plan?.useCampaigns },
  { to: "/flowbuilders", label: "menu.flowbuilders", icon: I.FlowIcon, visible: admin },
  { to: "/phrase-lists", label: "menu.phraseLists", icon: I.MegaphoneIcon, visible: admin },
  { to: "/announcements", label: "menu.announcements", icon: I.MegaphoneIcon, visible: can("platform:manage") },
  { to: "/messages-api", label: "menu.messagesApi", icon: I.CodeIcon, visible: (c) => admin(c) && !!c.plan?.useExternalApi },
  { to: "/users", label: "menu.users", icon: I.UsersIcon, visible: can("users:manage") },
  { to: "/queues", label: "menu.queues", icon: I.QueueIcon, visible: can("queues:manage") },
  { to: "/prompts", label: "menu.prompts", icon: I.BotIcon, visible: (c) => admin(c) && !!c.plan?.useOpenAi },
  { to: "/queue-integration", label: "menu.queueIntegration", icon: I.PlugIcon, visible: (c) => admin(c) && !!c.plan?.useIntegrations },
  { to: "/connections", label: "menu.connections", icon: I.LinkIcon, visible: can("connections-page:view"), badge: "connections" },
  { to: "/allConnections", label: "menu.allConnections", icon: I.LinkIcon, visible: can("platform:manage") },
  { to: "/files", label: "menu.files", icon: I.FileIcon, visible: admin },
  { to: "/financeiro", label: "menu.financeiro", icon: I.MoneyIcon, visible: admin },
  { to: "/settings", label: "menu.settings", icon: I.SettingsIcon, visible: can("settings:manage") },
  { to: "/companies", label: "menu.companies", icon: I.BuildingIcon, visible: can("platform:manage") },
];
