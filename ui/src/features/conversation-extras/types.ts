/** GET /api/tickets-log/:ticketId entries. */
export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
  "autoClose",
  "windowClosed",
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

export interface TicketLog {
  id: number;
  type: TicketLogType | string;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color?: string | null } | null;
}
