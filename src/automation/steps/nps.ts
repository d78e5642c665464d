/**
 * The contact's answer to the rating question of a resolved ticket (status nps, asked by closing.ts): a whole number
 * from 0 to 10 is stored as the ticket's rating for its agent, the connection's completion message is sent and the
 * ticket closes. Anything else asks again, up to the connection's maxUseBotQueuesNPS times (counted in
 * amountUsedBotQueuesNPS); the answer after the last allowed re-ask closes the ticket without a rating.
 */
import { insertTicketRating } from "../../modules/tickets/queries";
import { askRatingIn, closeRating } from "../closing";
import { type TurnMessage, answersPrompt } from "../dialogue";
import type { Turn } from "../turn";

/** A rating: a whole number 0-10, spaces around it allowed. */
function rateOf(body: string): number | undefined {
  const m = /^\s*(\d{1,2})\s*$/.exec(body);
  const n = m ? Number(m[1]) : Number.NaN;
  return n >= 0 && n <= 10 ? n : undefined;
}

export async function npsReply(turn: Turn, msg: TurnMessage): Promise<boolean> {
  const t = turn.ticket;
  if (t.status !== "nps") return false;
  if (!answersPrompt(turn, msg)) return true;
  const rate = rateOf(msg.body);
  if (rate !== undefined) {
    const createdAt = turn.now.toISOString();
    turn.write((trx) => insertTicketRating(trx, t.companyId, { ticketId: t.id, userId: t.userId, rate, createdAt }));
    await closeRating(turn, { completion: true });
  } else if (t.amountUsedBotQueuesNPS < turn.connection.maxUseBotQueuesNPS && turn.connection.ratingMessage?.trim()) {
    await askRatingIn(turn);
    turn.set({ amountUsedBotQueuesNPS: t.amountUsedBotQueuesNPS + 1 });
  } else {
    await closeRating(turn, { completion: true });
  }
  return true;
}
