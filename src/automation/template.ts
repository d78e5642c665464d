/**
 * The one template of every automated text sent to a contact (farewell, accepted greeting, transfer message and the
 * texts the automation sends): placeholders are written {{key}} and filled from the ticket, its contact, agent, queue,
 * connection and company; dates and times are the company's wall clock (its `timezone` setting), never the server's.
 *   {{name}} contact's name              {{firstName}} its first word
 *   {{ms}} Bom dia / Boa tarde / Boa noite by the company's hour
 *   {{protocol}} yyyyMMdd of the ticket's creation (company zone) followed by the ticket id
 *   {{ticket_id}} the ticket id          {{user}} / {{userName}} the agent's name
 *   {{queue}} the queue's name           {{connection}} the connection's name
 *   {{date}} dd/MM/yyyy                  {{hour}} HH:mm:ss
 *   {{name_company}} the company's name
 * A missing value fills as empty text; an unknown placeholder is left as written.
 */

import { wallClock } from "../time-zone";
export interface TemplateValues {
  contactName: string;
  ticketId: number;
  /** When the ticket was created (ISO), the day part of its protocol. */
  ticketCreatedAt: string;
  user?: string | null;
  queue?: string | null;
  connection?: string | null;
  companyName?: string | null;
  /** IANA zone of the company. */
  timeZone: string;
  now: Date;
}

/** 06:00-11:59 morning, 12:00-17:59 afternoon, 18:00-05:59 night. */
function greeting(hour: number): string {
  if (hour >= 6 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  return "Boa noite";
}

export function fillTemplate(text: string, v: TemplateValues): string {
  if (!text.includes("{{")) return text;
  const now = wallClock(v.now, v.timeZone);
  const created = wallClock(new Date(v.ticketCreatedAt), v.timeZone);
  const user = v.user ?? "";
  const values: Record<string, string> = {
    name: v.contactName,
    firstName: v.contactName.trim().split(/\s+/)[0] ?? "",
    ms: greeting(Number(now.hour)),
    protocol: `${created.year}${created.month}${created.day}${v.ticketId}`,
    ticket_id: String(v.ticketId),
    user,
    userName: user,
    queue: v.queue ?? "",
    connection: v.connection ?? "",
    date: `${now.day}/${now.month}/${now.year}`,
    hour: `${now.hour}:${now.minute}:${now.second}`,
    name_company: v.companyName ?? "",
  };
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (all, key: string) => (Object.hasOwn(values, key) ? (values[key] as string) : all));
}
