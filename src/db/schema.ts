import type { Generated, Insertable, Selectable } from "kysely";

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

/** One refresh token handed out; single-use (see modules/auth/service.ts, refresh). */
export interface RefreshTokensTable {
  jti: string;
  userId: number;
  tokenVersion: number;
  expiresAt: string;
  usedAt: string | null;
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

export interface ConnectionsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  /** The plugin id (whatsapp, whatsappapi, facebook, instagram, webchat). */
  channel: string;
  number: string | null;
  status: Generated<string>;
  qrcode: Generated<string>;
  retries: Generated<number>;
  isDefault: Generated<Flag>;
  /** Secret: 30 alphanumerics, the bearer of the external send API. */
  token: string;
  /** Public key of a web-chat connection (grants nothing else). */
  widgetKey: string | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  provider: Generated<string>;
  expiresTicket: Generated<number>;
  whenExpiresTicket: Generated<string>;
  allowGroup: Generated<Flag>;
  groupAsTicket: Generated<EnabledFlag>;
  enableImportMessage: Generated<Flag>;
  timeUseBotQueues: Generated<number>;
  maxUseBotQueues: Generated<number>;
  timeSendQueue: Generated<number>;
  sendIdQueue: number | null;
  expiresTicketNPS: Generated<number>;
  maxUseBotQueuesNPS: Generated<number>;
  expiresInactiveMessage: string | null;
  timeInactiveMessage: Generated<number>;
  inactiveMessage: string | null;
  /** Minutes during which a contact's closed ticket is reopened instead of a new one being created. */
  timeCreateNewTicket: Generated<number>;
  greetingMediaAttachment: string | null;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: Generated<Flag>;
  closedTicketsPostImported: Generated<Flag>;
  queueIdImportMessages: number | null;
  statusImportMessages: string | null;
  integrationId: number | null;
  promptId: number | null;
  flowIdWelcome: number | null;
  flowIdNotPhrase: number | null;
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
  collectiveVacationMessage: string | null;
  schedules: Generated<string>;
  /** The plugin's config as JSON (validated by its configSchema); its secretFields are write-only. */
  config: Generated<string>;
  deletedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
  /** When a CONNECTED session last dropped; null while connected or after a deliberate disconnect (0030). */
  droppedAt: string | null;
  /** Why the session last failed or was lost, in the plugin's words; null once a code shows or it connects (0034). */
  lastError: string | null;
}

export interface ConnectionQueuesTable {
  connectionId: number;
  queueId: number;
  companyId: number;
}

export interface ChannelStateTable {
  connectionId: number;
  key: string;
  value: string;
  updatedAt: Generated<string>;
}

