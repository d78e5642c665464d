/**
 * A refused call: while the company takes no calls (acceptCallWhatsapp disabled) the connection refuses each one and
 * stores its record; the company's AcceptCallWhatsappMessage answers it, filled and sent as every automated text is.
 * Nothing else answers a call's record: it is not something the contact wrote, so no greeting, menu or option follows.
 */
import type { TurnMessage } from "../dialogue";
import type { Turn } from "../turn";

export async function callRefused(turn: Turn, msg: TurnMessage): Promise<boolean> {
  if (!msg.callRefused) return false;
  if (turn.setting("acceptCallWhatsapp") === "disabled") turn.say(turn.setting("AcceptCallWhatsappMessage"));
  return true;
}
