/**
 * Edit, delete and react go through the message's channel when it can (manifest capabilities, the live session's
 * optional methods), with the same MessageRef outbound uses for quotes. A channel that cannot answers
 * ERR_CHANNEL_UNSUPPORTED, a connection that is not live ERR_WAPP_NOT_INITIALIZED, a channel's refusal the given code.
 */
import { ChannelError, type ChannelSession, type MessageRef } from "../../channels/adapter";
import type { AppContext } from "../../context";
import { AppError, type ErrorCode } from "../../http/errors";
import { findConnection } from "../connections/queries";
import { ticketChat } from "./queries";

type Capability = "edit" | "delete" | "react";

export interface ChannelMessage {
  ticketId: number;
  connectionId: number | null;
  externalId: string | null;
  fromMe: number;
  participant: string | null;
}

export async function onChannel<K extends Capability>(
  ctx: AppContext,
  companyId: number,
  msg: ChannelMessage,
  capability: K,
  failure: ErrorCode,
  run: (session: Required<Pick<ChannelSession, K>>, ref: MessageRef) => Promise<void>,
): Promise<void> {
  const conn = msg.connectionId ? await findConnection(ctx.db, companyId, msg.connectionId) : undefined;
  if (!conn) throw new AppError("ERR_NO_WAPP_FOUND", 400, "The message's connection no longer exists");
  const plugin = ctx.channels.registry.get(conn.channel);
  const session = ctx.channels.sessions.liveSession(conn.id);
  if (!plugin?.manifest.capabilities[capability]) throw unsupported(capability);
  if (!session) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The connection is not connected");
  const method = session[capability];
  if (typeof method !== "function" || !msg.externalId) throw unsupported(capability);
  const chat = await ticketChat(ctx.db, companyId, msg.ticketId);
  const ref: MessageRef = { externalId: msg.externalId, chatId: chat.identity ?? chat.number, fromMe: msg.fromMe === 1 };
  if (msg.participant) ref.participant = msg.participant;
  try {
    await run({ [capability]: method.bind(session) } as Required<Pick<ChannelSession, K>>, ref);
  } catch (err) {
    const ce = ChannelError.from(err);
    if (ce.code === "UNSUPPORTED") throw unsupported(capability);
    ctx.log.warn("channel refused a message action", { capability, connectionId: conn.id, code: ce.code, err: ce.message });
    throw new AppError(failure, 502, ce.message, { channelError: ce.code });
  }
}

const unsupported = (capability: Capability) => new AppError("ERR_CHANNEL_UNSUPPORTED", 400, `This channel cannot ${capability} messages`);
