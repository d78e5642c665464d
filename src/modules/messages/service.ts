import type { AppContext } from "../../context";
import { assertAgentCanSend } from "../../channels/outbound";
import { assertReplyWindowOpen } from "../../channels/window";
import { AppError, notFound, validationError } from "../../http/errors";
import { pageOf, pageWindow } from "../../http/paging";
import type { Actor } from "../../http/permissions";
import { findConnection } from "../connections/queries";
import { getCompanySetting } from "../settings/queries";
import { readLgpd } from "../tickets/lgpd";
import { createTicketsService } from "../tickets/service";
import { trackAgentReply } from "../tickets/tracking-queries";
import { privateNote, signed, vCardName, vCardOf } from "./compose";
import { findMessageCore, findTicketMessage, historyTicketIds, listTicketMessages, markTicketRead } from "./queries";
import { loadMessageView, messageForViewer, serializeMessages } from "./serialize";

export interface SendInput {
  body: string;
  isPrivate: boolean;
  quotedMsg?: number | null;
  vCard?: string | { name: string; number: string } | null;
  /** The agent chose to sign (honoured while the company's sendSignMessage is enabled). */
  signMessage?: boolean;
  files: File[];
}

export function createMessagesService(ctx: AppContext) {
  const tickets = createTicketsService(ctx);

  /** The message as the actor sees it. */
  async function viewFor(actor: Actor, messageId: number) {
    const [view, lgpd] = await Promise.all([loadMessageView(ctx, actor.companyId, messageId), readLgpd(ctx.db, actor.companyId)]);
    if (!view) throw notFound("Message not found");
    return messageForViewer(view, actor, lgpd);
  }

  /** The text as stored: a private note carries the agent's name and the marker; a signed message the agent's name. */
  async function composeBody(actor: Actor, input: SendInput): Promise<string> {
    if (input.isPrivate) return privateNote(actor.name, input.body);
    if (input.signMessage && input.body.trim() && (await getCompanySetting(ctx.db, actor.companyId, "sendSignMessage")) === "enabled") {
      return signed(actor.name, input.body);
    }
    return input.body;
  }

  return {
    viewFor,

    /**
     * 20 a page: page 1 holds the newest 20, each page in chronological order (oldest first). Marks the ticket read.
     * An allHistoric user sees the contact's earlier tickets on the connection too (selectedQueues narrows them).
     */
    async list(actor: Actor, ticketId: number, q: { pageNumber: number; selectedQueues?: number[] }) {
      const { ticket } = await tickets.visibleTicket(actor, { id: ticketId });
      const ids = actor.flags.allHistoric === "enabled" ? await historyTicketIds(ctx.db, actor.companyId, ticket, q.selectedQueues) : [ticket.id];
      const { limit, offset, size } = pageWindow(q.pageNumber);
      const rows = await listTicketMessages(ctx.db, actor.companyId, ids, limit, offset);
      const page = pageOf(rows, size);
      const [views, lgpd] = await Promise.all([serializeMessages(ctx, actor.companyId, page.rows.reverse()), readLgpd(ctx.db, actor.companyId)]);
      if (ticket.unreadMessages > 0) await markRead(ticket);
      return { messages: views.map((m) => messageForViewer(m, actor, lgpd)), hasMore: page.hasMore, ticket: await tickets.detailFor(actor, ticket, lgpd) };
    },

    /**
     * An agent's message or private note (never empty or blank); files become one message each (the text goes with
     * the first). A quoted message must be of the same ticket; a contact card is a vCard (the card's name is the text).
     */
    async send(actor: Actor, ticketId: number, input: SendInput) {
      const { ticket, queueIds } = await tickets.visibleTicket(actor, { id: ticketId });
      assertAgentCanSend(actor, ticket, queueIds, { isPrivate: input.isPrivate });
      const vCard = typeof input.vCard === "object" && input.vCard !== null ? vCardOf(input.vCard) : (input.vCard ?? null);
      if (vCard && input.isPrivate) throw validationError({ vCard: "A contact card cannot be a private note" });
      const text = input.body.trim() || !vCard ? input.body : vCardName(vCard);
      if (!text.trim() && !input.files.length) throw validationError({ body: "Required" });
      if (!input.isPrivate) {
        const conn = ticket.whatsappId ? await findConnection(ctx.db, actor.companyId, ticket.whatsappId) : undefined;
        if (!conn) throw new AppError("ERR_NO_WAPP_FOUND", 400, "The ticket's connection no longer exists");
        // The queue checks the reply window too, but files would be stored by then.
        if (input.files.length) await assertReplyWindowOpen(ctx, actor.companyId, ticket.id);
      }
      let quotedMsgId: number | null = null;
      if (input.quotedMsg) {
        const q = await findTicketMessage(ctx.db, actor.companyId, ticket.id, input.quotedMsg);
        if (!q) throw validationError({ quotedMsg: "Unknown message" });
        quotedMsgId = q.id;
      }
      const body = text.trim() ? await composeBody(actor, { ...input, body: text }) : "";
      const stored = await ctx.media.saveAll(
        actor.companyId,
        input.files.map((file) => ({ data: file, name: file.name })),
      );

      const ids: number[] = [];
      const common = {
        companyId: actor.companyId,
        ticketId: ticket.id,
        origin: "agent" as const,
        userId: actor.userId,
        isPrivate: input.isPrivate,
        quotedMsgId,
      };
      if (!stored.length) {
        ids.push((await ctx.channels.outbound.queue({ ...common, body, vCard })).messageId);
      } else {
        for (const [i, media] of stored.entries()) {
          ids.push((await ctx.channels.outbound.queue({ ...common, body: i === 0 ? body : "", media, quotedMsgId: i === 0 ? quotedMsgId : null })).messageId);
        }
      }
      if (!input.isPrivate) await trackAgentReply(ctx.db, actor.companyId, ticket.id, ctx.clock.now().toISOString());
      const messages = [];
      for (const id of ids) messages.push(await viewFor(actor, id));
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
      return viewFor(actor, msg.id);
    },

    /**
     * GET /api/messages/transcribeAudio/:id: the audio message is found by its id within what the actor may see (never
     * by a file name); no transcription integration exists yet, so a found audio answers 501.
     */
    async transcribe(actor: Actor, messageId: number) {
      const msg = await findMessageCore(ctx.db, actor.companyId, messageId);
      if (!msg) throw notFound("Message not found");
      await tickets.visibleTicket(actor, { id: msg.ticketId });
      if (msg.mediaType !== "audio" || !msg.mediaKey) throw validationError({ id: "Not an audio message" });
      throw new AppError("ERR_TRANSCRIPTION_UNAVAILABLE", 501, "Audio transcription is not available on this server");
    },
  };

  async function markRead(ticket: { id: number; companyId: number; userId: number | null; queueId: number | null; isGroup: number }) {
    // Through the shared writer: conversations opened together are marked read in one commit.
    await ctx.writes.run((trx) => markTicketRead(trx, ticket.companyId, ticket.id));
    const { userId, queueId, isGroup } = ticket;
    ctx.bus.emit("ticket.read", { companyId: ticket.companyId, ticketId: ticket.id, ticket: { userId, queueId, isGroup } });
  }
}
