/**
 * PUT /api/tickets/:id: the ticket transitions (accept, transfer, return to pending, resolve, reopen). Which one a request is follows from the ticket's
 * status and the body (decideTransition):
 *
 *   isTransfered or msgTransfer            open, group, pending -> transfer: queue required; a user -> open (group), else pending
 *   status open|group  from pending, lgpd  -> accept  (userId = the actor; an admin may name another user)
 *                      from closed         -> reopen  (userId = the actor; refused while the contact holds another live ticket)
 *   status pending     from open, group    -> return to queue (user cleared)
 *   status closed      from pending, lgpd with sendFarewellMessage false and amountUsedBotQueues 0 -> ignore (no farewell)
 *                      from open, group, pending, nps -> close (requiredTag; farewell unless sendFarewellMessage is false;
 *                                     with ratings on, an open ticket someone holds goes to nps and is asked to rate;
 *                                     from nps no second goodbye)
 *   the status the ticket already has, nothing else asked  -> no change
 *
 * Each one is a conditional update on the status and user read before (a concurrent change answers 409
 * ERR_TICKET_CHANGED), its log entries in the same transaction, then the bus events and the automatic messages.
 */
import type { Updateable } from "kysely";
import { BOT_DONE, BOT_RESET } from "../../automation/state";
import type { AppContext } from "../../context";
import type { TicketLogType, TicketStatus, TicketsTable } from "../../db/schema";
import { type Scope, forCompany } from "../../db/scope";
import { AppError, noPermission, validationError } from "../../http/errors";
import { type Actor, assertCan, can } from "../../http/permissions";
import type { TicketAssignment } from "../../realtime/events";
import { type AuditAction, recordAudit } from "../audit/record";
import { findConnection } from "../connections/queries";
import { getCompanySetting } from "../settings/queries";
import { isLiveTicketClash, otherOpenTicket } from "./conflict";
import { createTicketEffects } from "./effects";
import { addTicketLog, contactHasTags, findLiveTicket, insertTicket, type TicketCore, updateTicketIfUnchanged } from "./queries";
import type { UpdateTicketInput } from "./schema";
import type { TicketView } from "./serialize";

export type Transition = "accept" | "reopen" | "return" | "close" | "ignore" | "transfer" | "none";

export function decideTransition(status: TicketStatus, input: UpdateTicketInput): Transition {
  const refuse = (why: string) => validationError({ status: why });
  if (input.isTransfered === true || (input.msgTransfer !== undefined && input.msgTransfer !== null && input.msgTransfer.trim() !== "")) {
    if (status === "open" || status === "group" || status === "pending") return "transfer";
    throw refuse("Only open or pending tickets can be transferred");
  }
  const target = input.status ?? status;
  switch (target) {
    case "open":
    case "group":
      if (status === "pending" || status === "lgpd") return "accept";
      if (status === "closed") return "reopen";
      if (status === "open" || status === "group") return "none";
      throw refuse("This ticket cannot be opened");
    case "pending":
      if (status === "open" || status === "group") return "return";
      if (status === "pending") return "none";
      throw refuse("Only an open ticket can return to the queue");
    case "closed":
      if (status === "closed") return "none";
      if ((status === "pending" || status === "lgpd") && input.sendFarewellMessage === false && input.amountUsedBotQueues === 0) return "ignore";
      if (status === "lgpd") throw refuse("A ticket awaiting LGPD consent can only be ignored");
      return "close";
    default:
      throw refuse("Tickets are not moved to this status by hand");
  }
}

interface Deps {
  visibleTicket(actor: Actor, by: { id: number }): Promise<{ ticket: TicketCore }>;
  viewFor(actor: Actor, ticketId: number): Promise<TicketView>;
}

interface Change {
  set: Updateable<TicketsTable>;
  logs: { type: TicketLogType; userId: number | null; queueId: number | null }[];
  /** Changes that move the ticket to another user or queue are audited under this action. */
  audit?: AuditAction;
}

