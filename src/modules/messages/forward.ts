/**
 * POST /api/message/forward: one or more messages of tickets the agent may see go to a contact's
 * open ticket on the same connection (a new open ticket of the agent's when the contact has none), at least 900 ms
 * apart, as forwarded copies (same text and file, isForwarded, origin agent, signed when asked and sendSignMessage
 * is on), through the same outbound pipeline as anything an agent sends.
 *
 * Pacing is a chain of durable jobs: the job that makes copy i enqueues copy i+1 to run 900 ms after it, so the gap
 * holds whatever the scheduler's polling interval, and the chain survives a restart (jobs table). A job may run twice
 * (at-least-once): a rerun first looks for the copy it may already have made, and the next link's uniqueKey keeps
 * the chain single.
 */
import { assertWindowOpen, contactReplyWindow } from "../../channels/window";
import type { AppContext } from "../../context";
import { validationError } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import type { JobInfo } from "../../jobs/scheduler";
import { findConnection } from "../connections/queries";
import { contactChannelOf } from "../contacts/queries";
import { getCompanySetting } from "../settings/queries";
import { otherOpenTicket } from "../tickets/conflict";
import { addTicketLog, findLiveTicket, findTicketCore, insertTicket, type TicketCore, userQueueIds } from "../tickets/queries";
import type { TicketsService } from "../tickets/service";
import { trackAgentReply } from "../tickets/tracking-queries";
import { canSeeTicket } from "../tickets/visibility";
import { signed } from "./compose";
import { findMessageCore, forwardedCopy, type MessageCore } from "./queries";

export const FORWARD_JOB = "messages.forward";
export const FORWARD_GAP_MS = 900;

interface ForwardPayload {
  companyId: number;
  ticketId: number;
  /** Every message of the forward, in order; this link copies sourceIds[index]. */
  sourceIds: number[];
  index: number;
  userId: number;
  /** The agent's name when the copies are signed. */
  signAs: string | null;
  /** Names the forward: the links' uniqueKeys. */
  batch: string;
  /** When the forward was asked for: a rerun finds a copy made after it. */
  askedAt: string;
}

const registered = new WeakSet<AppContext>();

/** Registers the job that makes one copy and schedules the next (once per context; the routes factory calls it). */
export function registerForwardJob(ctx: AppContext): void {
  if (registered.has(ctx)) return;
  registered.add(ctx);
  ctx.jobs.register<ForwardPayload>(FORWARD_JOB, (payload, job) => copyAndChain(ctx, payload, job), { maxAttempts: 3 });
}

function enqueueLink(ctx: AppContext, p: ForwardPayload, runAt: Date) {
  return ctx.jobs.enqueue(FORWARD_JOB, p, { runAt, companyId: p.companyId, uniqueKey: `forward:${p.batch}:${p.index}` });
}

async function copyAndChain(ctx: AppContext, p: ForwardPayload, job: JobInfo): Promise<void> {
  const source = await findMessageCore(ctx.db, p.companyId, p.sourceIds[p.index]!);
  const target = await findTicketCore(ctx.db, p.companyId, { id: p.ticketId });
  if (!target) return;
  if (source && source.isDeleted === 0) {
    const body = p.signAs ? signed(p.signAs, source.body) : source.body;
    const copied = job.attempts > 1 && (await forwardedCopy(ctx.db, p.companyId, { ticketId: p.ticketId, userId: p.userId, body, since: p.askedAt }));
    if (!copied) {
      const media = source.mediaKey ? (await ctx.media.get(p.companyId, source.mediaKey))?.media : undefined;
      await ctx.channels.outbound.queue({
        companyId: p.companyId,
        ticketId: p.ticketId,
        body,
        origin: "agent",
        userId: p.userId,
        isForwarded: true,
        vCard: source.vCard,
        media: media && { key: media.key, mime: media.mime, size: media.size, name: media.name },
      });
      await trackAgentReply(ctx.db, p.companyId, p.ticketId, ctx.clock.now().toISOString());
    }
  }
  if (p.index + 1 < p.sourceIds.length) await enqueueLink(ctx, { ...p, index: p.index + 1 }, new Date(ctx.clock.now().getTime() + FORWARD_GAP_MS));
}

