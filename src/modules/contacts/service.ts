import { ChannelError } from "../../channels/adapter";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";
import { AppError, validationError } from "../../http/errors";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { type Actor, assertCan, can } from "../../http/permissions";
import { type AuditFields, recordAudit } from "../audit/record";
import { findConnection } from "../connections/queries";
import { type LgpdPolicy, masksNumbersFor, readLgpd } from "../tickets/lgpd";
import { findUser } from "../users/queries";
import {
  contactByNumber,
  contactFilter,
  contactHasHistory,
  contactPage,
  contactTags,
  countContacts,
  deleteContact,
  extraInfoOf,
  findContact,
  insertContact,
  numberTaken,
  pictureConnectionIds,
  replaceExtraInfo,
  type ContactRow,
  updateContact,
} from "./queries";
import { type CreateContactInput, contactNumber, type ListContactsQuery, normalizeNumber, type UpdateContactInput } from "./schema";
import { contactForViewer, serializeContact, type ContactView } from "./serialize";

export const contactNotFound = () => new AppError("ERR_NO_CONTACT_FOUND", 404, "Contact not found");
/** The contact's own columns (not the joined connection's name and channel), as the audit log keeps them. */
const contactFields = ({ whatsappName: _name, whatsappChannel: _channel, ...columns }: ContactRow) => columns;
const extraInfoFields = async (db: Db, companyId: number, id: number) => (await extraInfoOf(db, companyId, id)).map(({ name, value }) => ({ name, value }));

const duplicated = () => new AppError("ERR_DUPLICATED_CONTACT", 409, "Another contact of the company has this number on this channel");

function checkedNumber(typed: string): string {
  const r = contactNumber.safeParse(typed);
  if (!r.success) throw validationError({ number: r.error.issues[0]?.message ?? "Invalid number" });
  return r.data;
}

/** The most a picker (GET /api/contacts/list) answers: it narrows by text, it does not page. */
const PICKER_LIMIT = 100;

/**
 * Contacts as the inbox and the contacts page use them. Reading and editing are open to the company's users (the
 * conversation's contact drawer edits, blocks and toggles); deleting needs contacts-page:deleteContact. A plain user
 * under LGPD number hiding sees numbers masked and cannot change them (a masked number must never be written back).
 */
