/**
 * The automation's part in an agent's actions and in the end of a ticket: the texts it says for them (farewell,
 * accepted greeting, transfer message) as bot messages, and the rating question. With the company's userRating on and
 * the connection's ratingMessage written, resolving a ticket an agent holds leaves it in `nps` with the question asked;
 * the contact's 0-10 answer, the last allowed re-ask (steps/nps.ts) or the question's expiry (a durable job, so a
 * contact who never answers is never held there) closes it, and the contact's next message opens a new ticket.
 */
import type { Updateable } from "kysely";
import { replyWindow } from "../channels/window";
import type { AppContext } from "../context";
import type { TicketsTable } from "../db/schema";
import { ticketTextContext } from "../modules/tickets/queries";
import { BOT_RESET } from "./state";
import { commitTurn, loadTurn, type Turn } from "./turn";

const NPS_EXPIRY_JOB = "automation.npsExpiry";

/**
 * Minutes a rating question waits when the connection's expiresTicketNPS is 0 (saved before ratings were switched
 * on; the connection form refuses 0 once they are).
 */
export const DEFAULT_NPS_EXPIRY_MINUTES = 60;

interface NpsExpiry {
  companyId: number;
  ticketId: number;
  /** When the question it expires was asked (the ticket's botPromptAt then). */
  askedAt: string;
}

/** Whether the ticket's channel may still reply (channels with a reply window refuse free text after it closes). */
async function mayReply(turn: Turn): Promise<boolean> {
  const window = await replyWindow(turn.ctx, turn.ticket.companyId, turn.ticket.id, turn.connection.channel);
  return window === null || window.closesAt !== null;
}

/**
 * Says a text on the ticket now, as the bot, {{user}} being `userName`: an agent's action's text. Not sent when the
 * channel's reply window has closed (logged). Retried when a turn of the contact moved the ticket meanwhile.
 */
export async function sayOnTicket(ctx: AppContext, companyId: number, ticketId: number, text: string, userName: string | null): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const turn = await loadTurn(ctx, companyId, ticketId);
    if (!turn) return;
    if (!(await mayReply(turn))) {
      ctx.log.info("automatic ticket message not sent: the reply window has closed", { ticketId });
      return;
    }
    turn.userName = userName;
    turn.say(text);
    if (await commitTurn(turn)) return;
  }
  ctx.log.error("automatic ticket message not stored: the ticket kept changing", { ticketId });
}

/** {{user}} in the rating dialogue's texts: the agent who holds the ticket. */
async function speakForAgent(turn: Turn): Promise<void> {
  turn.userName ??= (await ticketTextContext(turn.ctx.db, turn.ticket.companyId, turn.ticket.id))?.userName ?? null;
}

/** The rating question (again), with its expiry job written in the same transaction. */
export async function askRatingIn(turn: Turn): Promise<void> {
  const t = turn.ticket;
  await speakForAgent(turn);
  const askedAt = turn.now.toISOString();
  const minutes = turn.connection.expiresTicketNPS > 0 ? turn.connection.expiresTicketNPS : DEFAULT_NPS_EXPIRY_MINUTES;
  const payload: NpsExpiry = { companyId: t.companyId, ticketId: t.id, askedAt };
  turn.ask(turn.connection.ratingMessage ?? "");
  turn.write((trx) =>
    turn.ctx.jobs.enqueue(
      NPS_EXPIRY_JOB,
      payload,
      { companyId: t.companyId, runAt: new Date(turn.now.getTime() + minutes * 60_000), uniqueKey: `nps-expiry:${t.id}:${askedAt}` },
      trx,
    ),
  );
}

/**
 * Resolving ticket `read` (as the agent's transition read it) with ratings on: the ticket goes to `nps` with the
 * rating question instead of closing. "no" when ratings do not apply (off, no ratingMessage, nobody holds the ticket,
 * a group, a closed reply window); "changed" when the ticket moved since the transition read it.
 */
export async function askRating(
  ctx: AppContext,
  companyId: number,
  read: { id: number; status: string; userId: number | null },
  opts: { userName: string | null; change: Updateable<TicketsTable> },
): Promise<"asked" | "no" | "changed"> {
  const turn = await loadTurn(ctx, companyId, read.id);
  if (!turn) return "no";
  const t = turn.ticket;
  if (t.status !== read.status || t.userId !== read.userId) return "changed";
  if (!turn.enabled("userRating") || !turn.connection.ratingMessage?.trim()) return "no";
  if (t.status !== "open" || t.userId === null || t.isGroup === 1 || !(await mayReply(turn))) return "no";
  turn.userName = opts.userName;
  turn.set({ ...opts.change, status: "nps", botStage: "nps", isBot: 0, chatbot: 0, amountUsedBotQueuesNPS: 0 });
  await askRatingIn(turn);
  return (await commitTurn(turn)) ? "asked" : "changed";
}

/**
 * The rating dialogue is over: the ticket closes (logged for its agent), with the connection's completion message when
 * `completion`. botStage stays nps on the closed ticket: the contact's next message opens a new ticket.
 */
export async function closeRating(turn: Turn, opts: { completion: boolean }): Promise<void> {
  const t = turn.ticket;
  if (opts.completion && turn.connection.complationMessage?.trim()) {
    await speakForAgent(turn);
    turn.say(turn.connection.complationMessage);
  }
  turn.set({ status: "closed", closedAt: turn.now.toISOString(), ...BOT_RESET, botStage: "nps" });
  turn.log("closed", { userId: t.userId });
}

/**
 * The expiry of a rating question: the ticket closes without a rating, silently (the contact has gone quiet). It acts
 * only on the ticket still waiting for that very question, so a late, repeated or superseded run does nothing.
 */
export function registerNpsExpiry(ctx: AppContext): void {
  ctx.jobs.register<NpsExpiry>(NPS_EXPIRY_JOB, async (p) => {
    const turn = await loadTurn(ctx, p.companyId, p.ticketId);
    if (turn?.ticket.status !== "nps" || turn.ticket.botPromptAt !== p.askedAt) return;
    await closeRating(turn, { completion: false });
    await commitTurn(turn);
  });
}
