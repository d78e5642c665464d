import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";
import { notFound, validationError } from "../../http/errors";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { type Actor, assertCan, assertPlan } from "../../http/permissions";
import { contactNotFound } from "../contacts/service";
import { contactTags } from "../contacts/queries";
import { recordAudit } from "../audit/record";
import {
  contactsWithTag,
  contactTagIds,
  deleteTag,
  findTag,
  insertTag,
  listTagPage,
  liveTicketsWithTag,
  setContactTags,
  tagNamed,
  tagOnTickets,
  type TagRow,
  tagsOfKind,
  unlinkContactTag,
  updateTag,
} from "./queries";
import type { ListTagsQuery, SyncInput, TagInput } from "./schema";
import { serializeTag } from "./serialize";

const tagNotFound = () => notFound("Tag not found");
/** The tag's own columns (not the computed contactsCount), as the audit log keeps them. */
const tagFields = ({ contactsCount: _count, ...columns }: TagRow) => columns;
/** A contact's tag ids, as the audit log keeps a change of them. */
const tagIdsOf = async (db: Db, companyId: number, contactId: number) => ({
  tagIds: ((await contactTags(db, companyId, [contactId])).get(contactId) ?? []).map((t) => t.id).sort((a, b) => a - b),
});
/** Colour of a tag created by typing its name in the contact drawer. */
const DEFAULT_COLOR = "#A4CCCC";

/**
 * Tags (kanban 0, put on contacts) and kanban lanes (kanban 1, put on tickets by the tickets module). Users of the
 * company read, create and edit them (the drawer creates tags inline); lanes need the plan's useKanban; deleting a
 * tag, which takes it off every contact and ticket, is for admins (contacts:manage).
 */
