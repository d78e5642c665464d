import type { Db } from "../../db/database";
import type { Actor } from "../../http/permissions";
import { type LgpdPolicy, maskContact, masksNumbersFor } from "./lgpd";
import { ticketTags, ticketViewRows, type TicketViewRow } from "./queries";

/** A tag on the ticket; `addedAt`: when it was put there (for a kanban lane, when the ticket entered the lane). */
type Tag = { id: number; name: string; color: string; kanban: number; addedAt?: string | null };

/** The contact's 0-10 answer as the list's 1-5 scale: 0-2, 3-4, 5-6, 7-8, 9-10. */
const ratingStars = (rate: number) => Math.max(1, Math.ceil(rate / 2));

/**
 * A ticket as the API and the socket carry it, before it is shaped for one viewer
 * (ticketForViewer: LGPD masking), so REST and socket payloads agree.
 */
export function serializeTicket(row: TicketViewRow, tags: Tag[] = []) {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    contactId: row.contactId,
    whatsappId: row.whatsappId,
    channel: row.channel,
    isGroup: row.isGroup === 1,
    isBot: row.isBot === 1,
    lastMessage: row.lastMessage,
    unreadMessages: row.unreadMessages,
    useIntegration: row.useIntegration === 1,
    integrationId: row.integrationId,
    promptId: row.promptId,
    isTransfered: row.isTransfered === 1,
    amountUsedBotQueues: row.amountUsedBotQueues,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    firstQueuedAt: row.firstQueuedAt,
    firstAcceptedAt: row.firstAcceptedAt,
    firstResponseAt: row.firstResponseAt,
    lastClosedAt: row.lastClosedAt,
    userRating: row.ratingRate === null ? null : { rate: ratingStars(row.ratingRate) },
    contact: {
      id: row.contactId,
      name: row.contactName,
      number: row.contactNumber,
      email: row.contactEmail,
      urlPicture: row.contactUrlPicture,
      isGroup: row.contactIsGroup === 1,
      channel: row.contactChannel,
      active: row.contactActive === 1,
      disableBot: row.contactDisableBot === 1,
    },
    queue: row.queueId !== null && row.queueName !== null ? { id: row.queueId, name: row.queueName, color: row.queueColor } : null,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName, color: row.userColor } : null,
    whatsapp:
      row.whatsappId !== null && row.whatsappName !== null
        ? {
            id: row.whatsappId,
            name: row.whatsappName,
            channel: row.whatsappChannel,
            status: row.whatsappStatus,
            groupAsTicket: row.whatsappGroupAsTicket,
            deleted: row.whatsappDeletedAt !== null,
          }
        : null,
    tags: tags.map((t) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban, addedAt: t.addedAt ?? null })),
  };
}

export type TicketView = ReturnType<typeof serializeTicket>;

/** Serialises a list of rows with their tags (one query for all tags). */
export async function serializeTickets(db: Db, companyId: number, rows: TicketViewRow[]): Promise<TicketView[]> {
  const tags = await ticketTags(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeTicket(r, tags.get(r.id)));
}

/** The view as this viewer may see it: a plain user gets the contact's number masked under lgpdHideNumber. */
export function ticketForViewer(view: TicketView, viewer: Pick<Actor, "profile" | "super">, lgpd: LgpdPolicy): TicketView {
  if (!masksNumbersFor(viewer, lgpd) || view.isGroup) return view;
  return { ...view, contact: maskContact(view.contact) };
}

/** Views by id in the order of `ids` (ids not in the company are skipped). */
export async function loadTicketViews(db: Db, companyId: number, ids: readonly number[]): Promise<TicketView[]> {
  const rows = await ticketViewRows(db, companyId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return serializeTickets(
    db,
    companyId,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** One ticket by id as the API shows it (the real-time listeners use this too); undefined when not in the company. */
export async function loadTicketView(db: Db, companyId: number, ticketId: number): Promise<TicketView | undefined> {
  const [view] = await loadTicketViews(db, companyId, [ticketId]);
  return view;
}
