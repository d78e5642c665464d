import type { Enabled, QueueRef, UserFlags } from "../auth/types";

/** A user as GET /api/users and GET /api/users/:id answer it. */
export interface UserRow extends Partial<Omit<UserFlags, "allHistoric">> {
  id: number;
  name: string;
  email: string;
  profile: "admin" | "user";
  super?: boolean;
  online?: boolean;
  companyId?: number;
  queues?: QueueRef[];
  whatsappId?: number | null;
  startWork?: string | null;
  endWork?: string | null;
  farewellMessage?: string | null;
  allHistoric?: Enabled | null;
  profileImage?: string | null;
  defaultTicketsManagerWidth?: number;
}

export interface UsersPage {
  users: UserRow[];
  count: number;
  hasMore: boolean;
}

/** The user form: every field of a user, with a new user's defaults. */
export interface UserForm extends UserFlags {
  name: string;
  email: string;
  password: string;
  profile: "admin" | "user";
  queueIds: string[];
  whatsappId: string;
  startWork: string;
  endWork: string;
  farewellMessage: string;
}

export const USER_DEFAULTS: UserForm = {
  name: "",
  email: "",
  password: "",
  profile: "user",
  queueIds: [],
  whatsappId: "",
  startWork: "00:00",
  endWork: "23:59",
  farewellMessage: "",
  allTicket: "disable",
  allowGroup: false,
  defaultTheme: "light",
  defaultMenu: "open",
  allHistoric: "disabled",
  allUserChat: "disabled",
  userClosePendingTicket: "enabled",
  showDashboard: "disabled",
  allowRealTime: "disabled",
  allowConnections: "disabled",
};

export function formFromUser(u: UserRow): UserForm {
  return {
    name: u.name ?? "",
    email: u.email ?? "",
    password: "",
    profile: u.profile ?? "user",
    queueIds: (u.queues ?? []).map((q) => String(q.id)),
    whatsappId: u.whatsappId ? String(u.whatsappId) : "",
    startWork: u.startWork || USER_DEFAULTS.startWork,
    endWork: u.endWork || USER_DEFAULTS.endWork,
    farewellMessage: u.farewellMessage ?? "",
    allTicket: u.allTicket ?? USER_DEFAULTS.allTicket,
    allowGroup: !!u.allowGroup,
    defaultTheme: u.defaultTheme ?? USER_DEFAULTS.defaultTheme,
    defaultMenu: u.defaultMenu ?? USER_DEFAULTS.defaultMenu,
    allHistoric: u.allHistoric ?? USER_DEFAULTS.allHistoric,
    allUserChat: u.allUserChat ?? USER_DEFAULTS.allUserChat,
    userClosePendingTicket: u.userClosePendingTicket ?? USER_DEFAULTS.userClosePendingTicket,
    showDashboard: u.showDashboard ?? USER_DEFAULTS.showDashboard,
    allowRealTime: u.allowRealTime ?? USER_DEFAULTS.allowRealTime,
    allowConnections: u.allowConnections ?? USER_DEFAULTS.allowConnections,
  };
}
