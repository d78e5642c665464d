/**
 * The rules every question of the bot shares: which message answers it, when it may be asked again, how menus are
 * written, how the bot closes a ticket and how it leaves one to the agents.
 */
import { forCompany } from "../db/scope";
import type { StoredMedia } from "../storage/media";
import { findMedia } from "../storage/queries";
import { BOT_DONE, BOT_RESET } from "./state";
import { aheadInQueue, isOnline, onlineMembers } from "./queries";
import type { Turn } from "./turn";

/** The message a turn answers. */
export interface TurnMessage {
  id: number;
  body: string;
  mediaType: string | null;
  /** The record of a call the connection refused, not something the contact wrote. */
  callRefused: boolean;
}

/** Written before the bot's last question, a message is not an answer to it (a burst of first messages gets one menu). */
export const answersPrompt = (turn: Turn, msg: TurnMessage) => turn.ticket.botPromptId === null || msg.id > turn.ticket.botPromptId;

/**
 * Whether a question may be asked again now: not before the connection's timeUseBotQueues minutes since it was last
 * asked (counted from that moment, the replaced product added them to the current minute), and, with
 * maxUseBotQueues above 0, not after that many unanswered repeats.
 */
export function mayRepeat(turn: Turn): boolean {
  const t = turn.ticket;
  const max = turn.connection.maxUseBotQueues;
  if (max > 0 && t.amountUsedBotQueues >= max) return false;
  if (!t.botPromptAt) return true;
  return turn.now.getTime() - Date.parse(t.botPromptAt) >= turn.connection.timeUseBotQueues * 60_000;
}

/** The bot talks to a contact's ticket while nobody holds it: pending, unassigned, not a group kept out of tickets. */
export function botMayTalk(turn: Turn): boolean {
  const t = turn.ticket;
  return t.status === "pending" && t.userId === null;
}

/** The bot's own steps (menu, tree) also respect the contact's disableBot switch. */
export const botStepsAllowed = (turn: Turn) => botMayTalk(turn) && turn.ticket.contactDisableBot !== 1;

/** A numbered menu as the replaced product wrote it (WhatsApp bold; plain channels get the marks stripped). */
export function menuText(header: string | null | undefined, items: readonly string[], opts: { back: boolean }): string {
  const lines = items.map((name, i) => `*[ ${i + 1} ]* - ${name}`);
  if (opts.back) lines.push("*[ # ]* - Voltar");
  lines.push("*[ Sair ]* - Encerrar atendimento");
  const head = header?.trim();
  return head ? `${head}\n\n${lines.join("\n")}` : lines.join("\n");
}

/** The contact's choice among n items: 1..n, or undefined. */
export function pickedIndex(body: string, count: number): number | undefined {
  const m = /^\s*\*?\[?\s*(\d{1,3})\s*\]?\*?\s*$/.exec(body);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= count ? n - 1 : undefined;
}

export const isExit = (body: string) => body.trim().toLowerCase() === "sair";
export const isBack = (body: string) => body.trim() === "#";

/** The bot closes the ticket, with the connection's completion message. */
export function closeByBot(turn: Turn): void {
  turn.say(turn.connection.complationMessage);
  turn.set({ status: "closed", closedAt: turn.now.toISOString(), ...BOT_RESET });
  turn.log("closed");
}

/**
 * The bot is done: the ticket waits in its queue for an agent. With sendQueuePosition the contact is told its place in
 * line; with userRandom it goes to a random online member of the queue (nobody online: it waits unassigned, never
 * with someone offline); a queue with closeTicket on only informs and closes.
 */
export async function leaveToAgents(turn: Turn, opts: { userId?: number | null } = {}): Promise<void> {
  turn.set(BOT_DONE);
  const queueId = turn.ticket.queueId;
  const { db } = turn.ctx;
  const companyId = turn.ticket.companyId;
  if (opts.userId && (await isOnline(db, companyId, opts.userId))) {
    turn.set({ userId: opts.userId });
    turn.log("queue", { userId: opts.userId });
    return;
  }
  if (queueId === null) return;
  if (turn.enabled("sendQueuePosition") && turn.setting("sendQueuePositionMessage").trim()) {
    const place = (await aheadInQueue(db, companyId, queueId, turn.ticket.id)) + 1;
    turn.say(`${turn.setting("sendQueuePositionMessage").trim()} *${place}*`);
  }
  if (turn.enabled("userRandom")) {
    const members = await onlineMembers(db, companyId, queueId);
    const chosen = members[Math.floor(Math.random() * members.length)];
    if (chosen) {
      turn.set({ userId: chosen.id });
      turn.log("queue", { userId: chosen.id });
    }
  }
}

/** The connection's greeting picture or video (greetingMediaAttachment), sent with its greeting as the caption. */
export async function greetingMedia(turn: Turn): Promise<StoredMedia | undefined> {
  const key = turn.connection.greetingMediaAttachment;
  if (!key) return undefined;
  const row = await findMedia(forCompany(turn.ctx.db, turn.ticket.companyId), key);
  return row && { key: row.key, mime: row.mime, size: row.size, name: row.name };
}
