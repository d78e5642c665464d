export type Enabled = "enabled" | "disabled";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** A user's permission switches and display defaults: the session user, a users-list row, the user form. */
export interface UserFlags {
  allTicket: "enable" | "disable";
  allowGroup: boolean;
  allHistoric: Enabled;
  allUserChat: Enabled;
  userClosePendingTicket: Enabled;
  showDashboard: Enabled;
  allowRealTime: Enabled;
  allowConnections: Enabled;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
}

/** The session user, as POST /api/auth/login, refresh_token and GET /api/auth/me answer it. */
export interface SessionUser extends UserFlags {
  id: number;
  name: string;
  email: string;
  companyId: number;
  profile: "admin" | "user";
  super: boolean;
  whatsappId: number | null;
  startWork: string | null;
  endWork: string | null;
  defaultTicketsManagerWidth: number;
  profileImage: string | null;
  queues: QueueRef[];
  company: { id: number; name: string; dueDate: string | null; companieSettings: { key: string; value: string }[] };
}
