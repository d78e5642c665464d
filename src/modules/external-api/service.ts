/**
 * The integrators' endpoint, POST /api/messages/send (the external messages API).
 *
 * Who: the bearer is a connection's secret `token` (30 alphanumerics, shown only to connection admins). It names the
 * connection to send on and its company; nothing else is accepted (a user JWT, a widgetKey or junk -> 401).
 * Gates: the company's plan must have useExternalApi (403 ERR_PLAN_FEATURE_DISABLED); a deactivated company or an
 * expired subscription is refused like a login is (company 1 never expires).
 *
 * The contact, by `number` (10-15 digits) on the connection's channel:
 *   1. an existing contact of the company on that channel with that number (one of this connection first);
 *   2. otherwise, on channels addressed by phone number, a new contact: the session's checkNumber() names the chat
 *      when the plugin has it (a number not on the channel is ERR_VALIDATION on `number`), else the channel's own
 *      id format (whatsapp: <number>@s.whatsapp.net, whatsappapi: <number>);
 *   3. channels without phone numbers (web chat, facebook, instagram) only reach an existing contact of THIS
 *      connection whose number field is the number. For web chat that is a visitor who typed that phone number in the
 *      widget's form, the most recently active one when several did: the number is what the visitor claimed, not
 *      something we verified (docs/decisions.md).
 * The ticket: the contact's non-closed ticket on the connection; else a new one, open and assigned when a userId is
 * given, pending otherwise. userId and queueId are resolved within the token's company (ERR_VALIDATION on the field).
 * The message goes through the core's outbound pipeline with origin 'api' (stored queued, sent by the plugin, acks,
 * failures, retries: the same as an agent's). closeTicket closes the ticket right after the message is queued.
 */
import type { AppContext } from "../../context";
import type { ChannelSession } from "../../channels/adapter";
import { assertChannelAllowed } from "../../channels/registry";
import { assertWindowOpen, contactReplyWindow } from "../../channels/window";
import { forCompany } from "../../db/scope";
import { AppError, validationError } from "../../http/errors";
import { planOf } from "../../http/permissions";
import { assertSubscription } from "../auth/service";
import { signed } from "../messages/compose";
import { addTicketLog, insertTicket } from "../tickets/queries";
import { closeTicketRow, connectionByToken, contactByNumber, findUserName, liveTicket, updateTicket } from "./queries";
import type { ExternalSendBody } from "./schema";

const TOKEN = /^[A-Za-z0-9]{16,128}$/;
const unauthorized = () => new AppError("ERR_UNAUTHORIZED", 401, "A connection token is required");

/** How a channel addressed by phone number names a chat when its session cannot check the number itself. */
const CHAT_ID_FOR_NUMBER: Readonly<Record<string, (number: string) => string>> = {
  whatsapp: (n) => `${n}@s.whatsapp.net`,
  whatsappapi: (n) => n,
};

export interface ExternalSendInput extends ExternalSendBody {
  files: File[];
}

export interface ExternalSendResult {
  mensagem: string;
  message: string;
  ticketId: number;
  contactId: number;
  messageId: number;
  messageIds: number[];
}

export interface TokenConnection {
  id: number;
  companyId: number;
  channel: string;
  config: string;
}

