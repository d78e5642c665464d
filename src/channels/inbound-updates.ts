/**
 * The inbound writer's steps for events that change a stored message, inside the batch's transaction: a reaction
 * (an empty emoji removes the reactor's), an edit, a revoke, and a delivery ack. Each names the message by the
 * channel's externalId; an unknown one is dropped (an ack is kept for replay instead).
 */
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Connection, DB } from "../db/schema";
import type { Ack, ChannelError, InboundEdit, InboundReaction, InboundResult, InboundRevoke } from "./adapter";
import type { ConnectionRef } from "./inbound";
import type { Effects } from "./inbound-effects";
import { removeReaction, upsertReaction } from "../modules/messages/queries";
import { failSend, markEdited, markRevoked, messageByExternalId, messageForAck, raiseAck } from "./inbound-queries";

type Trx = Transaction<DB>;

/** Delivery progress of one message, by the channel's externalId. */
export interface AckUpdate {
  conn: ConnectionRef;
  externalId: string;
  ack: Ack;
  error?: ChannelError;
}

export async function applyReaction(ctx: AppContext, trx: Trx, conn: Connection, e: InboundReaction, fx: Effects): Promise<InboundResult> {
  const msg = await messageByExternalId(trx, conn.id, e.externalId);
  if (!msg) return { status: "dropped", reason: "unknown_message" };
  const reactor = e.fromMe ? "phone" : `contact:${e.participant?.id ?? e.chat.id}`;
  if (!e.emoji) {
    await removeReaction(trx, conn.companyId, msg.id, reactor);
  } else {
    await upsertReaction(trx, conn.companyId, { messageId: msg.id, reactor, emoji: e.emoji, fromMe: e.fromMe, createdAt: ctx.clock.now().toISOString() });
  }
  fx.messagesUpdated.set(msg.id, { companyId: conn.companyId, ticketId: msg.ticketId });
  return { status: "updated", messageId: msg.id, ticketId: msg.ticketId };
}

export async function applyEdit(ctx: AppContext, trx: Trx, conn: Connection, e: InboundEdit, fx: Effects): Promise<InboundResult> {
  const msg = await messageByExternalId(trx, conn.id, e.externalId);
  if (!msg || msg.isDeleted === 1) return { status: "dropped", reason: "unknown_message" };
  await markEdited(trx, conn.companyId, msg.id, e.body ?? "", ctx.clock.now().toISOString());
  fx.messagesUpdated.set(msg.id, { companyId: conn.companyId, ticketId: msg.ticketId });
  return { status: "updated", messageId: msg.id, ticketId: msg.ticketId };
}

export async function applyRevoke(ctx: AppContext, trx: Trx, conn: Connection, e: InboundRevoke, fx: Effects): Promise<InboundResult> {
  const msg = await messageByExternalId(trx, conn.id, e.externalId);
  if (!msg) return { status: "dropped", reason: "unknown_message" };
  await markRevoked(trx, conn.companyId, msg.id, ctx.clock.now().toISOString());
  fx.messagesUpdated.set(msg.id, { companyId: conn.companyId, ticketId: msg.ticketId });
  return { status: "updated", messageId: msg.id, ticketId: msg.ticketId };
}

/** Acks only move forward; an error marks a message of ours failed. An unknown externalId is kept a minute for replay. */
export async function applyAck(ctx: AppContext, trx: Trx, update: AckUpdate, fx: Effects): Promise<boolean> {
  const { conn, externalId, ack, error } = update;
  const msg = await messageForAck(trx, conn, externalId);
  if (!msg) {
    fx.earlyAcks.push({ key: `${conn.id}:${externalId}`, ack, error });
    return false;
  }
  const nowIso = ctx.clock.now().toISOString();
  if (error && msg.fromMe === 1 && msg.sendStatus !== null) {
    await failSend(trx, conn.companyId, msg.id, error, nowIso);
  } else if (ack > msg.ack) {
    await raiseAck(trx, conn.companyId, msg.id, ack, nowIso);
  } else {
    return false;
  }
  fx.messagesUpdated.set(msg.id, { companyId: conn.companyId, ticketId: msg.ticketId });
  return true;
}
