import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import type { Chatbot, ChatbotType } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { type FieldErrors, notFound, validationError } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { deleteOptions, findOption, forgetTicketOptions, hasChildren, insertOption, nextOrder, queueOptions, updateOption } from "./queries";
import { type CreateChatbotInput, MSG, type UpdateChatbotInput } from "./schema";
import { optionTrees, subtreeIds } from "./serialize";

type OptField = "optQueueId" | "optUserId" | "optIntegrationId" | "optFileId";
type OptFields = Record<OptField, number | null>;

/**
 * The field each type needs and the table its id must name within the company. Integrations have no table yet, so no
 * id names one of the company's: that type cannot be saved until they exist.
 */
const TYPE_FIELD: Record<ChatbotType, { field: OptField; table?: "queues" | "users" | "file_lists" } | undefined> = {
  text: undefined,
  attendent: { field: "optUserId", table: "users" },
  queue: { field: "optQueueId", table: "queues" },
  integration: { field: "optIntegrationId" },
  file: { field: "optFileId", table: "file_lists" },
};

const optionNotFound = () => notFound("Chatbot option not found");

/**
 * A queue's chatbot options: a tree of menu entries of any depth. Any user of the company reads them; admins
 * (queues:manage) write them. An option's queue and parent are fixed when it is created.
 */
export function createChatbotService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: Chatbot, after?: Chatbot) =>
    recordAudit(db, ctx.clock.now(), actor, { companyId: actor.companyId, entity: "chatbot", entityId: id, action, before, after });

  /** The option with its whole subtree. */
  async function view(db: Db, row: Chatbot) {
    return optionTrees(await queueOptions(db, row.companyId, row.queueId), row.id)[0]!;
  }

  /**
   * The type's field is required and names a row of the company; the other opt* fields are stored as null.
   * Errors go into `errors`; answers the opt* columns to store.
   */
  async function typeFields(db: Db, companyId: number, queueType: ChatbotType, given: OptFields, errors: FieldErrors): Promise<OptFields> {
    const out: OptFields = { optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null };
    const rule = TYPE_FIELD[queueType];
    if (!rule) return out;
    const id = given[rule.field];
    if (id === null) errors[rule.field] = MSG.required;
    else if (!rule.table || (await forCompany(db, companyId).missingIds(rule.table, [id])).length) errors[rule.field] = MSG.notFound;
    out[rule.field] = id;
    return out;
  }

  return {
    async list(actor: Actor, queueId: number) {
      if ((await forCompany(ctx.db, actor.companyId).missingIds("queues", [queueId])).length) throw notFound("Queue not found");
      return optionTrees(await queueOptions(ctx.db, actor.companyId, queueId));
    },

    async get(actor: Actor, id: number) {
      const row = await findOption(ctx.db, actor.companyId, id);
      if (!row) throw optionNotFound();
      return view(ctx.db, row);
    },

    async create(actor: Actor, input: CreateChatbotInput) {
      assertCan(actor, "queues:manage");
      const row = await ctx.db.transaction().execute(async (trx) => {
        const errors: FieldErrors = {};
        if ((await forCompany(trx, actor.companyId).missingIds("queues", [input.queueId])).length) errors.queueId = MSG.notFound;
        const parentId = input.parentId ?? null;
        if (parentId !== null) {
          const parent = await findOption(trx, actor.companyId, parentId);
          if (parent?.queueId !== input.queueId) errors.parentId = MSG.notFound;
          else if (!parent.greetingMessage) errors.parentId = MSG.parentNeedsMessage;
        }
        const given = {
          optQueueId: input.optQueueId ?? null,
          optUserId: input.optUserId ?? null,
          optIntegrationId: input.optIntegrationId ?? null,
          optFileId: input.optFileId ?? null,
        };
        const opts = await typeFields(trx, actor.companyId, input.queueType, given, errors);
        if (Object.keys(errors).length) throw validationError(errors);
        const at = now();
        const created = await insertOption(trx, actor.companyId, {
          queueId: input.queueId,
          parentId,
          name: input.name,
          greetingMessage: input.greetingMessage ?? null,
          queueType: input.queueType,
          ...opts,
          closeTicket: input.closeTicket ? 1 : 0,
          order: input.order ?? (await nextOrder(trx, actor.companyId, input.queueId, parentId)),
          createdAt: at,
          updatedAt: at,
        });
        await audit(trx, actor, created.id, "create", undefined, created);
        return created;
      });
      ctx.bus.emit("chatbot.created", { companyId: actor.companyId, queueId: row.queueId, chatbotId: row.id });
      return view(ctx.db, row);
    },

    async update(actor: Actor, id: number, input: UpdateChatbotInput) {
      assertCan(actor, "queues:manage");
      const row = await ctx.db.transaction().execute(async (trx) => {
        const before = await findOption(trx, actor.companyId, id);
        if (!before) throw optionNotFound();
        const errors: FieldErrors = {};
        if (input.greetingMessage === null && (await hasChildren(trx, actor.companyId, id))) errors.greetingMessage = MSG.messageHoldsChildren;
        const queueType = input.queueType ?? before.queueType;
        const given = {
          optQueueId: input.optQueueId !== undefined ? input.optQueueId : before.optQueueId,
          optUserId: input.optUserId !== undefined ? input.optUserId : before.optUserId,
          optIntegrationId: input.optIntegrationId !== undefined ? input.optIntegrationId : before.optIntegrationId,
          optFileId: input.optFileId !== undefined ? input.optFileId : before.optFileId,
        };
        const opts = await typeFields(trx, actor.companyId, queueType, given, errors);
        if (Object.keys(errors).length) throw validationError(errors);
        const { closeTicket, ...rest } = input;
        const updated = await updateOption(trx, actor.companyId, id, {
          ...rest,
          queueType,
          ...opts,
          ...(closeTicket !== undefined && { closeTicket: closeTicket ? 1 : 0 }),
          updatedAt: now(),
        });
        await audit(trx, actor, id, "update", before, updated);
        return updated;
      });
      ctx.bus.emit("chatbot.updated", { companyId: actor.companyId, queueId: row.queueId, chatbotId: id });
      return view(ctx.db, row);
    },

    /** The option and every option below it go in one transaction; each gets its audit entry. */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "queues:manage");
      const queueId = await ctx.db.transaction().execute(async (trx) => {
        const target = await findOption(trx, actor.companyId, id);
        if (!target) throw optionNotFound();
        const rows = await queueOptions(trx, actor.companyId, target.queueId);
        const ids = subtreeIds(rows, id);
        await forgetTicketOptions(trx, actor.companyId, ids);
        await deleteOptions(trx, actor.companyId, ids);
        for (const row of rows.filter((r) => ids.includes(r.id))) await audit(trx, actor, row.id, "delete", row);
        return target.queueId;
      });
      ctx.bus.emit("chatbot.deleted", { companyId: actor.companyId, queueId, chatbotId: id });
    },
  };
}
