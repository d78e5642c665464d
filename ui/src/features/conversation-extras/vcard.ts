const escapeText = (v: string) =>
  v
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/([,;])/g, "\\$1");

/**
 * vCard 3.0 for one contact. The number keeps only its digits; `waid` is how WhatsApp clients link the card to the
 * account (the same form WhatsApp itself sends).
 */
export function buildVCard(contact: { name: string; number: string }): string {
  const digits = contact.number.replace(/\D/g, "");
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `N:;${escapeText(contact.name)};;;`, `FN:${escapeText(contact.name)}`];
  if (digits) lines.push(`TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`);
  lines.push("END:VCARD");
  return lines.join("\n");
}