export interface ContactsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  number: Generated<string>;
  email: Generated<string>;
  channel: Generated<string>;
  /** The channel's id for this person or group; unique per (company, channel). */
  identity: string | null;
  isGroup: Generated<Flag>;
  active: Generated<Flag>;
  disableBot: Generated<Flag>;
  acceptAudioMessage: Generated<Flag>;
  lgpdAcceptedAt: string | null;
  urlPicture: string | null;
  whatsappId: number | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface ContactExtraInfoTable {
  id: Generated<number>;
  contactId: number;
  companyId: number;
  name: string;
  value: Generated<string>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface TagsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  color: Generated<string>;
  kanban: Generated<Flag>;
  timeLane: Generated<number>;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string | null;
  userId: number | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface ContactTagsTable {
  contactId: number;
  tagId: number;
  companyId: number;
}

export type TicketStatus = "pending" | "open" | "closed" | "group" | "lgpd" | "nps";
export interface TicketsTable {
  id: Generated<number>;
  uuid: string;
  companyId: number;
  status: Generated<TicketStatus>;
  contactId: number;
  /** The connection (spec name kept). */
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  channel: Generated<string>;
  isGroup: Generated<Flag>;
  isBot: Generated<Flag>;
  lastMessage: Generated<string>;
  unreadMessages: Generated<number>;
  useIntegration: Generated<Flag>;
  integrationId: number | null;
  promptId: number | null;
  chatbot: Generated<Flag>;
  queueOptionId: number | null;
  amountUsedBotQueues: Generated<number>;
  amountUsedBotQueuesNPS: Generated<number>;
  isTransfered: Generated<Flag>;
  isOutOfHour: Generated<Flag>;
  sendInactiveMessage: Generated<Flag>;
  flowWebhook: Generated<Flag>;
  flowStopped: string | null;
  lastFlowId: string | null;
  hashFlowId: string | null;
  dataWebhook: string | null;
  typebotSessionId: string | null;
  typebotStatus: Generated<Flag>;
  lgpdSendMessageAt: string | null;
  lgpdAcceptedAt: string | null;
  imported: string | null;
  closedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
  /** Set on a ticket emptied by a contact merge: closed, its messages moved into this ticket (0030). */
  mergedIntoId: number | null;
  /** Set when an admin deletes the ticket: closed and out of every list and route; its messages stay (0020). */
  deletedAt: string | null;
}

export interface TicketTagsTable {
  ticketId: number;
  tagId: number;
  companyId: number;
}

export type TicketLogType =
  | "create"
  | "chatBot"
  | "queue"
  | "open"
  | "access"
  | "transfered"
  | "receivedTransfer"
  | "pending"
  | "closed"
  | "reopen"
  | "redirect";
export interface TicketLogsTable {
  id: Generated<number>;
  companyId: number;
  ticketId: number;
  type: TicketLogType;
  userId: number | null;
  queueId: number | null;
  createdAt: Generated<string>;
}

export interface TicketNotesTable {
  id: Generated<number>;
  companyId: number;
  note: string;
  userId: number | null;
  contactId: number | null;
  ticketId: number | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** Who or what produced a message: an explicit column, never an invisible marker in the body. */
export type MessageOrigin = "contact" | "agent" | "phone" | "bot" | "flow" | "campaign" | "schedule" | "api";
/** Outbound delivery state; null for messages that came from the channel and for private notes. */
export type SendStatus = "queued" | "sending" | "sent" | "failed";
export interface MessagesTable {
  id: Generated<number>;
  companyId: number;
  ticketId: number;
  contactId: number | null;
  connectionId: number | null;
  /** The channel's message id; unique per connection. */
  externalId: string | null;
  body: Generated<string>;
  fromMe: Generated<Flag>;
  read: Generated<Flag>;
  isPrivate: Generated<Flag>;
  isDeleted: Generated<Flag>;
  isEdited: Generated<Flag>;
  isForwarded: Generated<Flag>;
  mediaKey: string | null;
  mediaType: string | null;
  mimetype: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  /** 0 pending, 1 sent, 2 delivered, 3 read, 4 played, 5 read; only moves forward. */
  ack: Generated<number>;
  origin: MessageOrigin;
  sendStatus: SendStatus | null;
  attempts: Generated<number>;
  /** When the row last became queued (creation or retry): nothing is sent automatically 24 h after it. */
  queuedAt: string | null;
  sendingAt: string | null;
  /** A refused send (rate limit, temporary failure) queued again: not attempted before this time (0031). */
  retryAt: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  vCard: string | null;
  /** JSON extras of non-text kinds (location, ad previews, templates). */
  data: string | null;
  participant: string | null;
  senderName: string | null;
  queueId: number | null;
  userId: number | null;
  /** A message from the channel: when it was written by the channel's timestamp, never after createdAt (0035). */
  writtenAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface MessageReactionsTable {
  id: Generated<number>;
  messageId: number;
  companyId: number;
  reactor: string;
  emoji: string;
  fromMe: Generated<Flag>;
  userId: number | null;
  createdAt: Generated<string>;
}

export interface QuickMessagesTable {
  id: Generated<number>;
  companyId: number;
  /** The owner (null once the user is deleted). */
  userId: number | null;
  shortcode: string;
  message: Generated<string>;
  mediaKey: string | null;
  mediaName: string | null;
  /** Company-wide: every user of the company may use it. */
  geral: Generated<Flag>;
  visao: Generated<Flag>;
  /** Active: offered in the message input. */
  status: Generated<Flag>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** FTS5 indexes (contentless: only rowid is readable; `body`, `name`, `number` exist for MATCH). See src/modules/search/fts.ts. */
export interface MessagesFtsTable {
  rowid: number;
  body: string;
}
export interface ContactsFtsTable {
  rowid: number;
  name: string;
  number: string;
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

export interface DB {
  plans: PlansTable;
  companies: CompaniesTable;
  users: UsersTable;
  queues: QueuesTable;
  user_queues: UserQueuesTable;
  settings: SettingsTable;
  company_settings: CompanySettingsTable;
  jobs: JobsTable;
  password_resets: PasswordResetsTable;
  auth_throttle: AuthThrottleTable;
  refresh_tokens: RefreshTokensTable;
  media: MediaTable;
  connections: ConnectionsTable;
  connection_queues: ConnectionQueuesTable;
  channel_state: ChannelStateTable;
  contacts: ContactsTable;
  contact_extra_info: ContactExtraInfoTable;
  tags: TagsTable;
  contact_tags: ContactTagsTable;
  tickets: TicketsTable;
  ticket_tags: TicketTagsTable;
  ticket_logs: TicketLogsTable;
  ticket_notes: TicketNotesTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  quick_messages: QuickMessagesTable;
  messages_fts: MessagesFtsTable;
  contacts_fts: ContactsFtsTable;
  audit_log: AuditLogTable;
}

/** Tables whose rows belong to one company; every read and write of them goes through db/scope.ts. */
export type TenantTable = {
  [K in keyof DB]: DB[K] extends { companyId: number } ? K : never;
}[keyof DB];

export type Plan = Selectable<PlansTable>;
export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Queue = Selectable<QueuesTable>;
export type Job = Selectable<JobsTable>;
export type Connection = Selectable<ConnectionsTable>;
export type Contact = Selectable<ContactsTable>;
export type Ticket = Selectable<TicketsTable>;
export type Message = Selectable<MessagesTable>;
export type Tag = Selectable<TagsTable>;
