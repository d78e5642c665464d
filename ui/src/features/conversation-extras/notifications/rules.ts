import type { SessionUser } from "../../auth/types";
import type { Message, Ticket } from "../../tickets/types";

export interface NotifyContext {
  user: Pick<SessionUser, "id" | "queues">;
  /** Company setting showNotificationPending is enabled. */
  showPending: boolean;
  /** The conversation on screen, and whether the page is visible. */
  openTicketId: number | null;
  pageVisible: boolean;
}

/**
 * Whether a new message earns a desktop notification and a sound: a contact's message (not ours, not
 * a private note) on a ticket that is unassigned or assigned to the user, in one of the user's queues (a ticket with
 * no queue reached this socket only because the user may see it); pending tickets only with showNotificationPending.
 * The conversation the user is looking at needs none.
 */
export function shouldNotify(
  message: Pick<Message, "fromMe" | "isPrivate" | "ticketId">,
  ticket: Pick<Ticket, "id" | "status" | "userId" | "queueId">,
  ctx: NotifyContext,
): boolean {
  if (message.fromMe || message.isPrivate) return false;
  if (ticket.userId !== null && ticket.userId !== ctx.user.id) return false;
  if (ticket.queueId !== null && !ctx.user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (ticket.status === "pending" && !ctx.showPending) return false;
  if (ticket.status === "closed") return false;
  return !(ctx.pageVisible && ctx.openTicketId === ticket.id);
}
