/**
 * A queue's option tree. Entering the queue (chosen from the menu, the connection's only queue, or an option of type
 * queue) greets with the queue's text and its first level numbered, with [#] back and [Sair]; a queue without options
 * only greets and leaves the ticket to its agents (the connection's only queue greets only with
 * sendGreetingMessageOneQueues, and a single option there is no choice: it is skipped too). The node the contact is at
 * is stored on the ticket (queueOptionId: the option whose sub-options are shown, null for the first level), so a
 * restart resumes there.
 *
 * An answer: a digit picks an option of the level; `#` goes up a level (from the first level, back to the queue menu
 * when the connection has several queues); `sair` closes. A picked option says its message, then by its type:
 *   text        its sub-options when it has some (the next level), else the ticket goes to the agents
 *   attendent   to its user, when online (else it waits in the queue unassigned)
 *   queue       to that queue, which greets in turn
 *   file        its file list's message and files, then to the agents
 *   integration handed to the flows and integrations step (none is installed: to the agents)
 * and closeTicket on the option closes after its message.
 */
import { findFileList, listOptions } from "../../modules/files/queries";
import {
  type TurnMessage,
  answersPrompt,
  botStepsAllowed,
  closeByBot,
  greetingMedia,
  isBack,
  isExit,
  leaveToAgents,
  mayRepeat,
  menuText,
  pickedIndex,
} from "../dialogue";
import { BOT_DONE } from "../state";
import { type TreeOption, botQueue, connectionQueues, treeLevel, treeOption } from "../queries";
import type { Turn } from "../turn";
import { queueMenuText } from "./queue-menu";

/** Greets a ticket that has just entered its queue: the first level of the tree, or straight to the agents. */
async function enterQueue(turn: Turn, opts: { chosen: boolean }): Promise<void> {
  const { db } = turn.ctx;
  const t = turn.ticket;
  const queue = t.queueId === null ? undefined : await botQueue(db, t.companyId, t.queueId);
  if (!queue) {
    turn.set(BOT_DONE);
    return;
  }
  const level = await treeLevel(db, t.companyId, queue.id, null);
  const many = (await connectionQueues(db, t.companyId, turn.connection.id)).length > 1;
  if (level.length > 1 || (level.length === 1 && opts.chosen)) {
    turn.ask(
      menuText(
        queue.greetingMessage,
        level.map((o) => o.name),
        { back: many },
      ),
    );
    turn.set({ botStage: "tree", isBot: 1, chatbot: 1, queueOptionId: null, amountUsedBotQueues: 0 });
    return;
  }
  if (opts.chosen) turn.say(queue.greetingMessage);
  else if (turn.enabled("sendGreetingMessageOneQueues"))
    turn.say(turn.connection.greetingMessage?.trim() ? turn.connection.greetingMessage : queue.greetingMessage, await greetingMedia(turn));
  if (queue.closeTicket === 1) {
    closeByBot(turn);
    return;
  }
  await leaveToAgents(turn);
}

async function levelOf(turn: Turn, parentId: number | null): Promise<TreeOption[]> {
  return treeLevel(turn.ctx.db, turn.ticket.companyId, turn.ticket.queueId!, parentId);
}

async function askLevel(turn: Turn, parentId: number | null): Promise<void> {
  const t = turn.ticket;
  const level = await levelOf(turn, parentId);
  const header =
    parentId === null
      ? (await botQueue(turn.ctx.db, t.companyId, t.queueId!))?.greetingMessage
      : (await treeOption(turn.ctx.db, t.companyId, parentId))?.greetingMessage;
  const many = (await connectionQueues(turn.ctx.db, t.companyId, turn.connection.id)).length > 1;
  turn.ask(
    menuText(
      header,
      level.map((o) => o.name),
      { back: parentId !== null || many },
    ),
  );
  turn.set({ botStage: "tree", isBot: 1, chatbot: 1, queueOptionId: parentId });
}

async function pick(turn: Turn, option: TreeOption): Promise<void> {
  const { db } = turn.ctx;
  const companyId = turn.ticket.companyId;
  turn.set({ amountUsedBotQueues: 0 });
  const children = option.queueType === "text" ? await treeLevel(db, companyId, option.queueId, option.id) : [];
  if (children.length) {
    await askLevel(turn, option.id);
    return;
  }
  turn.say(option.greetingMessage);
  if (option.queueType === "file" && option.optFileId !== null) {
    const list = await findFileList(db, companyId, option.optFileId);
    if (list) {
      turn.say(list.message);
      for (const f of await listOptions(db, companyId, [list.id])) {
        if (f.mediaKey && f.mediaMime) turn.say(f.name, { key: f.mediaKey, mime: f.mediaMime, size: f.mediaSize ?? 0, name: f.mediaName ?? f.name });
      }
    }
  }
  if (option.closeTicket === 1) {
    closeByBot(turn);
    return;
  }
  if (option.queueType === "queue" && option.optQueueId !== null) {
    turn.set({ queueId: option.optQueueId, botStage: null, chatbot: 0, queueOptionId: null });
    turn.log("queue", { queueId: option.optQueueId });
    await enterQueue(turn, { chosen: true });
    return;
  }
  if (option.queueType === "attendent") {
    await leaveToAgents(turn, { userId: option.optUserId });
    return;
  }
  await leaveToAgents(turn);
}

export async function optionTree(turn: Turn, msg: TurnMessage): Promise<boolean> {
  const t = turn.ticket;
  if (t.queueId === null || !botStepsAllowed(turn)) return false;
  if (t.botStage === null) {
    const viaMenu = turn.facts.ticket.queueId === null || turn.facts.ticket.botStage === "menu";
    await enterQueue(turn, { chosen: viaMenu });
    return true;
  }
  if (t.botStage !== "tree" || !answersPrompt(turn, msg)) return true;
  if (isExit(msg.body)) {
    closeByBot(turn);
    return true;
  }
  if (isBack(msg.body)) {
    if (t.queueOptionId !== null) {
      const current = await treeOption(turn.ctx.db, t.companyId, t.queueOptionId);
      await askLevel(turn, current?.parentId ?? null);
      return true;
    }
    const queues = await connectionQueues(turn.ctx.db, t.companyId, turn.connection.id);
    if (queues.length > 1) {
      turn.ask(queueMenuText(turn, queues));
      turn.set({ queueId: null, botStage: "menu", chatbot: 0, queueOptionId: null, amountUsedBotQueues: 0 });
      turn.log("chatBot", { queueId: null });
      return true;
    }
  }
  const level = await levelOf(turn, t.queueOptionId);
  const index = pickedIndex(msg.body, level.length);
  if (index !== undefined) {
    await pick(turn, level[index]!);
    return true;
  }
  if (mayRepeat(turn)) {
    await askLevel(turn, t.queueOptionId);
    turn.set({ amountUsedBotQueues: t.amountUsedBotQueues + 1 });
  } else if (turn.connection.maxUseBotQueues > 0 && t.amountUsedBotQueues >= turn.connection.maxUseBotQueues) {
    await leaveToAgents(turn);
  }
  return true;
}
