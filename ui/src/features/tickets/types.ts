/** A ticket as GET /api/tickets and the ticket socket frames carry it. */
export type TicketStatus = "pending" | "open" | "closed" | "group" | "lgpd" | "nps";

/** Being attended (open, or a group chat): the agent can write, return it to the queue or resolve it. */
export const isLiveStatus = (s: TicketStatus) => s === "open" || s === "group";
/** Waiting for an agent to accept it (lgpd waits like pending). */
export const isPendingStatus = (s: TicketStatus) => s === "pending" || s === "lgpd";

export interface TagRef {
  id: number;
  name: string;
  color: string;
  kanban?: number;
  /** When the tag was put on the ticket (a kanban lane: when the ticket entered it); null when unknown. */
  addedAt?: string | null;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  contactId: number;
  whatsappId: number | null;
  channel: string;
  isGroup: boolean;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  createdAt?: string;
  contact: { id: number; name: string; number?: string; email?: string; urlPicture?: string | null; channel?: string; active?: boolean };
  queue: { id: number; name: string; color: string | null } | null;
  user: { id: number; name: string; color?: string | null } | null;
  whatsapp: { id: number; name: string; channel?: string; groupAsTicket?: string | null; deleted?: boolean } | null;
  tags: TagRef[];
  userRating?: { rate: number } | null;
  /** The single-ticket view only (GET /api/tickets/u/:uuid); null: the channel has no reply window. */
  replyWindow?: ReplyWindow | null;
}

/** Meta's customer-service window: closesAt null once it has closed (only templates go out then). */
export interface ReplyWindow {
  hours: number;
  lastInboundAt: string | null;
  closesAt: string | null;
}

/** A WhatsApp Cloud API message template (GET /api/whatsapp/:id/templates: the approved ones). */
export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string; format?: string }[];
}

export interface TicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
  count: number;
}

export interface Reaction {
  emoji: string;
  fromMe: boolean;
  reactor: string;
  userId: number | null;
}

/** A message as GET /api/messages/:ticketId and company-{id}-appMessage carry it. */
export interface Message {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  isPrivate: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded?: boolean;
  mediaUrl: string | null;
  mediaType: string | null;
  mimetype?: string | null;
  mediaName?: string | null;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string | null; isDeleted: boolean; senderName?: string | null } | null;
  ack: number;
  sendStatus: "queued" | "sending" | "sent" | "failed" | null;
  attempts?: number;
  errorCode: string | null;
  errorMessage: string | null;
  retryAt?: string | null;
  vCard?: string | null;
  data?: Record<string, unknown> | null;
  senderName?: string | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  contact: { id: number; name: string } | null;
  reactions: Reaction[];
  /** A file the channel sent that is still downloading, or that could not be had (with the kind the channel named). */
  mediaState?: MediaState | null;
  /** A message from the channel: when the contact wrote it (the channel's timestamp, never after createdAt). */
  writtenAt?: string | null;
  createdAt: string;
  updatedAt?: string;
}

export interface MediaState {
  status: "downloading" | "unavailable";
  kind: "image" | "video" | "audio" | "file";
  error: string | null;
}

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
  ticket?: Ticket;
}

/** The inbox lists: three live tabs of the open view, plus the closed and search views. */
export type InboxView = "open" | "closed" | "search";
export type OpenTab = "open" | "pending" | "group";

/** What GET /api/tickets is asked for one list. */
export interface TicketListParams {
  status?: TicketStatus;
  showAll: boolean;
  queueIds: number[];
  sortTickets: "ASC" | "DESC";
  searchParam?: string;
  searchOnMessages?: boolean;
  tags?: number[];
  whatsapps?: number[];
  users?: number[];
  statusFilter?: TicketStatus[];
}
