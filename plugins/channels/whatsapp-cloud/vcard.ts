/**
 * WhatsApp contacts messages <-> vCard 3.0 (the core stores and renders contact cards as vCard).
 * Contacts object: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages#contacts-object
 */

export interface WaContactCard {
  name?: { formatted_name?: string; first_name?: string; last_name?: string; middle_name?: string; prefix?: string; suffix?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url?: string; type?: string }[];
  addresses?: { street?: string; city?: string; state?: string; zip?: string; country?: string; country_code?: string; type?: string }[];
  birthday?: string;
}

/** One vCard block per contact card, concatenated. */
export function toVCard(cards: readonly WaContactCard[]): string {
  return cards.map(cardToVCard).join("\r\n");
}

/** The display name of a card. */
export function cardName(card: WaContactCard): string {
  const n = card.name ?? {};
  return (n.formatted_name ?? [n.first_name, n.last_name].filter(Boolean).join(" ")).trim() || card.phones?.[0]?.phone || "";
}

function cardToVCard(card: WaContactCard): string {
  const n = card.name ?? {};
  const lines = ["BEGIN:VCARD", "VERSION:3.0"];
  lines.push(`N:${[n.last_name, n.first_name, n.middle_name, n.prefix, n.suffix].map((x) => esc(x ?? "")).join(";")}`);
  lines.push(`FN:${esc(cardName(card))}`);
  if (card.org?.company || card.org?.department)
    lines.push(
      `ORG:${[card.org.company, card.org.department]
        .filter(Boolean)
        .map((x) => esc(x!))
        .join(";")}`,
    );
  if (card.org?.title) lines.push(`TITLE:${esc(card.org.title)}`);
  for (const p of card.phones ?? []) {
    if (!p.phone && !p.wa_id) continue;
    const params = [`type=${(p.type ?? "CELL").toUpperCase()}`];
    if (p.wa_id) params.push(`waid=${p.wa_id}`);
    lines.push(`TEL;${params.join(";")}:${esc(p.phone ?? `+${p.wa_id}`)}`);
  }
  for (const e of card.emails ?? []) if (e.email) lines.push(`EMAIL;type=${(e.type ?? "INTERNET").toUpperCase()}:${esc(e.email)}`);
  for (const u of card.urls ?? []) if (u.url) lines.push(`URL:${esc(u.url)}`);
  for (const a of card.addresses ?? []) {
    lines.push(`ADR;type=${(a.type ?? "HOME").toUpperCase()}:;;${[a.street, a.city, a.state, a.zip, a.country].map((x) => esc(x ?? "")).join(";")}`);
  }
  if (card.birthday) lines.push(`BDAY:${esc(card.birthday)}`);
  lines.push("END:VCARD");
  return lines.join("\r\n");
}

/** vCard text (one or more cards) -> WhatsApp contacts objects, for sending a contact card. */
export function parseVCard(text: string): WaContactCard[] {
  const cards: WaContactCard[] = [];
  // Unfold continuation lines (RFC 6350 3.2).
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  let card: WaContactCard | undefined;
  for (const line of lines) {
    const idx = line.indexOf(":");
    if (idx < 0) continue;
    const head = line.slice(0, idx);
    const raw = line.slice(idx + 1).trim();
    const value = unesc(raw);
    const parts = () => raw.split(/(?<!\\);/).map(unesc);
    const [rawName, ...params] = head.split(";");
    const name = (rawName ?? "").split(".").pop()!.toUpperCase();
    const param = (key: string) => params.map((p) => p.split("=")).find(([k]) => k?.toLowerCase() === key)?.[1];
    if (name === "BEGIN") card = {};
    else if (!card) continue;
    else if (name === "END") {
      if (!card.name?.formatted_name) card.name = { ...card.name, formatted_name: card.phones?.[0]?.phone ?? "Contact" };
      cards.push(card);
      card = undefined;
    } else if (name === "FN") card.name = { ...card.name, formatted_name: value };
    else if (name === "N") {
      const [last, first, middle] = parts();
      card.name = { ...card.name, ...(first ? { first_name: first } : {}), ...(last ? { last_name: last } : {}), ...(middle ? { middle_name: middle } : {}) };
    } else if (name === "TEL") {
      const waid = param("waid") ?? param("x-waid");
      const type = (param("type") ?? "CELL").toUpperCase();
      card.phones = [...(card.phones ?? []), { phone: value, type, ...(waid ? { wa_id: waid } : {}) }];
    } else if (name === "EMAIL") card.emails = [...(card.emails ?? []), { email: value, type: (param("type") ?? "INTERNET").toUpperCase() }];
    else if (name === "ORG") {
      const [company, department] = parts();
      card.org = { ...card.org, ...(company ? { company } : {}), ...(department ? { department } : {}) };
    } else if (name === "TITLE") card.org = { ...card.org, title: value };
    else if (name === "URL") card.urls = [...(card.urls ?? []), { url: value }];
  }
  return cards;
}

function esc(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/,/g, "\\,").replace(/;/g, "\\;");
}

function unesc(v: string): string {
  return v.replace(/\\([\\,;nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}
