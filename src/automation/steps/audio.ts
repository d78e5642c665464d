/**
 * Audio refused: when the company (acceptAudioMessageContact) or the contact (acceptAudioMessage) does not take audio, a
 * contact's voice message is answered with the replaced product's notice and is not read as an answer to the bot.
 */
import type { TurnMessage } from "../dialogue";
import type { Turn } from "../turn";

export const AUDIO_REFUSED_TEXT = "Infelizmente não aceitamos áudio por esse canal, por favor, envie uma mensagem de texto.";

export async function audioRefused(turn: Turn, msg: TurnMessage): Promise<boolean> {
  if (msg.mediaType !== "audio") return false;
  if (turn.enabled("acceptAudioMessageContact") && turn.ticket.contactAcceptAudio === 1) return false;
  turn.say(AUDIO_REFUSED_TEXT);
  return true;
}
