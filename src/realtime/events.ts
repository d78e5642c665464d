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
  "settings.updated": { companyId: number | null; key: string };
  /** A login elsewhere, a logout or a password reset: the user's older tokens and sockets end. */
  "auth.sessionEnded": { companyId: number; userId: number; reason: "login" | "logout" | "reset" };
  /** Channels core (src/channels): a connection's status, QR code or number changed. */
  "connection.updated": { companyId: number; connectionId: number };
  "contact.created": { companyId: number; contactId: number };
  "contact.updated": { companyId: number; contactId: number };
  /** A ticket was created (inbound, API, agent); listeners read the row. */
  "ticket.created": { companyId: number; ticketId: number };
  /** Any change of a ticket's row (status, user, queue, lastMessage, unreadMessages...). */
  "ticket.updated": { companyId: number; ticketId: number };
  "message.created": { companyId: number; ticketId: number; messageId: number };
  /** ack, sendStatus, edit, delete or reaction of a message. */
  "message.updated": { companyId: number; ticketId: number; messageId: number };
  /** Connections admin (src/modules/connections): a connection was created or its settings changed (not its status: connection.updated). */
  "connection.saved": { companyId: number; connectionId: number };
  /** Connections admin: a connection was deleted (soft; its tickets stay). */
  "connection.deleted": { companyId: number; connectionId: number };
}

export type BusEventName = keyof BusEvents;
