/**
 * The queue menu of a connection with several queues, for a ticket that has no queue yet: the connection's greeting
 * with the queues numbered and [Sair]. A digit picks a queue (the counter of wrong answers starts again, and the
 * queue's own step greets); `sair` closes with the completion message; anything else repeats the menu under the
 * mayRepeat rules, and after maxUseBotQueues wrong answers the bot leaves the ticket to the agents.
 * A connection with one queue needs no menu: its tickets start in that queue (the inbound pipeline puts them there);
 * one whose ticket has been moved out of every queue by an agent stays so.
 */
import { BOT_DONE } from "../state";
import { type TurnMessage, answersPrompt, botStepsAllowed, closeByBot, greetingMedia, isExit, mayRepeat, menuText, pickedIndex } from "../dialogue";
import { type BotQueue, connectionQueues } from "../queries";
import type { Turn } from "../turn";

export const queueMenuText = (turn: Turn, queues: readonly BotQueue[]) =>
  menuText(
    turn.connection.greetingMessage,
    queues.map((q) => q.name),
    { back: false },
  );

export async function queueMenu(turn: Turn, msg: TurnMessage): Promise<boolean> {
  const t = turn.ticket;
  if (t.queueId !== null || !botStepsAllowed(turn)) return false;
  const queues = await connectionQueues(turn.ctx.db, t.companyId, turn.connection.id);
  if (queues.length < 2) return false;
  if (t.botStage === null) {
    turn.ask(queueMenuText(turn, queues), await greetingMedia(turn));
    turn.set({ botStage: "menu", isBot: 1, amountUsedBotQueues: 0 });
    turn.log("chatBot", { queueId: null });
    return true;
  }
  if (t.botStage !== "menu" || !answersPrompt(turn, msg)) return true;
  if (isExit(msg.body)) {
    closeByBot(turn);
    return true;
  }
  const index = pickedIndex(msg.body, queues.length);
  if (index !== undefined) {
    const queue = queues[index]!;
    // The queue's step greets next (botStage back to null: this queue's dialogue has not started).
    turn.set({ queueId: queue.id, botStage: null, amountUsedBotQueues: 0 });
    turn.log("queue", { queueId: queue.id });
    return false;
  }
  if (mayRepeat(turn)) {
    turn.ask(queueMenuText(turn, queues));
    turn.set({ amountUsedBotQueues: t.amountUsedBotQueues + 1 });
  } else if (turn.connection.maxUseBotQueues > 0 && t.amountUsedBotQueues >= turn.connection.maxUseBotQueues) {
    turn.set(BOT_DONE);
  }
  return true;
}
