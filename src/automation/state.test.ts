import { expect, test } from "bun:test";
import { BOT_DONE, changesWhatAgentsSee } from "./state";

test("a bot turn is announced only when it changes a field an agent's screen shows", () => {
  const ticket = { status: "pending", queueId: 1, isBot: 0, amountUsedBotQueues: 0, botStage: null, chatbot: 0, queueOptionId: null };
  // The bot recording that it is done, with values the ticket already had: nothing an agent sees.
  expect(changesWhatAgentsSee(ticket, BOT_DONE)).toBe(false);
  expect(changesWhatAgentsSee(ticket, { botPromptAt: "2026-11-27T10:00:00.000Z", botPromptId: 9 })).toBe(false);
  // A queue, a status or the bot flag that changes value is shown.
  expect(changesWhatAgentsSee(ticket, { ...BOT_DONE, queueId: 2 })).toBe(true);
  expect(changesWhatAgentsSee(ticket, { status: "open" })).toBe(true);
  expect(changesWhatAgentsSee(ticket, { isBot: 1 })).toBe(true);
  expect(changesWhatAgentsSee(ticket, { queueId: undefined })).toBe(false);
});
