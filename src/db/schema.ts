import type { Insertable, Selectable } from "kysely";
import type { ChatbotsTable } from "./tables/chatbots";
import type { FileListOptionsTable, FileListsTable } from "./tables/files";
import type { ContactImportRowsTable, ContactImportsTable } from "./tables/imports";
import type { TicketTimerSweepsTable, TicketTimersTable, TimedRuleStartsTable } from "./tables/timers";
import type {
  ChannelStateTable,
  ConnectionQueuesTable,
  ConnectionsTable,
  ContactExtraInfoTable,
  ContactTagsTable,
  ContactsFtsTable,
  ContactsTable,
  MessageReactionsTable,
  MessagesFtsTable,
  MessagesTable,
  QuickMessagesTable,
  TagsTable,
  TicketLogsTable,
  TicketNotesTable,
  TicketRatingsTable,
  TicketTagsTable,
  TicketsTable,
} from "./tables/conversations";
import type { DashboardBuildsTable, DashboardDaysTable, MessageCountsTable, RollupMarksTable, TicketCyclesTable } from "./tables/dashboard";
import type {
  AuditLogTable,
  AuthThrottleTable,
  StoreSecretsTable,
  UserPresenceTable,
  CompaniesTable,
  CompanySettingsTable,
  JobsTable,
  MediaTable,
  PasswordResetsTable,
  PlansTable,
  QueuesTable,
  RefreshTokensTable,
  SettingsTable,
  UserQueuesTable,
  UsersTable,
} from "./tables/platform";

export type * from "./tables/chatbots";
export type * from "./tables/conversations";
export type * from "./tables/dashboard";
export type * from "./tables/files";
export type * from "./tables/imports";
export type * from "./tables/platform";
export type * from "./tables/timers";

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
  store_secrets: StoreSecretsTable;
  user_presence: UserPresenceTable;
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
  ticket_ratings: TicketRatingsTable;
  ticket_cycles: TicketCyclesTable;
  message_counts: MessageCountsTable;
  rollup_marks: RollupMarksTable;
  dashboard_days: DashboardDaysTable;
  dashboard_builds: DashboardBuildsTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  quick_messages: QuickMessagesTable;
  messages_fts: MessagesFtsTable;
  contacts_fts: ContactsFtsTable;
  audit_log: AuditLogTable;
  chatbots: ChatbotsTable;
  file_lists: FileListsTable;
  file_list_options: FileListOptionsTable;
  contact_imports: ContactImportsTable;
  contact_import_rows: ContactImportRowsTable;
  ticket_timers: TicketTimersTable;
  timed_rule_starts: TimedRuleStartsTable;
  ticket_timer_sweeps: TicketTimerSweepsTable;
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
export type Chatbot = Selectable<ChatbotsTable>;
