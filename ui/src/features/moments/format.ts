import type { Moment } from "./types";
import { cut, preview } from "../tickets/format";

/** Names over 30 characters are cut to 25 plus an ellipsis; last messages at 27 plus an ellipsis. */
export const NAME_LIMIT = 30;
export const NAME_CUT = 25;
export const MESSAGE_CUT = 27;

export const momentName = (name: string | null | undefined): string => ((name ?? "").length > NAME_LIMIT ? cut(name, NAME_CUT) : (name ?? ""));
export const momentMessage = (text: string | null | undefined): string => preview(text, MESSAGE_CUT);

export interface UserCard {
  user: NonNullable<Moment["user"]>;
  tickets: Moment[];
}

/**
 * The panel's layout of the answer: one card per user holding tickets (online users first, then by name), each with
 * their tickets as the server ordered them (latest activity first), and the pending column for tickets without a user.
 */
export function groupMoments(moments: readonly Moment[]): { cards: UserCard[]; pending: Moment[] } {
  const byUser = new Map<number, UserCard>();
  const pending: Moment[] = [];
  for (const m of moments) {
    if (!m.user) {
      pending.push(m);
      continue;
    }
    const card = byUser.get(m.user.id) ?? { user: m.user, tickets: [] };
    card.tickets.push(m);
    byUser.set(m.user.id, card);
  }
  const cards = [...byUser.values()].sort((a, b) => Number(b.user.online) - Number(a.user.online) || a.user.name.localeCompare(b.user.name));
  return { cards, pending };
}

/** Admins open any ticket from the panel; others only their own. */
export const mayOpen = (moment: Pick<Moment, "userId">, viewer: { id: number; admin: boolean }) => viewer.admin || moment.userId === viewer.id;