export function createForwarding(ctx: AppContext, tickets: TicketsService) {
  return {
    async forward(actor: Actor, input: { messageId: number[]; contactId: number; signMessage: boolean }) {
      const contact = await contactChannelOf(ctx.db, actor.companyId, input.contactId);
      if (!contact) throw validationError({ contactId: "Unknown contact" });
      const sources: { msg: MessageCore; ticket: TicketCore }[] = [];
      for (const id of input.messageId) {
        const msg = await findMessageCore(ctx.db, actor.companyId, id);
        if (!msg) throw validationError({ messageId: "Unknown message" });
        if (msg.isDeleted === 1 || msg.isPrivate === 1) throw validationError({ messageId: "Deleted messages and private notes are not forwarded" });
        sources.push({ msg, ticket: (await tickets.visibleTicket(actor, { id: msg.ticketId })).ticket });
      }
      // In the order they were written, whatever order they were picked in.
      sources.sort((a, b) => a.msg.createdAt.localeCompare(b.msg.createdAt) || a.msg.id - b.msg.id);
      const whatsappId = sources[0]!.ticket.whatsappId;
      if (sources.some((x) => x.ticket.whatsappId !== whatsappId)) throw validationError({ messageId: "Forward messages of one connection at a time" });
      const conn = whatsappId ? await findConnection(ctx.db, actor.companyId, whatsappId) : undefined;
      if (!conn) throw validationError({ messageId: "The messages' connection no longer exists" });
      if (conn.channel !== contact.channel) throw validationError({ contactId: "The contact is not on this connection's channel" });
      // The copies are new messages to the contact: a closed reply window refuses them now, before a ticket is opened.
      assertWindowOpen(await contactReplyWindow(ctx, actor.companyId, conn, contact.id));

      const { ticketId, created } = await targetTicket(actor, contact, conn, sources[0]!.ticket.queueId);
      const sign = input.signMessage && (await getCompanySetting(ctx.db, actor.companyId, "sendSignMessage")) === "enabled";
      const now = ctx.clock.now();
      await enqueueLink(
        ctx,
        {
          companyId: actor.companyId,
          ticketId,
          sourceIds: sources.map((x) => x.msg.id),
          index: 0,
          userId: actor.userId,
          signAs: sign ? actor.name : null,
          batch: crypto.randomUUID(),
          askedAt: now.toISOString(),
        },
        now,
      );
      if (created) ctx.bus.emit("ticket.created", { companyId: actor.companyId, ticketId });
      return { ticket: await tickets.viewFor(actor, ticketId), messageIds: sources.map((x) => x.msg.id) };
    },
  };

  /**
   * The contact's live ticket on the connection when the agent may write in it; another agent's, or one still
   * waiting, answers ERR_OTHER_OPEN_TICKET naming it; none: a new open ticket of the agent's.
   */
  async function targetTicket(actor: Actor, contact: { id: number; isGroup: number }, conn: { id: number; channel: string }, queueId: number | null) {
    const held = await findLiveTicket(ctx.db, actor.companyId, contact.id, conn.id);
    if (held) {
      const row = await findTicketCore(ctx.db, actor.companyId, { id: held.id });
      const writable =
        row !== undefined && (row.status === "open" || row.status === "group") && canSeeTicket(actor, row, await userQueueIds(ctx.db, actor.userId));
      if (!writable) throw otherOpenTicket(held);
      return { ticketId: held.id, created: false };
    }
    const nowIso = ctx.clock.now().toISOString();
    const ticketId = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertTicket(trx, actor.companyId, {
        uuid: crypto.randomUUID(),
        status: contact.isGroup === 1 ? "group" : "open",
        contactId: contact.id,
        whatsappId: conn.id,
        channel: conn.channel,
        isGroup: contact.isGroup,
        queueId,
        userId: actor.userId,
        initiatedBy: "company",
        createdAt: nowIso,
        updatedAt: nowIso,
      });
      await addTicketLog(trx, actor.companyId, { ticketId: id, type: "create", userId: actor.userId, queueId, createdAt: nowIso });
      return id;
    });
    return { ticketId, created: true };
  }
}
