/**
 * Placeholders in the automatic texts of the inbox (farewell, accepted greeting, transfer message), as the product
 * we replace writes them: {{name}} and {{firstName}} of the contact, {{user}} the agent, {{queue}} the ticket's queue,
 * {{ticket_id}} its id. Unknown placeholders stay as they are.
 */
export interface TemplateValues {
  name: string;
  user?: string | null;
  queue?: string | null;
  ticketId: number;
}

export function fillTemplate(text: string, v: TemplateValues): string {
  const values: Record<string, string> = {
    name: v.name,
    firstName: v.name.trim().split(/\s+/)[0] ?? "",
    user: v.user ?? "",
    queue: v.queue ?? "",
    ticket_id: String(v.ticketId),
  };
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (all, key: string) => values[key] ?? all);
}
