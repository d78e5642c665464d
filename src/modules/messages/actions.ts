/**
 * What an agent does to a message already in the conversation: edit and delete their own messages,
 * react to any message. On the channel when the message is there (it has the channel's id); private notes and
 * messages that never left stay local.
 *
 *   edit    own, not deleted, not a contact card, within 15 minutes of its creation (ctx.clock), sent or a note;
 *           the new text replaces the old one (the channel keeps no old text either), isEdited.
 *   delete  own, not deleted, not still being sent; isDeleted. With enableLGPD and lgpdDeleteMessage the stored text
 *           becomes the removed notice and the file is dropped (LGPD erasure); otherwise the text stays for the agents.
 *   react   any sent message of an open ticket the agent may write in; one reaction per agent, an empty one removes it.
 */
import { summary } from "../../channels/inbound-message";
import { assertAgentCanSend } from "../../channels/outbound";
import type { AppContext } from "../../context";
import { AppError, notFound, validationError } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import { DELETED_NOTICE, readLgpd } from "../tickets/lgpd";
import { updateTicket } from "../tickets/queries";
import type { TicketsService } from "../tickets/service";
import { onChannel } from "./channel-ops";
import { PRIVATE_MARKER, privateNote } from "./compose";
import { findMessageCore, mediaKeyInUse, type MessageCore, newestPublicMessageId, removeReaction, updateMessage, upsertReaction } from "./queries";

export const EDIT_WINDOW_MS = 15 * 60_000;

export function createMessageActions(ctx: AppContext, tickets: TicketsService) {
  async function load(actor: Actor, messageId: number) {
    const msg = await findMessageCore(ctx.db, actor.companyId, messageId);
    if (!msg) throw notFound("Message not found");
    const visible = await tickets.visibleTicket(actor, { id: msg.ticketId });
    return { msg, ...visible };
  }

  const own = (actor: Actor, msg: MessageCore) => msg.fromMe === 1 && msg.userId === actor.userId;
  const onTheChannel = (msg: MessageCore) => msg.isPrivate === 0 && msg.sendStatus === "sent";

  /** Keeps the list item right when the changed message is the ticket's newest (without moving the ticket up). */
  async function refreshLastMessage(companyId: number, ticketId: number, messageId: number, text: string, mediaName: string | null) {
    if ((await newestPublicMessageId(ctx.db, companyId, ticketId)) !== messageId) return;
    await updateTicket(ctx.db, companyId, ticketId, { lastMessage: summary(text, mediaName) });
    ctx.bus.emit("ticket.updated", { companyId, ticketId });
  }

  function published(companyId: number, msg: MessageCore) {
    ctx.bus.emit("message.updated", { companyId, ticketId: msg.ticketId, messageId: msg.id });
  }

  return {
    async edit(actor: Actor, messageId: number, text: string) {
      const { msg, ticket, queueIds } = await load(actor, messageId);
      const refuse = (why: string) => new AppError("ERR_MESSAGE_NOT_EDITABLE", 400, why);
      if (!own(actor, msg)) throw refuse("Only your own messages can be edited");
      if (msg.isDeleted === 1) throw refuse("A deleted message cannot be edited");
      if (msg.vCard) throw refuse("A contact card cannot be edited");
      if (ctx.clock.now().getTime() - Date.parse(msg.createdAt) > EDIT_WINDOW_MS) throw refuse("Messages can be edited for 15 minutes");
      assertAgentCanSend(actor, ticket, queueIds, { isPrivate: msg.isPrivate === 1 });
      const body = msg.isPrivate === 1 && !text.startsWith(PRIVATE_MARKER) ? privateNote(actor.name, text) : text;
      if (msg.isPrivate === 0) {
        if (!onTheChannel(msg)) throw refuse("Only a sent message can be edited");
        await onChannel(ctx, actor.companyId, msg, "edit", "ERR_SENDING_WAPP_MSG", (s, ref) => s.edit(ref, body));
      }
      await updateMessage(ctx.db, actor.companyId, msg.id, { body, isEdited: 1, updatedAt: ctx.clock.now().toISOString() });
      published(actor.companyId, msg);
      if (msg.isPrivate === 0) await refreshLastMessage(actor.companyId, msg.ticketId, msg.id, body, msg.mediaName);
    },

    async remove(actor: Actor, messageId: number) {
      const { msg } = await load(actor, messageId);
      const refuse = (why: string) => new AppError("ERR_MESSAGE_NOT_DELETABLE", 400, why);
      if (!own(actor, msg)) throw refuse("Only your own messages can be deleted");
      if (msg.isDeleted === 1) throw refuse("The message is already deleted");
      if (msg.sendStatus === "queued" || msg.sendStatus === "sending") throw refuse("The message is still being sent");
      if (onTheChannel(msg)) await onChannel(ctx, actor.companyId, msg, "delete", "ERR_DELETE_WAPP_MSG", (s, ref) => s.delete(ref));
      const lgpd = await readLgpd(ctx.db, actor.companyId);
      const nowIso = ctx.clock.now().toISOString();
      const erase = lgpd.deleteNotice ? { body: DELETED_NOTICE, mediaKey: null, mediaName: null, vCard: null, data: null } : {};
      await updateMessage(ctx.db, actor.companyId, msg.id, { isDeleted: 1, ...erase, updatedAt: nowIso });
      if (lgpd.deleteNotice && msg.mediaKey) await dropMediaIfUnused(actor.companyId, msg.mediaKey);
      published(actor.companyId, msg);
      if (lgpd.deleteNotice && msg.isPrivate === 0) await refreshLastMessage(actor.companyId, msg.ticketId, msg.id, DELETED_NOTICE, null);
    },

    async react(actor: Actor, messageId: number, emoji: string) {
      const { msg, ticket, queueIds } = await load(actor, messageId);
      assertAgentCanSend(actor, ticket, queueIds);
      if (msg.isDeleted === 1) throw validationError({ id: "A deleted message takes no reactions" });
      if (msg.isPrivate === 1) throw validationError({ id: "Private notes take no reactions" });
      if (!msg.externalId) throw validationError({ id: "The message is not on the channel" });
      await onChannel(ctx, actor.companyId, msg, "react", "ERR_SENDING_WAPP_MSG", (s, ref) => s.react(ref, emoji));
      const reactor = `user:${actor.userId}`;
      if (!emoji) await removeReaction(ctx.db, actor.companyId, msg.id, reactor);
      else
        await upsertReaction(ctx.db, actor.companyId, {
          messageId: msg.id,
          reactor,
          emoji,
          fromMe: true,
          userId: actor.userId,
          createdAt: ctx.clock.now().toISOString(),
        });
      published(actor.companyId, msg);
    },
  };

  /** Forwarded copies share the file: it goes only when no other message points at it. */
  async function dropMediaIfUnused(companyId: number, key: string) {
    if (!(await mediaKeyInUse(ctx.db, companyId, key))) await ctx.media.delete(companyId, key);
  }
}
