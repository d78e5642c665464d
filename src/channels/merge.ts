/**
 * Contact merge: two chat ids of one channel turned out to be one person (WhatsApp's anonymous LID and the phone
 * JID). Runs inside the inbound writer's transaction (InboundPipeline.merge), so it is ordered with the events of
 * both chats and a message arriving meanwhile lands before or after it, never in a half-merged state.
 *
 *   no contact under `from`           nothing to do (already merged, or never seen)
 *   no contact under `to`             the `from` contact is re-keyed to `to` (same row, same tickets)
 *   both                              the `from` contact is folded into the `to` contact:
 *     per connection where both have a non-closed ticket, one survives (survivorOf) and the other is closed with
 *     mergedIntoId, after its messages moved into the survivor; it is closed BEFORE the survivor changes contact,
 *     so the one-live-ticket index holds at every step. Every other ticket, message and note changes contact;
 *     tags and extra fields the `to` contact lacks are copied; the `from` contact is deleted.
 * Ticket logs stay on their tickets (the closed one gets a `closed` log).
 *
 * A table that references contacts or tickets must be re-pointed here too, or the delete below is refused.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/schema";
import { forCompany } from "../db/scope";
import { addTicketLog } from "../modules/tickets/queries";
import type { Effects } from "./inbound-effects";

type Trx = Transaction<DB>;

export type MergeOutcome = "none" | "rekeyed" | "merged";

interface LiveTicket {
  id: number;
  whatsappId: number | null;
  status: string;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
}

const CONTACT_COLUMNS = ["id", "name", "number", "identity", "email", "urlPicture", "active", "disableBot", "lgpdAcceptedAt"] as const;

export async function mergeChatContacts(
  trx: Trx,
  scope: { companyId: number; channel: string },
  fromIdentity: string,
  toIdentity: string,
  nowIso: string,
  fx: Effects,
): Promise<MergeOutcome> {
  const { companyId, channel } = scope;
  const s = forCompany(trx, companyId);
  const find = (identity: string) =>
    s.selectFrom("contacts").select(CONTACT_COLUMNS).where("channel", "=", channel).where("identity", "=", identity).executeTakeFirst();
  const from = await find(fromIdentity);
  if (!from || fromIdentity === toIdentity) return "none";
  const to = await find(toIdentity);

  if (!to) {
    const number = from.number || phoneDigits(toIdentity);
    await s
      .updateTable("contacts")
      .set({ identity: toIdentity, number, ...(isPlaceholder(from) ? { name: number || toIdentity } : {}), updatedAt: nowIso })
      .where("id", "=", from.id)
      .execute();
    fx.contactsUpdated.set(from.id, companyId);
    return "rekeyed";
  }

  const liveOf = (contactId: number) =>
    s
      .selectFrom("tickets")
      .select(["id", "whatsappId", "status", "lastMessage", "unreadMessages", "updatedAt"])
      .where("contactId", "=", contactId)
      .where("status", "<>", "closed")
      .execute() as Promise<LiveTicket[]>;
  const toLive = new Map((await liveOf(to.id)).map((t) => [t.whatsappId, t]));
  for (const fromTicket of await liveOf(from.id)) {
    const toTicket = toLive.get(fromTicket.whatsappId);
    if (!toTicket) continue;
    const survivor = survivorOf(toTicket, fromTicket);
    const absorbed = survivor === toTicket ? fromTicket : toTicket;
    await foldTicket(trx, companyId, absorbed, survivor, nowIso);
    fx.ticketTouched(companyId, absorbed.id);
    fx.ticketTouched(companyId, survivor.id);
  }

  // Every ticket of `from` (the surviving live ones, the closed ones, the one just closed) now belongs to `to`.
  const moved = await s.updateTable("tickets").set({ contactId: to.id }).where("contactId", "=", from.id).returning("id").execute();
  for (const t of moved as { id: number }[]) fx.ticketTouched(companyId, t.id);
  await s.updateTable("messages").set({ contactId: to.id }).where("contactId", "=", from.id).execute();
  await s.updateTable("ticket_notes").set({ contactId: to.id }).where("contactId", "=", from.id).execute();

  const tags = await s.selectFrom("contact_tags").select("tagId").where("contactId", "=", from.id).execute();
  if (tags.length) {
    await trx
      .insertInto("contact_tags")
      .values(tags.map((t) => ({ contactId: to.id, tagId: t.tagId, companyId })))
      .onConflict((oc) => oc.columns(["contactId", "tagId"]).doNothing())
      .execute();
  }
  const known = (await s.selectFrom("contact_extra_info").select("name").where("contactId", "=", to.id).execute()).map((r) => r.name);
  await s
    .updateTable("contact_extra_info")
    .set({ contactId: to.id, updatedAt: nowIso })
    .where("contactId", "=", from.id)
    .$if(known.length > 0, (q) => q.where("name", "not in", known))
    .execute();

  // What the person told us under either id is kept: a name typed by an agent, an email, a block, an LGPD consent.
  const patch: Record<string, unknown> = {};
  if (isPlaceholder(to) && !isPlaceholder(from)) patch.name = from.name;
  if (!to.email && from.email) patch.email = from.email;
  if (!to.urlPicture && from.urlPicture) patch.urlPicture = from.urlPicture;
  if (!to.number && (from.number || phoneDigits(toIdentity))) patch.number = from.number || phoneDigits(toIdentity);
  if (from.active === 0 && to.active === 1) patch.active = 0;
  if (from.disableBot === 1 && to.disableBot === 0) patch.disableBot = 1;
  if (!to.lgpdAcceptedAt && from.lgpdAcceptedAt) patch.lgpdAcceptedAt = from.lgpdAcceptedAt;
  await s
    .updateTable("contacts")
    .set({ ...patch, updatedAt: nowIso })
    .where("id", "=", to.id)
    .execute();
  await s.deleteFrom("contacts").where("id", "=", from.id).execute();

  fx.contactsUpdated.set(to.id, companyId);
  fx.contactsUpdated.delete(from.id);
  fx.contactsCreated.delete(from.id);
  fx.contactsDeleted.set(from.id, companyId);
  return "merged";
}

/**
 * Which of two live tickets of one person on one connection survives a merge: the one a person has taken (open),
 * else the more recently updated, and on a tie the phone side (`toTicket`).
 */