/** What the audit log keeps of a ticket's move: its status, user and queue. */
const placeOf = (t: Pick<TicketCore, "status" | "userId" | "queueId">) => ({ status: t.status, userId: t.userId, queueId: t.queueId });

const changed = () => new AppError("ERR_TICKET_CHANGED", 409, "The ticket changed meanwhile; reload it");

export function createTransitions(ctx: AppContext, deps: Deps) {
  const effects = createTicketEffects(ctx);

  /** Writes the change if the ticket still has the status and user it was read with; then publishes it. */
  async function apply(actor: Actor, ticket: TicketCore, change: Change): Promise<void> {
    const nowIso = ctx.clock.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateTicketIfUnchanged(trx, actor.companyId, ticket, { ...change.set, updatedAt: nowIso }))) throw changed();
      for (const log of change.logs) await addTicketLog(trx, actor.companyId, { ticketId: ticket.id, ...log, createdAt: nowIso });
      if (change.audit) {
        const before = placeOf(ticket);
        const after = placeOf({ ...before, ...change.set } as TicketCore);
        await recordAudit(trx, ctx.clock.now(), actor, {
          companyId: actor.companyId,
          entity: "ticket",
          entityId: ticket.id,
          action: change.audit,
          before,
          after,
        });
      }
    });
    publish(actor.companyId, ticket, change.set);
  }

  function publish(companyId: number, ticket: TicketCore, set: Updateable<TicketsTable>) {
    ctx.bus.emit("ticket.updated", { companyId, ticketId: ticket.id });
    const moved = (k: "userId" | "queueId") => k in set && set[k] !== ticket[k];
    if (moved("userId") || moved("queueId")) ctx.bus.emit("ticket.reassigned", { companyId, ticketId: ticket.id, previous: assignment(ticket) });
  }

  /** The user a ticket goes to: the actor, or another user of the company named by an admin. */
  async function assignee(actor: Actor, scope: Scope, userId: number | null | undefined): Promise<number> {
    if (!userId || userId === actor.userId) return actor.userId;
    if (!can(actor, "tickets-manager:filterByUser")) throw noPermission("Only admins assign tickets to another user");
    if ((await scope.missingIds("users", [userId])).length) throw validationError({ userId: "Unknown user" });
    return userId;
  }

  async function checkQueue(scope: Scope, queueId: number | null | undefined) {
    if (queueId && (await scope.missingIds("queues", [queueId])).length) throw validationError({ queueId: "Unknown queue" });
  }

  const withQueueFlag = (view: TicketView) => ({ ...view, needsQueue: view.queueId === null });
  const integration = (input: UpdateTicketInput) => (input.useIntegration === undefined ? {} : { useIntegration: input.useIntegration ? 1 : 0 });

  async function accept(actor: Actor, ticket: TicketCore, input: UpdateTicketInput) {
    const scope = forCompany(ctx.db, actor.companyId);
    const userId = await assignee(actor, scope, input.userId);
    await checkQueue(scope, input.queueId);
    const queueId = input.queueId ?? ticket.queueId;
    const logs: Change["logs"] = [{ type: "open", userId, queueId }];
    if (queueId !== ticket.queueId) logs.push({ type: "queue", userId: actor.userId, queueId });
    await apply(actor, ticket, {
      set: { status: ticket.isGroup === 1 ? "group" : "open", userId, queueId, ...BOT_DONE, ...integration(input) },
      logs,
      audit: "accept",
    });
    await effects.acceptedGreeting(actor, ticket.id);
    return withQueueFlag(await deps.viewFor(actor, ticket.id));
  }

  async function reopen(actor: Actor, ticket: TicketCore, input: UpdateTicketInput) {
    const scope = forCompany(ctx.db, actor.companyId);
    const conn = ticket.whatsappId ? await findConnection(ctx.db, actor.companyId, ticket.whatsappId) : undefined;
    if (!conn) throw new AppError("ERR_NO_WAPP_FOUND", 400, "The ticket's connection no longer exists");
    const held = await findLiveTicket(ctx.db, actor.companyId, ticket.contactId, ticket.whatsappId, ticket.id);
    if (held) throw otherOpenTicket(held);
    const userId = await assignee(actor, scope, input.userId);
    await checkQueue(scope, input.queueId);
    const queueId = input.queueId ?? ticket.queueId;
    try {
      await apply(actor, ticket, {
        set: { status: ticket.isGroup === 1 ? "group" : "open", userId, queueId, closedAt: null, ...BOT_RESET, ...integration(input) },
        logs: [{ type: "reopen", userId, queueId }],
        audit: "reopen",
      });
    } catch (err) {
      if (!isLiveTicketClash(err)) throw err;
      const winner = await findLiveTicket(ctx.db, actor.companyId, ticket.contactId, ticket.whatsappId, ticket.id);
      throw winner ? otherOpenTicket(winner) : err;
    }
    return withQueueFlag(await deps.viewFor(actor, ticket.id));
  }

  async function returnToQueue(actor: Actor, ticket: TicketCore) {
    await apply(actor, ticket, {
      set: { status: "pending", userId: null },
      logs: [{ type: "pending", userId: actor.userId, queueId: ticket.queueId }],
      audit: "return",
    });
    return deps.viewFor(actor, ticket.id);
  }

  async function close(actor: Actor, ticket: TicketCore, input: UpdateTicketInput) {
    if (ticket.status === "pending") assertCan(actor, "tickets-manager:closePending");
    if ((await getCompanySetting(ctx.db, actor.companyId, "requiredTag")) === "enabled" && !(await contactHasTags(ctx.db, actor.companyId, ticket.contactId))) {
      throw new AppError("ERR_TAG_REQUIRED", 400, "A tag must be assigned to the contact before closing");
    }
    const amount = input.amountUsedBotQueues === undefined ? {} : { amountUsedBotQueues: input.amountUsedBotQueues };
    // Ratings on: the ticket waits in nps for the contact's rating, closed by its answer or its expiry.
    const farewell = input.sendFarewellMessage !== false && ticket.status !== "nps";
    const rating = farewell ? await effects.askRating(actor, ticket, { ...amount, ...integration(input) }) : "no";
    if (rating === "changed") throw changed();
    if (rating === "asked") return deps.viewFor(actor, ticket.id);
    await apply(actor, ticket, {
      set: { status: "closed", closedAt: ctx.clock.now().toISOString(), ...amount, ...integration(input) },
      logs: [{ type: "closed", userId: actor.userId, queueId: ticket.queueId }],
    });
    if (farewell) await effects.farewell(actor, ticket.id, ticket.status === "pending");
    return deps.viewFor(actor, ticket.id);
  }

  async function ignore(actor: Actor, ticket: TicketCore) {
    assertCan(actor, "tickets-manager:ignorePending");
    await apply(actor, ticket, {
      set: { status: "closed", closedAt: ctx.clock.now().toISOString(), amountUsedBotQueues: 0 },
      logs: [{ type: "closed", userId: actor.userId, queueId: ticket.queueId }],
    });
    return deps.viewFor(actor, ticket.id);
  }

  async function transfer(actor: Actor, ticket: TicketCore, input: UpdateTicketInput) {
    const scope = forCompany(ctx.db, actor.companyId);
    if (!input.queueId) throw validationError({ queueId: "Required" });
    await checkQueue(scope, input.queueId);
    const userId = input.userId ?? null;
    if (userId !== null && (await scope.missingIds("users", [userId])).length) throw validationError({ userId: "Unknown user" });
    const status = userId === null ? "pending" : ticket.isGroup === 1 ? "group" : "open";
    const logs: Change["logs"] = [
      { type: "transfered", userId: actor.userId, queueId: ticket.queueId },
      { type: "receivedTransfer", userId, queueId: input.queueId },
    ];
    if ((await getCompanySetting(ctx.db, actor.companyId, "closeTicketOnTransfer")) === "enabled") {
      const newId = await transferToNewTicket(actor, ticket, { queueId: input.queueId, userId, status });
      await effects.transferred(actor, newId, input.msgTransfer);
      return deps.viewFor(actor, newId);
    }
    await apply(actor, ticket, {
      set: { queueId: input.queueId, userId, status, isTransfered: 1, ...BOT_DONE, ...integration(input) },
      logs,
      audit: "transfer",
    });
    await effects.transferred(actor, ticket.id, input.msgTransfer);
    return deps.viewFor(actor, ticket.id);
  }

  /** closeTicketOnTransfer: this ticket is closed and the conversation goes on in a new ticket of the target queue. */
  async function transferToNewTicket(actor: Actor, ticket: TicketCore, to: { queueId: number; userId: number | null; status: TicketStatus }) {
    const nowIso = ctx.clock.now().toISOString();
    const newId = await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateTicketIfUnchanged(trx, actor.companyId, ticket, { status: "closed", closedAt: nowIso, updatedAt: nowIso }))) throw changed();
      const log = (ticketId: number, type: TicketLogType, userId: number | null, queueId: number | null) =>
        addTicketLog(trx, actor.companyId, { ticketId, type, userId, queueId, createdAt: nowIso });
      await log(ticket.id, "transfered", actor.userId, ticket.queueId);
      await log(ticket.id, "closed", actor.userId, ticket.queueId);
      const id = await insertTicket(trx, actor.companyId, {
        uuid: crypto.randomUUID(),
        status: to.status,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        channel: ticket.channel,
        isGroup: ticket.isGroup,
        queueId: to.queueId,
        userId: to.userId,
        isTransfered: 1,
        initiatedBy: ticket.initiatedBy,
        createdAt: nowIso,
        updatedAt: nowIso,
      });
      await log(id, "create", actor.userId, to.queueId);
      await log(id, "receivedTransfer", to.userId, to.queueId);
      // One entry for the move: this ticket closed, the conversation going on in ticket `id` with the new queue and user.
      await recordAudit(trx, ctx.clock.now(), actor, {
        companyId: actor.companyId,
        entity: "ticket",
        entityId: ticket.id,
        action: "transfer",
        before: placeOf(ticket),
        after: { status: "closed", userId: to.userId, queueId: to.queueId, ticketId: id },
      });
      return id;
    });
    ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId: ticket.id });
    ctx.bus.emit("ticket.created", { companyId: actor.companyId, ticketId: newId });
    return newId;
  }

  return {
    async update(actor: Actor, ticketId: number, input: UpdateTicketInput) {
      const { ticket } = await deps.visibleTicket(actor, { id: ticketId });
      switch (decideTransition(ticket.status, input)) {
        case "accept":
          return accept(actor, ticket, input);
        case "reopen":
          return reopen(actor, ticket, input);
        case "return":
          return returnToQueue(actor, ticket);
        case "close":
          return close(actor, ticket, input);
        case "ignore":
          return ignore(actor, ticket);
        case "transfer":
          return transfer(actor, ticket, input);
        case "none":
          return none(actor, ticket, input);
      }
    },
  };

  /**
   * The ticket already has the status asked for. Asking to open a ticket someone else holds is a late accept and is
   * refused; a different user or queue needs a transfer; only useIntegration may change here.
   */
  async function none(actor: Actor, ticket: TicketCore, input: UpdateTicketInput) {
    const opening = input.status === "open" || input.status === "group";
    if (opening && ticket.status !== "closed" && ticket.userId !== (input.userId ?? actor.userId)) {
      throw validationError({ status: "Only a pending ticket can be accepted" });
    }
    const otherUser = input.userId !== undefined && input.userId !== null && input.userId !== ticket.userId;
    const otherQueue = input.queueId !== undefined && input.queueId !== null && input.queueId !== ticket.queueId;
    if (otherUser || otherQueue) throw validationError({ status: "The ticket already has this status; move it to another user or queue with a transfer" });
    if (input.useIntegration !== undefined) await apply(actor, ticket, { set: integration(input), logs: [] });
    return deps.viewFor(actor, ticket.id);
  }
}

function assignment(ticket: TicketCore): TicketAssignment {
  return { userId: ticket.userId, queueId: ticket.queueId, isGroup: ticket.isGroup };
}
