import type { Generated } from "kysely";

// Tables of the platform and its administration: plans, companies, users, queues, settings, jobs, auth, media and
// the audit log. src/db/schema.ts joins them with the conversation tables into the database's type.

/** 0/1 integers stored by SQLite for booleans. */
export type Flag = 0 | 1 | number;
export type EnabledFlag = "enabled" | "disabled";

export interface PlansTable {
  id: Generated<number>;
  name: string;
  users: Generated<number>;
  connections: Generated<number>;
  queues: Generated<number>;
  amount: Generated<number>;
  isPublic: Generated<Flag>;
  useWhatsapp: Generated<Flag>;
  useFacebook: Generated<Flag>;
  useInstagram: Generated<Flag>;
  useCampaigns: Generated<Flag>;
  useSchedules: Generated<Flag>;
  useInternalChat: Generated<Flag>;
  useExternalApi: Generated<Flag>;
  useKanban: Generated<Flag>;
  useOpenAi: Generated<Flag>;
  useIntegrations: Generated<Flag>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number;
  status: Generated<Flag>;
  dueDate: string | null;
  recurrence: Generated<string>;
  document: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  paymentMethod: string | null;
  schedules: Generated<string>;
  lastLogin: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  email: string;
  passwordHash: string;
  profile: Generated<"admin" | "user">;
  super: Generated<Flag>;
  tokenVersion: Generated<number>;
  whatsappId: number | null;
  startWork: Generated<string>;
  endWork: Generated<string>;
  farewellMessage: string | null;
  color: string | null;
  allTicket: Generated<"enable" | "disable">;
  allowGroup: Generated<Flag>;
  defaultTheme: Generated<"light" | "dark">;
  defaultMenu: Generated<"open" | "closed">;
  allHistoric: Generated<EnabledFlag>;
  allUserChat: Generated<EnabledFlag>;
  userClosePendingTicket: Generated<EnabledFlag>;
  showDashboard: Generated<EnabledFlag>;
  allowRealTime: Generated<EnabledFlag>;
  allowConnections: Generated<EnabledFlag>;
  profileImage: string | null;
  online: Generated<Flag>;
  lastSeenAt: string | null;
  defaultTicketsManagerWidth: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface QueuesTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  orderQueue: number | null;
  schedules: Generated<string>;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  closeTicket: Generated<Flag>;
  ativarRoteador: Generated<Flag>;
  tempoRoteador: Generated<number>;
  /** The member the round-robin last gave a ticket to (0047). */
  roundRobinUserId: number | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface UserQueuesTable {
  userId: number;
  queueId: number;
  companyId: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Generated<string>;
}

export interface CompanySettingsTable {
  companyId: number;
  key: string;
  value: string;
  updatedAt: Generated<string>;
}

export type JobStatus = "queued" | "running" | "done" | "failed";
export interface JobsTable {
  id: Generated<number>;
  name: string;
  companyId: number | null;
  payload: Generated<string>;
  uniqueKey: string | null;
  status: Generated<JobStatus>;
  runAt: string;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  leaseUntil: string | null;
  lastError: string | null;
  finishedAt: string | null;
  createdAt: Generated<string>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  expiresAt: string;
  usedAt: string | null;
  attempts: Generated<number>;
  createdAt: Generated<string>;
}

export interface AuthThrottleTable {
  key: string;
  count: Generated<number>;
  windowStart: string;
}

/** The signing secrets of an install on a database server (src/secrets.ts); empty on the embedded store. */
export interface StoreSecretsTable {
  name: string;
  value: string;
}

/** Who has a socket open on which instance (src/realtime/presence.ts); users.online is derived from these rows. */
export interface UserPresenceTable {
  instanceId: string;
  userId: number;
  companyId: number;
  seenAt: string;
}

/** One refresh token handed out; single-use (see modules/auth/service.ts, refresh). */
export interface RefreshTokensTable {
  jti: string;
  userId: number;
  tokenVersion: number;
  expiresAt: string;
  usedAt: string | null;
  /** The jti of the token handed out when this one was used. */
  replacedBy: string | null;
  createdAt: Generated<string>;
}

export interface MediaTable {
  key: string;
  companyId: number;
  mime: string;
  size: number;
  name: string;
  createdAt: Generated<string>;
}

/** One audited write (src/modules/audit/record.ts): before/after hold the changed fields as JSON, secrets redacted. */
export interface AuditLogTable {
  id: Generated<number>;
  companyId: number;
  userId: number | null;
  entity: string;
  entityId: string;
  action: string;
  before: string | null;
  after: string | null;
  ip: string | null;
  createdAt: string;
}