export function survivorOf<T extends { status: string; updatedAt: string }>(toTicket: T, fromTicket: T): T {
  const taken = (t: T) => (t.status === "open" ? 1 : 0);
  if (taken(toTicket) !== taken(fromTicket)) return taken(toTicket) > taken(fromTicket) ? toTicket : fromTicket;
  return fromTicket.updatedAt > toTicket.updatedAt ? fromTicket : toTicket;
}

/** Moves the absorbed ticket's conversation into the survivor, then closes the absorbed one (merged, logged). */
async function foldTicket(trx: Trx, companyId: number, absorbed: LiveTicket, survivor: LiveTicket, nowIso: string): Promise<void> {
  const s = forCompany(trx, companyId);
  await s.updateTable("messages").set({ ticketId: survivor.id }).where("ticketId", "=", absorbed.id).execute();
  await s.updateTable("ticket_notes").set({ ticketId: survivor.id }).where("ticketId", "=", absorbed.id).execute();
  const tags = await s.selectFrom("ticket_tags").select(["tagId", "createdAt"]).where("ticketId", "=", absorbed.id).execute();
  if (tags.length) {
    await trx
      .insertInto("ticket_tags")
      .values(tags.map((t) => ({ ticketId: survivor.id, tagId: t.tagId, companyId, createdAt: t.createdAt })))
      .onConflict((oc) => oc.columns(["ticketId", "tagId"]).doNothing())
      .execute();
  }
  await s
    .updateTable("tickets")
    .set({ status: "closed", closedAt: nowIso, unreadMessages: 0, mergedIntoId: survivor.id, updatedAt: nowIso })
    .where("id", "=", absorbed.id)
    .execute();
  await addTicketLog(trx, companyId, { ticketId: absorbed.id, type: "closed", createdAt: nowIso });
  // A merge is not activity: the survivor keeps the later of the two times (its place in the lists).
  const newer = absorbed.updatedAt > survivor.updatedAt ? absorbed : survivor;
  await s
    .updateTable("tickets")
    .set({ unreadMessages: survivor.unreadMessages + absorbed.unreadMessages, lastMessage: newer.lastMessage, updatedAt: newer.updatedAt })
    .where("id", "=", survivor.id)
    .execute();
}

/** A name the channel may replace: empty, the number, or the chat id itself (as the inbound writer judges it). */
function isPlaceholder(c: { name: string; number: string; identity: string | null }): boolean {
  return c.name === "" || c.name === c.number || c.name === c.identity;
}

/** The number of a phone-shaped chat id (digits, or a WhatsApp phone JID "5511999990000@s.whatsapp.net"); "" otherwise. */
function phoneDigits(identity: string): string {
  const m = /^\+?(\d{6,15})(@s\.whatsapp\.net|@c\.us)?$/.exec(identity);
  return m ? m[1]! : "";
}
