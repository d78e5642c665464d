import type { Transaction } from "kysely";
import type { DB } from "../../db/schema";
import type { AppContext } from "../../context";
import type { TicketAssignment } from "../../realtime/events";
import { addTicketLog, type liveTicketsOfQueue, ticketsHeldBy, updateTicket } from "./queries";

/**
 * A user is being deleted (ARCHITECTURE.md, Data safety): their open tickets go back to the queue (pending, no
 * user) and their group tickets lose their user, inside the caller's transaction. Answers what changed; the
 * caller passes it to announceReleased once the transaction has committed.
 */
export async function releaseUserTickets(trx: Transaction<DB>, companyId: number, userId: number, nowIso: string) {
  const held = await ticketsHeldBy(trx, companyId, userId);
  for (const t of held) {
    await updateTicket(trx, companyId, t.id, { status: t.status === "open" ? "pending" : t.status, userId: null, updatedAt: nowIso });
    if (t.status === "open") await addTicketLog(trx, companyId, { ticketId: t.id, type: "pending", userId: null, queueId: t.queueId, createdAt: nowIso });
  }
  return held.map((t) => ({ ticketId: t.id, previous: { userId, queueId: t.queueId, isGroup: t.isGroup } }));
}

/**
 * A queue is being deleted: its tickets that are not closed (liveTicketsOfQueue) move to `toQueueId`, keeping their
 * status and user and leaving the deleted queue's chatbot option, each with a `queue` log by the actor, inside the
 * caller's transaction. Answers what changed, for announceReleased after the commit.
 */
export async function moveQueueTickets(
  trx: Transaction<DB>,
  companyId: number,
  live: Awaited<ReturnType<typeof liveTicketsOfQueue>>,
  toQueueId: number,
  actorId: number,
  nowIso: string,
) {
  for (const t of live) {
    await updateTicket(trx, companyId, t.id, { queueId: toQueueId, queueOptionId: null, updatedAt: nowIso });
    await addTicketLog(trx, companyId, { ticketId: t.id, type: "queue", userId: actorId, queueId: toQueueId, createdAt: nowIso });
  }
  return live.map((t) => ({ ticketId: t.id, previous: { userId: t.userId, queueId: t.queueId, isGroup: t.isGroup } }));
}

/** After the commit: the released or moved tickets reach their queue's agents and leave the sockets that may no longer see them. */
export function announceReleased(ctx: AppContext, companyId: number, released: readonly { ticketId: number; previous: TicketAssignment }[]): void {
  for (const r of released) {
    ctx.bus.emit("ticket.updated", { companyId, ticketId: r.ticketId });
    ctx.bus.emit("ticket.reassigned", { companyId, ticketId: r.ticketId, previous: r.previous });
  }
}