export function createTagsService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: TagRow, after?: Record<string, unknown>) =>
    recordAudit(db, ctx.clock.now(), actor, { companyId: actor.companyId, entity: "tag", entityId: id, action, before: before && tagFields(before), after });
  /** A change of the tags a contact carries is an update of the contact. */
  const contactTagsAudit = async (db: Db, actor: Actor, contactId: number, before: { tagIds: number[] }) =>
    recordAudit(db, ctx.clock.now(), actor, {
      companyId: actor.companyId,
      entity: "contact",
      entityId: contactId,
      action: "update",
      before,
      after: await tagIdsOf(db, actor.companyId, contactId),
    });

  async function view(db: Db, actor: Actor, id: number) {
    const row = await findTag(db, actor.companyId, id);
    if (!row) throw tagNotFound();
    return serializeTag(row);
  }

  /** The lane fields name kanban lanes of the company (not the tag itself); names are unique per kind. */
  async function check(db: Db, actor: Actor, input: TagInput, kanban: number, name: string | undefined, selfId?: number) {
    if (kanban === 1) assertPlan(actor, "useKanban");
    if (name !== undefined && (await tagNamed(db, actor.companyId, name, kanban, selfId)))
      throw validationError({ name: "A tag with this name already exists" });
    const fields: Record<string, string> = {};
    for (const field of ["nextLaneId", "rollbackLaneId"] as const) {
      const laneId = input[field];
      if (laneId === undefined || laneId === null) continue;
      const lane = laneId === selfId ? undefined : await findTag(db, actor.companyId, laneId);
      if (lane?.kanban !== 1) fields[field] = "Unknown lane";
    }
    if (Object.keys(fields).length) throw validationError(fields);
  }

  return {
    async list(actor: Actor, q: ListTagsQuery) {
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.default);
      const kanban = q.kanban === undefined ? undefined : q.kanban ? 1 : 0;
      const { rows, count } = await listTagPage(ctx.db, actor.companyId, { searchParam: q.searchParam, kanban, tagId: q.tagId }, limit, offset);
      const page = pageOf(rows, size);
      return { tags: page.rows.map(serializeTag), count, hasMore: page.hasMore };
    },

    /** GET /api/tags/list: every tag of a kind, for pickers (a company has tens of tags, not thousands). */
    picker: (actor: Actor, kanban: boolean | undefined) => tagsOfKind(ctx.db, actor.companyId, kanban === undefined ? undefined : kanban ? 1 : 0),

    show: (actor: Actor, id: number) => view(ctx.db, actor, id),

    async create(actor: Actor, input: TagInput & { name: string }) {
      const id = await ctx.db.transaction().execute(async (trx) => {
        const kanban = input.kanban ?? 0;
        await check(trx, actor, input, kanban, input.name);
        const at = now();
        const values = { ...input, kanban, laneOrder: kanban === 1 ? (input.laneOrder ?? null) : null, userId: actor.userId, createdAt: at, updatedAt: at };
        const tagId = await insertTag(trx, actor.companyId, values);
        await audit(trx, actor, tagId, "create", undefined, values);
        return tagId;
      });
      ctx.bus.emit("tag.created", { companyId: actor.companyId, tagId: id });
      return view(ctx.db, actor, id);
    },

    async update(actor: Actor, id: number, input: TagInput) {
      await ctx.db.transaction().execute(async (trx) => {
        const row = await findTag(trx, actor.companyId, id);
        if (!row) throw tagNotFound();
        if (row.kanban === 1) assertPlan(actor, "useKanban");
        const kanban = input.kanban ?? row.kanban;
        // A tag on contacts or tickets keeps its kind: a contact cannot carry a lane, nor a ticket's lane be a contact tag.
        if (kanban !== row.kanban && (Number(row.contactsCount ?? 0) > 0 || (await tagOnTickets(trx, actor.companyId, id))))
          throw validationError({ kanban: "A tag in use keeps its kind" });
        await check(trx, actor, input, kanban, input.name ?? (input.kanban !== undefined ? row.name : undefined), id);
        const values = { ...input, ...(kanban === 0 ? { laneOrder: null } : {}), updatedAt: now() };
        await updateTag(trx, actor.companyId, id, values);
        await audit(trx, actor, id, "update", row, { ...tagFields(row), ...values });
      });
      ctx.bus.emit("tag.updated", { companyId: actor.companyId, tagId: id });
      return view(ctx.db, actor, id);
    },

    async remove(actor: Actor, id: number) {
      assertCan(actor, "contacts:manage");
      const { tickets, contacts } = await ctx.db.transaction().execute(async (trx) => {
        const row = await findTag(trx, actor.companyId, id);
        if (!row) throw tagNotFound();
        const affected = { tickets: await liveTicketsWithTag(trx, actor.companyId, id), contacts: await contactsWithTag(trx, actor.companyId, id) };
        await deleteTag(trx, actor.companyId, id);
        await audit(trx, actor, id, "delete", row);
        return affected;
      });
      ctx.bus.emit("tag.deleted", { companyId: actor.companyId, tagId: id });
      for (const ticketId of tickets) ctx.bus.emit("ticket.updated", { companyId: actor.companyId, ticketId });
      for (const contactId of contacts) ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId });
    },

    /**
     * POST /api/tags/sync: the contact's tags become exactly the given ones. Ids must be contact tags (kanban 0) of the
     * company; names are matched ignoring case, and the missing ones created, in the same transaction.
     */
    async sync(actor: Actor, input: SyncInput) {
      const created: number[] = [];
      await ctx.db.transaction().execute(async (trx) => {
        if ((await forCompany(trx, actor.companyId).missingIds("contacts", [input.contactId])).length) throw contactNotFound();
        const ids = input.tags.flatMap((t) => (t.id !== undefined ? [t.id] : []));
        if ((await contactTagIds(trx, actor.companyId, ids)).length !== new Set(ids).size) throw validationError({ tags: "Unknown tag" });
        const tagIds = [...ids];
        const before = await tagIdsOf(trx, actor.companyId, input.contactId);
        for (const t of input.tags) {
          if (t.id !== undefined || t.name === undefined) continue;
          const existing = await tagNamed(trx, actor.companyId, t.name, 0);
          if (existing) tagIds.push(existing.id);
          else {
            const at = now();
            const values = { name: t.name, color: DEFAULT_COLOR, kanban: 0, userId: actor.userId, createdAt: at, updatedAt: at };
            const id = await insertTag(trx, actor.companyId, values);
            await audit(trx, actor, id, "create", undefined, values);
            created.push(id);
            tagIds.push(id);
          }
        }
        await setContactTags(trx, actor.companyId, input.contactId, tagIds);
        await contactTagsAudit(trx, actor, input.contactId, before);
      });
      for (const tagId of created) ctx.bus.emit("tag.created", { companyId: actor.companyId, tagId });
      ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId: input.contactId });
      return (await contactTags(ctx.db, actor.companyId, [input.contactId])).get(input.contactId) ?? [];
    },

    /** DELETE /api/tags-contacts/:tagId/:contactId. */
    async unlink(actor: Actor, tagId: number, contactId: number) {
      await ctx.db.transaction().execute(async (trx) => {
        const before = await tagIdsOf(trx, actor.companyId, contactId);
        if (!(await unlinkContactTag(trx, actor.companyId, tagId, contactId))) throw notFound("The contact does not carry this tag");
        await contactTagsAudit(trx, actor, contactId, before);
      });
      ctx.bus.emit("contact.updated", { companyId: actor.companyId, contactId });
    },
  };
}
