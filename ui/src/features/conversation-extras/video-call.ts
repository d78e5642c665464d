/**
 * The video-call link of a ticket: the company's public meeting host plus the ticket. The id makes the
 * room recognisable; a piece of the ticket's uuid makes it unguessable, since anyone who knows a public room's name
 * can join it. The same ticket always gets the same room.
 */
export function videoCallLink(host: string, companyId: number, ticket: { id: number; uuid: string }): string {
  const base = host.trim().replace(/\/*$/, "/");
  const secret = ticket.uuid.replace(/-/g, "").slice(0, 12);
  return `${base}multi100-${companyId}-${ticket.id}-${secret}`;
}
