/**
 * DirectTicketsToWallets: a returning contact's new ticket goes straight to the agent who answers for the contact —
 * its wallet owner, or, without one, the agent of its latest closed ticket — open in that agent's hands (logged as
 * their `open`), and the bot stays out of it. A contact without either meets the bot as usual.
 */
import type { TurnMessage } from "../dialogue";
import { botMayTalk } from "../dialogue";
import { lastClosedTicketUser } from "../queries";
import { BOT_DONE } from "../state";
import type { Turn } from "../turn";

export async function wallet(turn: Turn, _msg: TurnMessage): Promise<boolean> {
  const t = turn.ticket;
  if (!turn.enabled("DirectTicketsToWallets") || !botMayTalk(turn) || t.botStage !== null || t.isGroup === 1) return false;
  const owner = t.contactWalletUserId ?? (await lastClosedTicketUser(turn.ctx.db, t.companyId, t.contactId, t.id));
  if (owner === undefined) return false;
  turn.set({ status: "open", userId: owner, ...BOT_DONE });
  turn.log("open", { userId: owner });
  return true;
}