export function createContactsService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: AuditFields, after?: AuditFields) =>
    recordAudit(db, ctx.clock.now(), actor, { companyId: actor.companyId, entity: "contact", entityId: id, action, before, after });

  async function views(db: Db, actor: Actor, rows: ContactRow[], lgpd: LgpdPolicy): Promise<ContactView[]> {
    const tags = await contactTags(
      db,
      actor.companyId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => contactForViewer(serializeContact(r, tags.get(r.id)), actor, lgpd));
  }

  /** One contact with extra info and tags, as this actor sees it. */
  async function show(actor: Actor, id: number): Promise<ContactView> {
    const row = await findContact(ctx.db, actor.companyId, id);
    if (!row) throw contactNotFound();
    const [tags, extra, lgpd] = await Promise.all([
      contactTags(ctx.db, actor.companyId, [id]),
      extraInfoOf(ctx.db, actor.companyId, id),
      readLgpd(ctx.db, actor.companyId),
    ]);
    return contactForViewer(serializeContact(row, tags.get(id), extra), actor, lgpd);
  }

  async function assertConnection(db: Db, companyId: number, whatsappId: number | null | undefined): Promise<void> {
    if (!whatsappId) return;
    if (!(await findConnection(db, companyId, whatsappId))) throw validationError({ whatsappId: "Unknown connection" });
  }

  /**
   * The wallet owner as this actor may write it: admins name a user of their company (or null); from anyone else the
   * field is ignored, as every field a role is not granted.
   */
  async function walletOwner(db: Db, actor: Actor, walletUserId: number | null | undefined): Promise<{ walletUserId?: number | null }> {
    if (walletUserId === undefined || !can(actor, "contacts:manage")) return {};
    if (walletUserId !== null && !(await findUser(db, actor.companyId, walletUserId))) throw validationError({ walletUserId: "Not found" });
    return { walletUserId };
  }

  /** A flag or the active state changed by the drawer's buttons. */
  async function setFlags(
    actor: Actor,
    id: number,
    change: (row: { active: number; disableBot: number; acceptAudioMessage: number }) => Record<string, number>,
  ) {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await findContact(trx, actor.companyId, id);
      if (!row) throw contactNotFound();
      const values = change(row);
      await updateContact(trx, actor.companyId, id, { ...values, updatedAt: now() });
      await audit(trx, actor, id, "update", contactFields(row), { ...contactFields(row), ...values });
    });
    ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId: id });
    return show(actor, id);
  }

  return {
    show,

    async list(actor: Actor, q: ListContactsQuery) {
      if (q.contactTag?.length && (await forCompany(ctx.db, actor.companyId).missingIds("tags", q.contactTag)).length) {
        throw validationError({ contactTag: "Unknown tag" });
      }
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.default);
      const filter = contactFilter(ctx.db, { searchParam: q.searchParam, channel: q.channel, isGroup: q.isGroup, tagIds: q.contactTag });
      const [rows, count, lgpd] = await Promise.all([
        contactPage(ctx.db, actor.companyId, filter, limit, offset),
        countContacts(ctx.db, actor.companyId, filter),
        readLgpd(ctx.db, actor.companyId),
      ]);
      const page = pageOf(rows, size);
      return { contacts: await views(ctx.db, actor, page.rows, lgpd), count, hasMore: page.hasMore };
    },

    /** GET /api/contacts/list: pickers (new ticket, schedules); at most PICKER_LIMIT by name. */
    async picker(actor: Actor, searchParam: string) {
      const [rows, lgpd] = await Promise.all([
        contactPage(ctx.db, actor.companyId, contactFilter(ctx.db, { searchParam }), PICKER_LIMIT, 0),
        readLgpd(ctx.db, actor.companyId),
      ]);
      return views(ctx.db, actor, rows, lgpd);
    },

    async create(actor: Actor, input: CreateContactInput) {
      const channel = input.channel ?? "whatsapp";
      const id = await ctx.db.transaction().execute(async (trx) => {
        await assertConnection(trx, actor.companyId, input.whatsappId);
        const wallet = await walletOwner(trx, actor, input.walletUserId);
        if (await numberTaken(trx, actor.companyId, channel, input.number)) throw duplicated();
        const at = now();
        const values = {
          name: input.name,
          number: input.number,
          email: input.email ?? "",
          channel,
          whatsappId: input.whatsappId ?? null,
          ...wallet,
          ...(input.disableBot !== undefined && { disableBot: input.disableBot ? 1 : 0 }),
          ...(input.acceptAudioMessage !== undefined && { acceptAudioMessage: input.acceptAudioMessage ? 1 : 0 }),
          createdAt: at,
          updatedAt: at,
        };
        const contactId = await insertContact(trx, actor.companyId, values);
        await replaceExtraInfo(trx, actor.companyId, contactId, input.extraInfo ?? [], at);
        await audit(trx, actor, contactId, "create", undefined, { ...values, extraInfo: input.extraInfo ?? [] });
        return contactId;
      });
      ctx.bus.emit("contact.created", { companyId: actor.companyId, contactId: id });
      return show(actor, id);
    },

    /** Fields left out stay; extraInfo, when given, replaces the list. */
    async update(actor: Actor, id: number, input: UpdateContactInput) {
      const lgpd = await readLgpd(ctx.db, actor.companyId);
      await ctx.db.transaction().execute(async (trx) => {
        const row = await findContact(trx, actor.companyId, id);
        if (!row) throw contactNotFound();
        // A viewer who sees masked numbers sends them back masked: their number field is not theirs to write.
        const typed = input.number !== undefined && !masksNumbersFor(actor, lgpd) ? normalizeNumber(input.number) : row.number;
        const number = typed === row.number ? row.number : checkedNumber(typed);
        const channel = input.channel ?? row.channel;
        if ((number !== row.number || channel !== row.channel) && number && (await numberTaken(trx, actor.companyId, channel, number, id))) throw duplicated();
        await assertConnection(trx, actor.companyId, input.whatsappId);
        const wallet = await walletOwner(trx, actor, input.walletUserId);
        const at = now();
        const values = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.whatsappId !== undefined && { whatsappId: input.whatsappId }),
          ...wallet,
          ...(input.disableBot !== undefined && { disableBot: input.disableBot ? 1 : 0 }),
          ...(input.acceptAudioMessage !== undefined && { acceptAudioMessage: input.acceptAudioMessage ? 1 : 0 }),
          number,
          channel,
        };
        const extraBefore = input.extraInfo && { extraInfo: await extraInfoFields(trx, actor.companyId, id) };
        await updateContact(trx, actor.companyId, id, { ...values, updatedAt: at });
        if (input.extraInfo) await replaceExtraInfo(trx, actor.companyId, id, input.extraInfo, at);
        const extraAfter = input.extraInfo && { extraInfo: input.extraInfo.map(({ name, value }) => ({ name, value })) };
        await audit(trx, actor, id, "update", { ...contactFields(row), ...extraBefore }, { ...contactFields(row), ...values, ...extraAfter });
      });
      ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId: id });
      return show(actor, id);
    },

    /**
     * Tickets and notes keep their contact (RESTRICT): a contact with history is refused with ERR_CONTACT_HAS_TICKETS,
     * so no conversation loses the person it was with (docs/decisions.md).
     */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "contacts-page:deleteContact");
      await ctx.db.transaction().execute(async (trx) => {
        const row = await findContact(trx, actor.companyId, id);
        if (!row) throw contactNotFound();
        if (await contactHasHistory(trx, actor.companyId, id)) {
          throw new AppError("ERR_CONTACT_HAS_TICKETS", 409, "The contact has tickets or notes; it is kept with its history (block it instead)");
        }
        await audit(trx, actor, id, "delete", { ...contactFields(row), extraInfo: await extraInfoFields(trx, actor.companyId, id) });
        await deleteContact(trx, actor.companyId, id);
      });
      ctx.bus.emit("contact.deleted", { companyId: actor.companyId, contactId: id });
    },

    setActive: (actor: Actor, id: number, active: boolean) => setFlags(actor, id, () => ({ active: active ? 1 : 0 })),
    toggleDisableBot: (actor: Actor, id: number) => setFlags(actor, id, (row) => ({ disableBot: row.disableBot === 1 ? 0 : 1 })),
    toggleAcceptAudio: (actor: Actor, id: number) => setFlags(actor, id, (row) => ({ acceptAudioMessage: row.acceptAudioMessage === 1 ? 0 : 1 })),

    async tags(actor: Actor, id: number) {
      if (!(await findContact(ctx.db, actor.companyId, id))) throw contactNotFound();
      return (await contactTags(ctx.db, actor.companyId, [id])).get(id) ?? [];
    },

    /**
     * The contact's picture through a connected session of its channel that can fetch pictures (the contact's own
     * connection first, then the company's default, then the others); stored on the contact.
     */
    async profilePicture(actor: Actor, rawNumber: string) {
      const contact = await contactByNumber(ctx.db, actor.companyId, normalizeNumber(rawNumber));
      if (!contact) throw contactNotFound();
      const connections = await pictureConnectionIds(ctx.db, actor.companyId, contact);
      const live = connections.map((id) => ctx.channels.sessions.liveSession(id)).filter((s) => s !== undefined);
      if (!live.length) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "No connection of this contact's channel is connected");
      const session = live.find((s) => typeof s.profilePicture === "function");
      if (!session?.profilePicture) throw new AppError("ERR_CHANNEL_UNSUPPORTED", 400, "This contact's channel cannot fetch profile pictures");
      let urlPicture: string | null;
      try {
        urlPicture = (await session.profilePicture(contact.identity ?? contact.number)) ?? null;
      } catch (err) {
        const e = ChannelError.from(err);
        throw new AppError("ERR_WAPP_CHECK_CONTACT", 502, e.message, { channelError: e.code });
      }
      await updateContact(ctx.db, actor.companyId, contact.id, { urlPicture, updatedAt: now() });
      ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId: contact.id });
      return { contactId: contact.id, urlPicture };
    },
  };
}
