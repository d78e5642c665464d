export type Enabled = "enabled" | "disabled";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** Spec 1 §3 session user, as POST /api/auth/login, refresh_token and GET /api/auth/me answer it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  companyId: number;
  profile: "admin" | "user";
  super: boolean;
  whatsappId: number | null;
  startWork: string | null;
  endWork: string | null;
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
  defaultTicketsManagerWidth: number;
  profileImage: string | null;
  queues: QueueRef[];
  company: { id: number; name: string; dueDate: string | null; companieSettings: { key: string; value: string }[] };
}
