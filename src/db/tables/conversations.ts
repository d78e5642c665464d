import type { Generated } from "kysely";
import type { EnabledFlag, Flag } from "./platform";

// Tables of the conversations: connections, contacts, tags, tickets, messages, quick messages and the search
// indexes. src/db/schema.ts joins them with the platform tables into the database's type.

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
  /** The wallet owner: a user of the same company who answers for this contact. */
  walletUserId: number | null;
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
  /** A kanban lane's place on the board and in the lane pickers (lowest first, none last). */
  laneOrder: number | null;
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
  /**
   * The ticket's figures in its current cycle (from its creation or latest reopen), set as events happen (0044):
   * the first time it sat in a queue, the first accept, the first agent's reply after the contact's message; and
   * its latest close, kept across reopens.
   */
  firstQueuedAt: string | null;
  firstAcceptedAt: string | null;
  firstResponseAt: string | null;
  lastClosedAt: string | null;
  /** Who opened the ticket: the contact by writing (a passive ticket) or the company (an agent, the API, a forward: active). */
  initiatedBy: Generated<"contact" | "company">;
  /**
   * The automation's place in its dialogue (0045): null (not started this cycle), menu, tree, done; nps while the
   * rating question waits, kept when that dialogue closes the ticket (the contact's next message opens a new one).
   */
  botStage: BotStage | null;
  /** The bot's last question: contact messages with a lower id were written before it (0045). */
  botPromptId: number | null;
  botPromptAt: string | null;
}

export type BotStage = "menu" | "tree" | "done" | "nps";

export interface TicketTagsTable {
  ticketId: number;
  tagId: number;
  companyId: number;
  /** When the tag was put on the ticket (a lane: when the ticket entered it); null for links older than 0040. */
  createdAt: string | null;
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
  | "redirect"
  /** Closed by a timed rule: the connection's inactivity expiry or the company's auto-close. */
  | "autoClose"
  /** A timed message was not sent: the channel's reply window had closed (the rule's change was made). */
  | "windowClosed";
export interface TicketLogsTable {
  id: Generated<number>;
  companyId: number;
  ticketId: number;
  type: TicketLogType;
  userId: number | null;
  queueId: number | null;
  createdAt: Generated<string>;
}

/** A contact's 0-10 answer to the rating question of a resolved ticket, one per cycle (0046). */
export interface TicketRatingsTable {
  id: Generated<number>;
  companyId: number;
  ticketId: number;
  /** The agent who held the ticket. */
  userId: number | null;
  rate: number;
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
  /** Who may see the message, as tokens of its ticket (migration 0050): never selected, only matched. */
  scope: string;
}
export interface ContactsFtsTable {
  rowid: number;
  name: string;
  number: string;
}
