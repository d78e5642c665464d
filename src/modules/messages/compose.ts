/**
 * How an agent's text is stored:
 *   - a private note starts with a lock and the agent's name: "🔒 *Ana*:\n<text>" (the lock is the private marker,
 *     so an exported or searched note still reads as internal);
 *   - a signed message (sendSignMessage enabled and the agent chose to sign) starts with "*Ana*:\n<text>".
 */
export const PRIVATE_MARKER = "🔒";

export function privateNote(agentName: string, text: string): string {
  return `${PRIVATE_MARKER} *${agentName}*:\n${text}`;
}

export function signed(agentName: string, text: string): string {
  return text ? `*${agentName}*:\n${text}` : text;
}

/** A contact card from a name and a phone number (digits), as WhatsApp reads it. */
export function vCardOf(card: { name: string; number: string }): string {
  const name = card.name.replace(/[\r\n;]/g, " ").trim();
  const digits = card.number.replace(/\D/g, "");
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${name};;;`, `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, "END:VCARD"].join("\n");
}

/** The display name of a vCard (FN), used as the message text of a card sent without one. */
export function vCardName(vCard: string): string {
  return /^FN:(.*)$/m.exec(vCard)?.[1]?.trim() ?? "";
}
