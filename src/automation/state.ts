import type { Updateable } from "kysely";
import type { TicketsTable } from "../db/schema";

/**
 * A ticket's dialogue with the bot, cleared when a new cycle starts (a reopen): the next message of the contact is met
 * like a first one (greeting, menu), with fresh counters.
 */
export const BOT_RESET = {
  botStage: null,
  botPromptId: null,
  botPromptAt: null,
  isBot: 0,
  chatbot: 0,
  queueOptionId: null,
  amountUsedBotQueues: 0,
  amountUsedBotQueuesNPS: 0,
  isOutOfHour: 0,
} as const satisfies Updateable<TicketsTable>;

/** The bot steps aside (an agent took the ticket, or the contact is left to wait for one): its question is over. */
export const BOT_DONE = { botStage: "done", isBot: 0, chatbot: 0, queueOptionId: null, amountUsedBotQueues: 0 } as const satisfies Updateable<TicketsTable>;

/**
 * The bot's own place in its dialogue: fields no screen shows. A turn that changed only these (or wrote values the
 * ticket already had) is not announced to the agents' lists.
 */
const BOT_ONLY: ReadonlySet<string> = new Set(["botStage", "botPromptId", "botPromptAt", "chatbot", "queueOptionId", "amountUsedBotQueuesNPS"]);

/** True when `change` gives the ticket a value an agent's screen shows that it did not have. */
export function changesWhatAgentsSee(ticket: Readonly<Record<string, unknown>>, change: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(change).some(([field, value]) => !BOT_ONLY.has(field) && value !== undefined && ticket[field] !== value);
}
