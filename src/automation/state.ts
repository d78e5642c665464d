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
