import type { SessionCommand } from "../channels/sessions";

/**
 * Dotted in-process events, published by modules after their transaction commits.
 * Listeners (the real-time hub, automation, reports) subscribe by name. Payloads carry ids, not rows:
 * each listener reads what it needs, shaped for its recipient.
 */
export interface BusEvents {
  "user.created": { companyId: number; userId: number };
  "user.updated": { companyId: number; userId: number };
  "user.deleted": { companyId: number; userId: number };
  "user.presence": { companyId: number; userId: number; online: boolean };
  "queue.created": { companyId: number; queueId: number };
  "queue.updated": { companyId: number; queueId: number };
  "queue.deleted": { companyId: number; queueId: number };
  /** Chatbot options (src/modules/chatbot): an option of the queue was created, edited, or deleted with its sub-options. */
  "chatbot.created": { companyId: number; queueId: number; chatbotId: number };
  "chatbot.updated": { companyId: number; queueId: number; chatbotId: number };
  "chatbot.deleted": { companyId: number; queueId: number; chatbotId: number };
  "settings.updated": { companyId: number | null; key: string };
  /** A login elsewhere, a logout or a password reset: the user's older tokens and sockets end. */
  "auth.sessionEnded": { companyId: number; userId: number; reason: "login" | "logout" | "reset" };
  /** Channels core (src/channels): a connection's status, QR code or number changed. */
  "connection.updated": { companyId: number; connectionId: number };
  "contact.created": { companyId: number; contactId: number };
  "contact.updated": { companyId: number; contactId: number };
  /** A contact was removed (merged into another one by the channels core, or deleted). */
  "contact.deleted": { companyId: number; contactId: number };
  /**
   * A ticket was created (inbound, API, agent); listeners read the row. withMessage (here and on ticket.updated): the
   * change came with a new message, whose message.created follows and whose frame carries the ticket.
   */
  "ticket.created": { companyId: number; ticketId: number; withMessage?: boolean };
  /** Any change of a ticket's row (status, user, queue, lastMessage, unreadMessages...). */
  "ticket.updated": { companyId: number; ticketId: number; withMessage?: boolean };
  "message.created": { companyId: number; ticketId: number; messageId: number };
  /** ack, sendStatus, edit, delete or reaction of a message. */
  "message.updated": { companyId: number; ticketId: number; messageId: number };
  /**
   * Channels core: a session's status, QR code or number changed. The row as written travels with the event: read again
   * by each listener, two quick changes (QR code, then connected) could be announced in the wrong order.
   */
  "connection.status": { companyId: number; connection: ConnectionStatusRow };
  /**
   * Channels core, with several instances: a person's command for a session that another instance runs (that instance
   * does it; the instance that asked, `origin`, did its part already). `number`: the phone number a pairing code is
   * asked for.
   */
  "connection.command": { connectionId: number; command: SessionCommand; origin: string; number?: string };
  /** Channels core: what a connection's session on `origin` sent to the same connection's sessions on the other instances. */
  "channel.peers": { connectionId: number; origin: string; data: unknown };
  /**
   * Channels core: a send was recorded with the channel's id for it. An ack the channel reported before (it may reach
   * any instance: a webhook, a visitor's socket) waits for this id on the instance that got it.
   */
  "outbound.sent": { connectionId: number; companyId: number; channel: string; externalId: string };
  /** Channels core, with several instances: a send waits for a session this instance does not run (the one running it sends). */
  "outbound.waiting": { connectionId: number; messageId: number; ticketId: number };
  /** Channels core: a connection's history import progressed; `frame` is what the company's connection managers are sent. */
  "connection.importProgress": { companyId: number; frame: ImportProgressFrame };
  /** Connections admin (src/modules/connections): a connection was created or its settings changed (not its status: connection.updated). */
  "connection.saved": { companyId: number; connectionId: number };
  /** Connections admin: a connection was deleted (soft; its tickets stay). */
  "connection.deleted": { companyId: number; connectionId: number };
  /**
   * Tickets (src/modules/tickets): the ticket's user, queue or group flag changed (accept, return, transfer, reopen,
   * a deleted user's tickets released). `previous` is what visibility was decided on before: whoever could see it
   * then and cannot now is told to drop it. Published with ticket.updated.
   */
  "ticket.reassigned": { companyId: number; ticketId: number; previous: TicketAssignment };
  /** Messages: an agent read the ticket's messages (its unread count is now 0); `ticket` is what visibility is decided on. */
  "ticket.read": { companyId: number; ticketId: number; ticket: TicketAssignment };
  /** Tickets: an admin deleted the ticket (it is kept with its messages, out of every list and route). */
  "ticket.deleted": { companyId: number; ticketId: number; previous: TicketAssignment };
  /** Tags (src/modules/tags): a tag or kanban lane was created, changed or deleted. */
  "tag.created": { companyId: number; tagId: number };
  "tag.updated": { companyId: number; tagId: number };
  "tag.deleted": { companyId: number; tagId: number };
  /** Quick messages (src/modules/quick-messages); `userId` is the owner, who alone sees a personal one. */
  "quickMessage.saved": { companyId: number; quickMessageId: number; action: "create" | "update" };
  "quickMessage.deleted": { companyId: number; quickMessageId: number; userId: number | null; geral: boolean };
  /** Contact imports (src/modules/contacts-import): an import started, carried out a batch of rows, or finished. */
  "contactImport.progress": { companyId: number; importId: number };
  /** File lists (src/modules/files): a list, its files or one of its uploads changed; or it was deleted. */
  "fileList.saved": { companyId: number; fileListId: number; action: "create" | "update" };
  "fileList.deleted": { companyId: number; fileListId: number };
}

/** The columns ticket visibility is decided on (src/modules/tickets/visibility.ts). */
export interface TicketAssignment {
  userId: number | null;
  queueId: number | null;
  isGroup: number;
}

/** A connection's row as its session's status change wrote it. */
export interface ConnectionStatusRow {
  id: number;
  name: string;
  channel: string;
  status: string;
  qrcode: string;
  number: string | null;
  isDefault: number;
  retries: number;
  droppedAt: string | null;
  lastError: string | null;
  updatedAt: string;
}

/** The frames of a history import: its progress, or the end of it (the tickets closed or left as they are). */
export type ImportProgressFrame = { action: "update"; status: { this: number; all: number; date: string } } | { action: "refresh" };

export type BusEventName = keyof BusEvents;
