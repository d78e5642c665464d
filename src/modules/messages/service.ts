import type { AppContext } from "../../context";
import { assertAgentCanSend } from "../../channels/outbound";
import { forCompany } from "../../db/scope";
import { AppError, notFound, validationError } from "../../http/errors";
import { pageOf, pageWindow } from "../../http/paging";
import type { Actor } from "../../http/permissions";
import type { StoredMedia } from "../../storage/media";
import { ticketAudience } from "../tickets/queries";
import { loadTicketView } from "../tickets/serialize";
import { createTicketsService } from "../tickets/service";
import { findMessageCore, listTicketMessages } from "./queries";
import { loadMessageView, serializeMessages } from "./serialize";

export interface SendInput {
  body: string;
  isPrivate: boolean;
  quotedMsg?: number | null;
  vCard?: string | null;
  files: File[];
}

export function createMessagesService(ctx: AppContext) {
  const tickets = createTicketsService(ctx);

  return {
    /** 20 a page: page 1 holds the newest 20, each page in chronological order (oldest first). Marks the ticket read. */
    async list(actor: Actor, ticketId: number, pageNumber: number) {
      const { ticket } = await tickets.visibleTicket(actor, { id: ticketId });
      const { limit, offset, size } = pageWindow(pageNumber);
      const rows = await listTicketMessages(ctx.db, actor.companyId, ticket.id, limit, offset);
      const page = pageOf(rows, size);
      const messages = await serializeMessages(ctx, actor.companyId, page.rows.reverse());
      if (ticket.unreadMessages > 0) await markRead(ticket);
      return { messages, hasMore: page.hasMore, ticket: await loadTicketView(ctx.db, actor.companyId, ticket.id) };
    },

    /** An agent's message or private note; files become one message each (the body goes with the first). */
    async send(actor: Actor, ticketId: number, input: SendInput) {
      const { ticket, queueIds } = await tickets.visibleTicket(actor, { id: ticketId });
      assertAgentCanSend(actor, ticket, queueIds, { isPrivate: input.isPrivate });
      const body = input.body;
      if (!body.trim() && !input.files.length && !input.vCard) throw validationError({ body: "Required" });
      if (!input.isPrivate) {
        const conn = ticket.whatsappId
          ? await forCompany(ctx.db, actor.companyId).selectFrom("connections").select(["id"]).where("id", "=", ticket.whatsappId).where("deletedAt", "is", null).executeTakeFirst()
          : undefined;
        if (!conn) throw new AppError("ERR_NO_WAPP_FOUND", 400, "The ticket's connection no longer exists");
      }
      let quotedMsgId: number | null = null;
      if (input.quotedMsg) {
        const q = await forCompany(ctx.db, actor.companyId).selectFrom("messages").select("id").where("id", "=", input.quotedMsg).where("ticketId", "=", ticket.id).executeTakeFirst();
        if (!q) throw validationError({ quotedMsg: "Unknown message" });
        quotedMsgId = q.id;
      }
      const stored: StoredMedia[] = [];
      for (const file of input.files) stored.push(await ctx.media.save(actor.companyId, { data: file, name: file.name || "file" }));

      const ids: number[] = [];
      const common = { companyId: actor.companyId, ticketId: ticket.id, origin: "agent" as const, userId: actor.userId, isPrivate: input.isPrivate, quotedMsgId };
      if (!stored.length) {
        ids.push((await ctx.channels.outbound.queue({ ...common, body, vCard: input.vCard ?? null })).messageId);
      } else {
        for (const [i, media] of stored.entries()) {
          ids.push((await ctx.channels.outbound.queue({ ...common, body: i === 0 ? body : "", media, quotedMsgId: i === 0 ? quotedMsgId : null })).messageId);
        }
      }
      const messages = [];
      for (const id of ids) messages.push((await loadMessageView(ctx, actor.companyId, id))!);
      return { message: messages[0]!, messages };
    },

    /** A person's retry of a failed send (same guards as sending). */
    async retry(actor: Actor, messageId: number) {
      const msg = await findMessageCore(ctx.db, actor.companyId, messageId);
      if (!msg) throw notFound("Message not found");
      const { ticket, queueIds } = await tickets.visibleTicket(actor, { id: msg.ticketId });
      assertAgentCanSend(actor, ticket, queueIds);
      const ok = msg.sendStatus === "failed" && (await ctx.channels.outbound.requeue(actor.companyId, msg.id));
      if (!ok) throw validationError({ id: "Only a failed message can be sent again" });
      return (await loadMessageView(ctx, actor.companyId, msg.id))!;
    },
  };

  async function markRead(ticket: { id: number; companyId: number; userId: number | null; queueId: number | null; isGroup: number }) {
    await ctx.db.transaction().execute(async (trx) => {
      const s = forCompany(trx, ticket.companyId);
      await s.updateTable("tickets").set({ unreadMessages: 0 }).where("id", "=", ticket.id).execute();
      await s.updateTable("messages").set({ read: 1 }).where("ticketId", "=", ticket.id).where("read", "=", 0).execute();
    });
    const users = await ticketAudience(ctx.db, ticket.companyId, ticket);
    ctx.hub.emit(ticket.companyId, `company-${ticket.companyId}-ticket`, { action: "updateUnread", ticketId: ticket.id }, { users });
  }
}