export function createExternalApiService(ctx: AppContext) {
  /** The connection named by the bearer token, with its company's gates checked. */
  async function connectionOf(token: string | undefined): Promise<TokenConnection> {
    if (!token || !TOKEN.test(token)) throw unauthorized();
    const row = await connectionByToken(ctx.db, token);
    if (!row) throw unauthorized();
    const plan = planOf(row);
    if (!plan.useExternalApi) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, "The company's plan does not include the external API");
    assertSubscription({ id: row.companyId, status: row.status, dueDate: row.dueDate }, false, ctx.clock.now());
    // The connection's own channel must still be in the plan (webchat needs none).
    assertChannelAllowed({ plan }, row.channel);
    return { id: row.id, companyId: row.companyId, channel: row.channel, config: row.config };
  }

  /** The contact the number names, or the chat id of a new one; reads and asks the channel, writes nothing. */
  async function findContact(conn: TokenConnection, number: string): Promise<{ existing: { id: number; isGroup: boolean } } | { chatId: string }> {
    const session: ChannelSession | undefined = ctx.channels.sessions.session(conn.id);
    const byNumber = CHAT_ID_FOR_NUMBER[conn.channel] !== undefined || typeof session?.checkNumber === "function";
    const existing = await contactByNumber(ctx.db, conn, number, !byNumber);
    if (existing) return { existing: { id: existing.id, isGroup: existing.isGroup === 1 } };
    if (!byNumber) {
      throw validationError({
        number: conn.channel === "webchat" ? "No web-chat visitor of this connection gave this phone number" : "No contact of this connection has this number",
      });
    }
    let chatId = CHAT_ID_FOR_NUMBER[conn.channel]?.(number) ?? number;
    if (session?.checkNumber && ctx.channels.sessions.liveSession(conn.id)) {
      const checked = await session.checkNumber(number).catch((err: unknown) => {
        ctx.log.warn("checkNumber failed", { connectionId: conn.id, err: String(err) });
        return undefined;
      });
      if (checked && !checked.exists) throw validationError({ number: "This number is not on the connection's channel" });
      if (checked?.chatId) chatId = checked.chatId;
    }
    return { chatId };
  }

  /** The contact's live ticket on the connection, or a new one (open and assigned with a userId, else pending). */
  async function findOrCreateTicket(conn: TokenConnection, contact: { id: number; isGroup: boolean }, userId?: number, queueId?: number) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ctx.db.transaction().execute(async (trx) => {
          const nowIso = ctx.clock.now().toISOString();
          const live = await liveTicket(trx, conn.companyId, conn.id, contact.id);
          if (live) {
            const patch: { status?: "open"; userId?: number; queueId?: number } = {};
            if (userId && live.status === "pending") Object.assign(patch, { status: "open", userId });
            if (queueId && queueId !== live.queueId) patch.queueId = queueId;
            if (Object.keys(patch).length) {
              await updateTicket(trx, conn.companyId, live.id, { ...patch, updatedAt: nowIso });
              if (patch.status === "open")
                await addTicketLog(trx, conn.companyId, { ticketId: live.id, type: "open", userId, queueId: queueId ?? live.queueId, createdAt: nowIso });
            }
            return { id: live.id, created: false, changed: Object.keys(patch).length > 0 };
          }
          const status = contact.isGroup ? "group" : userId ? "open" : "pending";
          const id = await insertTicket(trx, conn.companyId, {
            uuid: crypto.randomUUID(),
            status,
            contactId: contact.id,
            whatsappId: conn.id,
            channel: conn.channel,
            isGroup: contact.isGroup ? 1 : 0,
            userId: userId ?? null,
            queueId: queueId ?? null,
            initiatedBy: "company",
            createdAt: nowIso,
            updatedAt: nowIso,
          });
          await addTicketLog(trx, conn.companyId, { ticketId: id, type: "create", userId: userId ?? null, queueId: queueId ?? null, createdAt: nowIso });
          return { id, created: true, changed: true };
        });
      } catch (err) {
        // The inbound pipeline opened the contact's ticket meanwhile (one live ticket per contact and connection).
        if (attempt < 2 && String(err).includes("UNIQUE")) continue;
        throw err;
      }
    }
  }

  async function closeTicket(companyId: number, ticketId: number) {
    const nowIso = ctx.clock.now().toISOString();
    const closed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await closeTicketRow(trx, companyId, ticketId, nowIso))) return false;
      await addTicketLog(trx, companyId, { ticketId, type: "closed", createdAt: nowIso });
      return true;
    });
    if (closed) ctx.bus.emit("ticket.updated", { companyId, ticketId });
  }

  return {
    connectionOf,

    /** Sends on the connection named by the token (connectionOf), creating contact and ticket as needed. */
    async send(conn: TokenConnection, input: ExternalSendInput): Promise<ExternalSendResult> {
      const scope = forCompany(ctx.db, conn.companyId);
      if (!input.body.trim() && !input.files.length) throw validationError({ body: "Required" });
      const user = input.userId ? await findUserName(ctx.db, conn.companyId, input.userId) : undefined;
      if (input.userId && !user) throw validationError({ userId: "Unknown user" });
      if (input.queueId && (await scope.missingIds("queues", [input.queueId])).length) throw validationError({ queueId: "Unknown queue" });
      // Every refusal is decided before the first write: the contact, the reply window (a contact not stored yet never
      // wrote), then the files, stored all or none.
      const found = await findContact(conn, input.number);
      assertWindowOpen(await contactReplyWindow(ctx, conn.companyId, conn, "existing" in found ? found.existing.id : undefined));
      const stored = await ctx.media.saveAll(
        conn.companyId,
        input.files.map((file) => ({ data: file, name: file.name })),
      );

      const contact =
        "existing" in found
          ? found.existing
          : { id: (await ctx.channels.inbound.contact(conn, { id: found.chatId, number: input.number })).id, isGroup: false };
      const ticket = await findOrCreateTicket(conn, contact, user?.id, input.queueId);
      if (ticket.created) ctx.bus.emit("ticket.created", { companyId: conn.companyId, ticketId: ticket.id });
      else if (ticket.changed) ctx.bus.emit("ticket.updated", { companyId: conn.companyId, ticketId: ticket.id });

      // The same signature an agent's signed message carries.
      const body = input.sendSignature && user && input.body.trim() ? signed(user.name, input.body) : input.body;
      const common = { companyId: conn.companyId, ticketId: ticket.id, origin: "api" as const, userId: user?.id ?? null };
      const ids: number[] = [];
      if (!stored.length) ids.push((await ctx.channels.outbound.queue({ ...common, body })).messageId);
      for (const [i, media] of stored.entries()) ids.push((await ctx.channels.outbound.queue({ ...common, body: i === 0 ? body : "", media })).messageId);

      if (input.closeTicket) await closeTicket(conn.companyId, ticket.id);
      return { mensagem: "Mensagem enviada", message: "Mensagem enviada", ticketId: ticket.id, contactId: contact.id, messageId: ids[0]!, messageIds: ids };
    },
  };
}
