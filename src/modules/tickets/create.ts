import type { z } from "zod";
import type { AppContext } from "../../context";
import { forCompany } from "../../db/scope";
import { AppError, noPermission, validationError } from "../../http/errors";
import { type Actor, can } from "../../http/permissions";
import { findConnection, findDefault } from "../connections/queries";
import { contactChannelOf } from "../contacts/queries";
import { isLiveTicketClash, otherOpenTicket } from "./conflict";
import { addTicketLog, findLiveTicket, insertTicket, userLiveConnectionId } from "./queries";
import type { createTicketBody } from "./schema";

export type CreateTicketInput = z.infer<typeof createTicketBody>;

/**
 * POST /api/tickets: a ticket for a contact on a connection (the given one, else the actor's own default connection,
 * else the company's default), of the contact's channel. Open and the actor's (group for a group contact) unless
 * status pending; an admin may name another user. Every id is the company's (ERR_VALIDATION on its field); a live
 * ticket of the contact on that connection answers ERR_OTHER_OPEN_TICKET. Answers the new ticket's id.
 */
export async function createTicket(ctx: AppContext, actor: Actor, input: CreateTicketInput): Promise<number> {
  const scope = forCompany(ctx.db, actor.companyId);
  const contact = await contactChannelOf(ctx.db, actor.companyId, input.contactId);
  if (!contact) throw validationError({ contactId: "Unknown contact" });
  const whatsappId = input.whatsappId ?? (await defaultConnectionId(ctx, actor));
  const conn = await findConnection(ctx.db, actor.companyId, whatsappId);
  if (!conn) throw validationError({ whatsappId: "Unknown connection" });
  if (conn.channel !== contact.channel) throw validationError({ whatsappId: "The contact is not on this connection's channel" });
  if (input.queueId && (await scope.missingIds("queues", [input.queueId])).length) throw validationError({ queueId: "Unknown queue" });
  const pending = input.status === "pending";
  const userId = pending ? null : (input.userId ?? actor.userId);
  if (userId !== null && userId !== actor.userId) {
    if (!can(actor, "tickets-manager:filterByUser")) throw noPermission("Only admins open tickets for another user");
    if ((await scope.missingIds("users", [userId])).length) throw validationError({ userId: "Unknown user" });
  }
  const held = await findLiveTicket(ctx.db, actor.companyId, contact.id, conn.id);
  if (held) throw otherOpenTicket(held);

  const nowIso = ctx.clock.now().toISOString();
  const isGroup = contact.isGroup === 1;
  let ticketId: number;
  try {
    ticketId = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertTicket(trx, actor.companyId, {
        uuid: crypto.randomUUID(),
        status: pending ? "pending" : isGroup ? "group" : "open",
        contactId: contact.id,
        whatsappId: conn.id,
        channel: conn.channel,
        isGroup: isGroup ? 1 : 0,
        queueId: input.queueId ?? null,
        userId,
        initiatedBy: "company",
        createdAt: nowIso,
        updatedAt: nowIso,
      });
      await addTicketLog(trx, actor.companyId, { ticketId: id, type: "create", userId: actor.userId, queueId: input.queueId ?? null, createdAt: nowIso });
      return id;
    });
  } catch (err) {
    if (!isLiveTicketClash(err)) throw err;
    const winner = await findLiveTicket(ctx.db, actor.companyId, contact.id, conn.id);
    throw winner ? otherOpenTicket(winner) : err;
  }
  ctx.bus.emit("ticket.created", { companyId: actor.companyId, ticketId });
  return ticketId;
}

/** The actor's own default connection when still live, else the company's default one. */
async function defaultConnectionId(ctx: AppContext, actor: Actor): Promise<number> {
  const own = await userLiveConnectionId(ctx.db, actor.companyId, actor.userId);
  if (own !== undefined) return own;
  const def = await findDefault(ctx.db, actor.companyId);
  if (!def) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404, "No default connection");
  return def.id;
}
