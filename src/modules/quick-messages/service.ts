import type { Updateable } from "kysely";
import type { AppContext } from "../../context";
import type { QuickMessagesTable } from "../../db/schema";
import type { Db } from "../../db/database";
import { noPermission, notFound } from "../../http/errors";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import type { Actor } from "../../http/permissions";
import { type AuditFields, recordAudit } from "../audit/record";
import { canChange, canSee, visibleWhere } from "./access";
import {
  countQuickMessages,
  deleteQuickMessage,
  findQuickMessage,
  insertQuickMessage,
  quickMessagePage,
  type QuickMessageRow,
  textFilter,
  updateQuickMessage,
} from "./queries";
import type { QuickMessageInput } from "./schema";
import { serializeQuickMessage } from "./serialize";

/** The message's own columns (not the joined media type), as the audit log keeps them. */
const fieldsOf = ({ mediaMime: _mime, ...columns }: QuickMessageRow) => columns;

const quickMessageNotFound = () => notFound("Quick message not found");
/** The message input offers at most this many (it filters as the agent types after the slash). */
const USABLE_LIMIT = 500;

const toColumns = (input: QuickMessageInput) => ({
  ...(input.shortcode !== undefined && { shortcode: input.shortcode }),
  ...(input.message !== undefined && { message: input.message }),
  ...(input.geral !== undefined && { geral: input.geral ? 1 : 0 }),
  ...(input.visao !== undefined && { visao: input.visao ? 1 : 0 }),
  ...(input.status !== undefined && { status: input.status ? 1 : 0 }),
});

export function createQuickMessagesService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: QuickMessageRow, after?: AuditFields) =>
    recordAudit(db, ctx.clock.now(), actor, {
      companyId: actor.companyId,
      entity: "quickMessage",
      entityId: id,
      action,
      before: before && fieldsOf(before),
      after,
    });
  /** Writes `values` over the message the actor may change, with its audit entry, in one transaction; answers the old row. */
  const change = (actor: Actor, id: number, values: Updateable<QuickMessagesTable>) =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await changeable(trx, actor, id);
      const set = { ...values, updatedAt: now() };
      await updateQuickMessage(trx, actor.companyId, id, set);
      await audit(trx, actor, id, "update", row, { ...fieldsOf(row), ...set });
      return row;
    });
  const view = (row: QuickMessageRow) => serializeQuickMessage(ctx, row);

  /** A message the actor may see (404 otherwise: a personal message of someone else does not exist for them). */
  async function visible(db: Db, actor: Actor, id: number): Promise<QuickMessageRow> {
    const row = await findQuickMessage(db, actor.companyId, id);
    if (!row || !canSee(actor, row)) throw quickMessageNotFound();
    return row;
  }

  async function changeable(db: Db, actor: Actor, id: number, action: "edit" | "delete" = "edit"): Promise<QuickMessageRow> {
    const row = await visible(db, actor, id);
    if (!canChange(actor, row, action)) throw noPermission("Only the owner or an admin changes this quick message");
    return row;
  }

  const dropMedia = async (companyId: number, key: string | null) => {
    if (key) await ctx.media.delete(companyId, key).catch((err) => ctx.log.warn("quick message media not deleted", { companyId, key, err: String(err) }));
  };

  const saved = (actor: Actor, id: number, action: "create" | "update") =>
    ctx.bus.emit("quickMessage.saved", { companyId: actor.companyId, quickMessageId: id, action });

  return {
    async list(actor: Actor, q: { searchParam: string; pageNumber: number }) {
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.default);
      const visibleTo = visibleWhere(actor, "manage");
      const text = textFilter(q.searchParam);
      const filter = (eb: Parameters<typeof visibleTo>[0]) => eb.and([visibleTo(eb), text(eb)]);
      const [rows, count] = await Promise.all([
        quickMessagePage(ctx.db, actor.companyId, filter, limit, offset),
        countQuickMessages(ctx.db, actor.companyId, filter),
      ]);
      const page = pageOf(rows, size);
      return { records: page.rows.map(view), count, hasMore: page.hasMore };
    },

    /** GET /api/quick-messages/list: what the actor may use in the message input (the companyId and userId parameters are the actor's). */
    async usable(actor: Actor) {
      return (await quickMessagePage(ctx.db, actor.companyId, visibleWhere(actor, "use"), USABLE_LIMIT, 0)).map(view);
    },

    show: async (actor: Actor, id: number) => view(await visible(ctx.db, actor, id)),

    async create(actor: Actor, input: QuickMessageInput & { shortcode: string }) {
      const at = now();
      const values = { ...toColumns(input), shortcode: input.shortcode, userId: actor.userId, createdAt: at, updatedAt: at };
      const id = await ctx.db.transaction().execute(async (trx) => {
        const created = await insertQuickMessage(trx, actor.companyId, values);
        await audit(trx, actor, created, "create", undefined, values);
        return created;
      });
      saved(actor, id, "create");
      return view((await findQuickMessage(ctx.db, actor.companyId, id))!);
    },

    async update(actor: Actor, id: number, input: QuickMessageInput) {
      await change(actor, id, toColumns(input));
      saved(actor, id, "update");
      return view((await findQuickMessage(ctx.db, actor.companyId, id))!);
    },

    async remove(actor: Actor, id: number) {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const current = await changeable(trx, actor, id, "delete");
        await deleteQuickMessage(trx, actor.companyId, id);
        await audit(trx, actor, id, "delete", current);
        return current;
      });
      await dropMedia(actor.companyId, row.mediaKey);
      ctx.bus.emit("quickMessage.deleted", { companyId: actor.companyId, quickMessageId: id, userId: row.userId, geral: row.geral === 1 });
    },

    /** Any kind the media store accepts (image, audio, video, document); replaces the previous file. */
    async setMedia(actor: Actor, id: number, file: File) {
      await changeable(ctx.db, actor, id);
      const stored = await ctx.media.save(actor.companyId, { data: file, name: file.name || "file" });
      const previous = await change(actor, id, { mediaKey: stored.key, mediaName: stored.name }).catch(async (err) => {
        await dropMedia(actor.companyId, stored.key);
        throw err;
      });
      await dropMedia(actor.companyId, previous.mediaKey);
      saved(actor, id, "update");
      return view((await findQuickMessage(ctx.db, actor.companyId, id))!);
    },

    async clearMedia(actor: Actor, id: number) {
      const row = await change(actor, id, { mediaKey: null, mediaName: null });
      await dropMedia(actor.companyId, row.mediaKey);
      saved(actor, id, "update");
      return view((await findQuickMessage(ctx.db, actor.companyId, id))!);
    },
  };
}
