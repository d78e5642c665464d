/**
 * The LGPD consent dialogue. With the company's enableLGPD and lgpdConsent on and an lgpdMessage written, a contact who
 * has not consented yet is asked on the first message of a ticket waiting for the bot: the ticket goes to status lgpd
 * with the message, the lgpdLink when set, and two numbered options. 1 records the consent (on the contact and the
 * ticket), puts the ticket back to pending and lets the next steps greet in the same turn; 2 closes the ticket with the
 * completion message; anything else asks again under the mayRepeat rules (timeUseBotQueues, maxUseBotQueues), after
 * which the bot stays silent and the ticket waits for an agent to accept or ignore it.
 */
import { type TurnMessage, answersPrompt, botStepsAllowed, closeByBot, mayRepeat, pickedIndex } from "../dialogue";
import { recordLgpdConsent } from "../queries";
import type { Turn } from "../turn";

function consentText(turn: Turn): string {
  const parts = [turn.setting("lgpdMessage").trim()];
  const link = turn.setting("lgpdLink").trim();
  if (link) parts.push(`Para mais informações, acesse: ${link}`);
  parts.push("*[ 1 ]* - Aceitar\n*[ 2 ]* - Recusar");
  return parts.join("\n\n");
}

/** Whether this message opens the consent dialogue: the bot has not spoken in this cycle and consent is missing. */
function asksConsent(turn: Turn): boolean {
  const t = turn.ticket;
  return (
    turn.enabled("enableLGPD") &&
    turn.enabled("lgpdConsent") &&
    turn.setting("lgpdMessage").trim() !== "" &&
    botStepsAllowed(turn) &&
    t.botStage === null &&
    t.isGroup !== 1 &&
    t.contactLgpdAcceptedAt === null
  );
}

export async function lgpdConsent(turn: Turn, msg: TurnMessage): Promise<boolean> {
  const t = turn.ticket;
  if (t.status !== "lgpd") {
    if (!asksConsent(turn)) return false;
    turn.ask(consentText(turn));
    turn.set({ status: "lgpd", lgpdSendMessageAt: turn.now.toISOString(), amountUsedBotQueues: 0 });
    return true;
  }
  if (t.userId !== null || !answersPrompt(turn, msg)) return true;
  const choice = pickedIndex(msg.body, 2);
  if (choice === 0) {
    const at = turn.now.toISOString();
    turn.write((trx) => recordLgpdConsent(trx, t.companyId, t.contactId, at));
    turn.set({ status: "pending", lgpdAcceptedAt: at, amountUsedBotQueues: 0 });
    return false;
  }
  if (choice === 1) {
    closeByBot(turn);
    return true;
  }
  if (mayRepeat(turn)) {
    turn.ask(consentText(turn));
    turn.set({ amountUsedBotQueues: t.amountUsedBotQueues + 1 });
  }
  return true;
}
