/**
 * The customer-service window of window24h channels (Meta's 24-hour rule): replies are allowed until the time the
 * contact wrote their last message on the connection (the channel's timestamp, never later than its arrival) plus the
 * plugin's window (24 h; Messenger's HUMAN_AGENT tag 7 days). Outside it only
 * templates may go out, so the core refuses every other send before any plugin is called (ERR_OUTSIDE_WINDOW) rather
 * than storing a message the provider will refuse; the conversation screen shows when the window closes.
 */
import type { AppContext } from "../context";
import { forCompany } from "../db/scope";
import { AppError } from "../http/errors";

const DEFAULT_WINDOW_HOURS = 24;

export interface ReplyWindow {
  /** How long after the contact's last message replies are allowed on this connection. */
  hours: number;
  /** When the contact wrote their last message on this connection (any of its tickets) within the window; null: closed. */
  lastInboundAt: string | null;
  /** When the window closes; null when it is closed already. */
  closesAt: string | null;
}

/**
 * The ticket's reply window; null when its channel has none (or the ticket has no live connection). A caller that knows
 * the ticket's channel passes it, and a channel without a window is answered without reading anything.
 */
export async function replyWindow(
  ctx: Pick<AppContext, "db" | "channels" | "clock">,
  companyId: number,
  ticketId: number,
  channel?: string,
): Promise<ReplyWindow | null> {
  if (channel !== undefined && !ctx.channels.registry.get(channel)?.manifest.capabilities.window24h) return null;
  const ticket = await forCompany(ctx.db, companyId)
    .selectFrom("tickets")
    .innerJoin("connections", "connections.id", "tickets.whatsappId")
    .select(["tickets.contactId", "tickets.whatsappId", "connections.channel", "connections.config"])
    .where("tickets.id", "=", ticketId)
    .where("connections.deletedAt", "is", null)
    .executeTakeFirst();
  if (!ticket?.whatsappId) return null;
  return contactReplyWindow(ctx, companyId, { id: ticket.whatsappId, channel: ticket.channel, config: ticket.config }, ticket.contactId);
}

/**
 * A contact's reply window on a connection; null when the connection's channel has none. A contact not stored yet
 * (undefined) has never written, so its window is closed.
 */
export async function contactReplyWindow(
  ctx: Pick<AppContext, "db" | "channels" | "clock">,
  companyId: number,
  connection: { id: number; channel: string; config: string },
  contactId: number | undefined,
): Promise<ReplyWindow | null> {
  const plugin = ctx.channels.registry.get(connection.channel);
  if (!plugin?.manifest.capabilities.window24h) return null;
  const parsed = plugin.manifest.configSchema.safeParse(parseJson(connection.config));
  const custom = parsed.success ? plugin.replyWindowHours?.(parsed.data) : undefined;
  const hours = custom !== undefined && Number.isFinite(custom) && custom > 0 ? custom : DEFAULT_WINDOW_HOURS;
  if (contactId === undefined) return { hours, lastInboundAt: null, closesAt: null };
  const since = new Date(ctx.clock.now().getTime() - hours * 3600_000).toISOString();
  // The window counts from when the contact wrote (writtenAt, the channel's timestamp), not from when a late delivery
  // arrived. writtenAt is never after createdAt, so bounding by createdAt reads only the last `hours` of the contact's
  // messages (messages_ticket index) and misses none.
  const last = await forCompany(ctx.db, companyId)
    .selectFrom("tickets")
    .innerJoin("messages", "messages.ticketId", "tickets.id")
    .select((eb) => eb.fn.max(eb.fn.coalesce("messages.writtenAt", "messages.createdAt")).as("at"))
    .where("tickets.contactId", "=", contactId)
    .where("tickets.whatsappId", "=", connection.id)
    .where("messages.createdAt", ">=", since)
    .where((eb) => eb(eb.fn.coalesce("messages.writtenAt", "messages.createdAt"), ">=", since))
    .where("messages.fromMe", "=", 0)
    .where("messages.isPrivate", "=", 0)
    .executeTakeFirst();
  const lastInboundAt = last?.at ?? null;
  return { hours, lastInboundAt, closesAt: lastInboundAt ? new Date(Date.parse(lastInboundAt) + hours * 3600_000).toISOString() : null };
}

/** Refuses a send other than a template on a ticket whose reply window is closed. */
export async function assertReplyWindowOpen(ctx: Pick<AppContext, "db" | "channels" | "clock">, companyId: number, ticketId: number): Promise<void> {
  assertWindowOpen(await replyWindow(ctx, companyId, ticketId));
}

/** ERR_OUTSIDE_WINDOW when the window exists and has closed. */
export function assertWindowOpen(window: ReplyWindow | null): void {
  if (window && !window.closesAt) {
    throw new AppError(
      "ERR_OUTSIDE_WINDOW",
      400,
      `The contact has not written in the last ${window.hours} hours: only a template can be sent on this channel`,
      { hours: window.hours },
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return {};
  }
}
