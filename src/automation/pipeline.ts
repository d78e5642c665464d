/**
 * The automation pipeline: after a contact's live message is stored, the steps below run in this fixed order, and the
 * first step that handles the message ends the turn (its texts and changes are written together by commitTurn):
 *
 *   callRefused        a call the connection refused: the company's text for calls, and nothing else
 *   (replies to outbound work: campaign confirmations and opt-out words, when campaigns exist, come first)
 *   vacation           the connection's collective vacation
 *   npsReply           the rating question of a resolved ticket
 *   lgpdConsent        the contact's consent to the data-protection terms
 *   outOfHours         the company's or the connection's week
 *   (flows and integrations, when they exist)
 *   wallet             DirectTicketsToWallets: a returning contact's new ticket to its agent
 *   queueMenu          the connection's queues
 *   audioRefused       voice messages the company or the contact does not take
 *   queueOutOfHours    the ticket's queue's week
 *   optionTree         the queue's option tree
 *
 * Never for: imported history (the inbound pipeline does not call it), messages the bot or an agent sent (they are
 * not inbound), group chats the connection keeps out of tickets (status group: no step talks to them). A message
 * typed on the account's phone means a person answered there: the ticket leaves the bot.
 * Per ticket, turns run one at a time in message order (the inbound pipeline's hook chain), so two fast messages
 * never get two greetings.
 */
import type { AppContext } from "../context";
import type { InboundHookEvent } from "../channels/inbound";
import type { TurnMessage } from "./dialogue";
import { type BotTicket, setTicket } from "./queries";
import { BOT_DONE } from "./state";
import { registerNpsExpiry } from "./closing";
import { audioRefused } from "./steps/audio";
import { callRefused } from "./steps/call";
import { lgpdConsent } from "./steps/lgpd";
import { outOfHours, queueOutOfHours, vacation } from "./steps/notices";
import { npsReply } from "./steps/nps";
import { optionTree } from "./steps/option-tree";
import { queueMenu } from "./steps/queue-menu";
import { wallet } from "./steps/wallet";
import { registerTimers } from "./timers/listeners";
import { commitTurn, loadTurn, type Turn } from "./turn";

export type Step = (turn: Turn, msg: TurnMessage) => Promise<boolean>;

const STEPS: readonly Step[] = [callRefused, vacation, npsReply, lgpdConsent, outOfHours, wallet, queueMenu, audioRefused, queueOutOfHours, optionTree];

/**
 * Which tickets a message can concern: the bot talks only to tickets nobody holds (pending) and to those waiting for
 * an answer to its closing questions (nps, lgpd); on other tickets only a refused voice message or call is answered. A
 * message typed on the phone concerns only a dialogue in progress. Asked twice: of the ticket as the message found it
 * (most messages go to tickets agents hold, and this saves them every read), and of the ticket read for the turn.
 */
const concerns = (msg: Pick<TurnMessage, "mediaType" | "callRefused">, fromMe: boolean) => (ticket: Pick<BotTicket, "status" | "botStage">) =>
  fromMe
    ? ticket.botStage === "menu" || ticket.botStage === "tree"
    : ticket.status === "pending" || ticket.status === "nps" || ticket.status === "lgpd" || msg.mediaType === "audio" || msg.callRefused;

/** One contact message through the steps; its turn is committed at the end. */
export async function runTurn(ctx: AppContext, event: InboundHookEvent): Promise<void> {
  const msg: TurnMessage = { id: event.messageId, body: event.body, mediaType: event.mediaType, callRefused: event.callRefused };
  const concerned = concerns(msg, event.fromMe);
  if (!concerned({ status: event.ticketStatus, botStage: event.botStage })) return;
  const turn = await loadTurn(ctx, event.companyId, event.ticketId, concerned);
  if (!turn) return;
  if (event.fromMe) {
    // Someone answered from the phone: the bot stops asking on this ticket.
    await setTicket(ctx.db, event.companyId, event.ticketId, BOT_DONE);
    ctx.bus.emit("ticket.updated", { companyId: event.companyId, ticketId: event.ticketId });
    return;
  }
  for (const step of STEPS) if (await step(turn, msg)) break;
  await commitTurn(turn);
}

/** Listens to the inbound pipeline: every stored live message gets its turn. */
export function registerAutomation(ctx: AppContext): void {
  ctx.channels.onInbound((event) => runTurn(ctx, event));
  registerNpsExpiry(ctx);
  registerTimers(ctx);
}
