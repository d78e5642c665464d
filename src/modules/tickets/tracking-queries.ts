/**
 * The ticket's figures, set as its events happen (the same rules migration 0044 backfilled from the logs). A cycle is
 * the ticket's life from its creation or its latest reopen on:
 *   firstQueuedAt    the first log of the cycle that names a queue (closing, viewing and the sending side of a
 *                    transfer aside): the ticket entered a queue
 *   firstAcceptedAt  the first `open` log of the cycle, or a `create`, `reopen` or `receivedTransfer` naming a user
 *   firstResponseAt  the first agent's message (not a private note) after the contact's first message of the cycle
 *   lastClosedAt     the latest `closed` (or timed `autoClose`) log, kept across reopens
 * A reopen clears the three firsts and starts the cycle again from its own log; the cycle it ends is kept in
 * ticket_cycles first, so the dashboard still counts it in its own period.
 */
import { sql, type UpdateObject } from "kysely";
import { compiledOnce } from "../../db/compiled";
import type { Db } from "../../db/database";
import type { DB, TicketLogType } from "../../db/schema";
import { forCompany } from "../../db/scope";

const NOT_ENTERING_QUEUE: readonly TicketLogType[] = ["closed", "autoClose", "windowClosed", "access", "transfered"];
const TAKEN_BY_NAMED_USER: readonly TicketLogType[] = ["create", "reopen", "receivedTransfer"];

/** A ticket log entry as written: who and which queue when the event names them. */
export type TicketLogEntry = { ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null; createdAt: string };

/** Moves the figures a log entry stands for; a log that changes none of them costs no write. */
export async function trackTicketLog(db: Db, companyId: number, log: TicketLogEntry): Promise<void> {
  const queued = log.queueId != null && !NOT_ENTERING_QUEUE.includes(log.type);
  const accepted = log.type === "open" || (log.userId != null && TAKEN_BY_NAMED_USER.includes(log.type));
  const reopen = log.type === "reopen";
  const closed = log.type === "closed" || log.type === "autoClose";
  if (reopen) await archiveCycle(db, companyId, log.ticketId, log.createdAt);
  else if (!queued && !accepted && !closed) return;
  await figuresMoved(db, { companyId, ticketId: log.ticketId, at: log.createdAt, reopen, queued, accepted, closed });
}

// Run for nearly every log entry (a bot's queue choice, an acceptance, a close): compiled once per kind of change.
const figuresMoved = compiledOnce(
  (db, a: { companyId: number; ticketId: number; at: string; reopen: boolean; queued: boolean; accepted: boolean; closed: boolean }) => {
    const set: UpdateObject<DB, "tickets"> = {};
    if (a.reopen) {
      set.firstQueuedAt = a.queued ? a.at : null;
      set.firstAcceptedAt = a.accepted ? a.at : null;
      set.firstResponseAt = null;
    } else {
      if (a.queued) set.firstQueuedAt = sql<string>`coalesce(${sql.ref("firstQueuedAt")}, ${a.at})`;
      if (a.accepted) set.firstAcceptedAt = sql<string>`coalesce(${sql.ref("firstAcceptedAt")}, ${a.at})`;
      if (a.closed) set.lastClosedAt = a.at;
    }
    return forCompany(db, a.companyId).updateTable("tickets").set(set).where("id", "=", a.ticketId);
  },
);

/**
 * An agent's message went out at `at`: the cycle's first response when none is recorded and the contact has written
 * in this cycle (since the latest reopen, or ever).
 */
export async function trackAgentReply(db: Db, companyId: number, ticketId: number, at: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("tickets")
    .set({ firstResponseAt: at })
    .where("id", "=", ticketId)
    .where("firstResponseAt", "is", null)
    .where(({ exists, selectFrom, ref, fn, val }) =>
      exists(
        selectFrom("messages")
          .select("messages.id")
          .where("messages.ticketId", "=", ref("tickets.id"))
          .where("messages.companyId", "=", companyId)
          .where("messages.fromMe", "=", 0)
          .where(
            "messages.createdAt",
            ">=",
            fn.coalesce(
              selectFrom("ticket_logs")
                .select((eb) => eb.fn.max("ticket_logs.createdAt").as("at"))
                .where("ticket_logs.ticketId", "=", ref("tickets.id"))
                .where("ticket_logs.companyId", "=", companyId)
                .where("ticket_logs.type", "=", "reopen"),
              val(""),
            ),
          ),
      ),
    )
    .execute();
}

/**
 * Keeps the figures of the cycle a reopen ends (the ticket's row has them until the reopen's log clears them). The
 * reopen has already put its own user and queue on the ticket, so the cycle is credited to the user and queue of its
 * close: the latest closing log.
 */
async function archiveCycle(db: Db, companyId: number, ticketId: number, endedAt: string): Promise<void> {
  const scope = forCompany(db, companyId);
  const ticket = await scope
    .selectFrom("tickets")
    .select(["whatsappId", "isGroup", "firstQueuedAt", "firstAcceptedAt", "firstResponseAt", "lastClosedAt", "queueId", "userId"])
    .where("id", "=", ticketId)
    .executeTakeFirst();
  if (!ticket) return;
  const close = await scope
    .selectFrom("ticket_logs")
    .select(["userId", "queueId"])
    .where("ticketId", "=", ticketId)
    .where("type", "in", ["closed", "autoClose"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  await scope
    .insertInto("ticket_cycles", {
      ticketId,
      queueId: close ? close.queueId : ticket.queueId,
      userId: close ? close.userId : ticket.userId,
      whatsappId: ticket.whatsappId,
      isGroup: ticket.isGroup,
      firstQueuedAt: ticket.firstQueuedAt,
      firstAcceptedAt: ticket.firstAcceptedAt,
      firstResponseAt: ticket.firstResponseAt,
      closedAt: ticket.lastClosedAt,
      endedAt,
    })
    .execute();
}
