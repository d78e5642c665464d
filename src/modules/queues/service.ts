import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import type { Queue } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { DEFAULT_SCHEDULES } from "../business-hours/schema";
import { assertBelowPlanLimit } from "../plans/limits";
import { colorTaken, countQueues, deleteQueue, findQueue, insertQueue, listQueues, updateQueue } from "./queries";
import type { CreateQueueInput, UpdateQueueInput } from "./schema";
import { serializeQueue } from "./serialize";

const colorExists = () => new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409, "Another queue already has this colour");
const queueNotFound = () => notFound("Queue not found");

/** Input fields to columns: booleans as 0/1, schedules as JSON text. */
function toColumns(input: UpdateQueueInput) {
  const { schedules, closeTicket, ativarRoteador, ...rest } = input;
  return {
    ...rest,
    ...(schedules && { schedules: JSON.stringify(schedules) }),
    ...(closeTicket !== undefined && { closeTicket: closeTicket ? 1 : 0 }),
    ...(ativarRoteador !== undefined && { ativarRoteador: ativarRoteador ? 1 : 0 }),
  };
}

export function createQueuesService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const audit = (db: Db, actor: Actor, id: number, action: "create" | "update" | "delete", before?: Queue, after?: Queue) =>
    recordAudit(db, ctx.clock.now(), actor, { companyId: actor.companyId, entity: "queue", entityId: id, action, before, after });

  return {
    async list(actor: Actor) {
      return (await listQueues(ctx.db, actor.companyId)).map(serializeQueue);
    },

    async get(actor: Actor, id: number) {
      const queue = await findQueue(ctx.db, actor.companyId, id);
      if (!queue) throw queueNotFound();
      return serializeQueue(queue);
    },

    async create(actor: Actor, input: CreateQueueInput) {
      assertCan(actor, "queues:manage");
      const queue = await ctx.db.transaction().execute(async (trx) => {
        await assertBelowPlanLimit(trx, actor.companyId, "queues", () => countQueues(trx, actor.companyId));
        if (await colorTaken(trx, actor.companyId, input.color)) throw colorExists();
        const row = await insertQueue(trx, actor.companyId, { ...toColumns({ schedules: DEFAULT_SCHEDULES, ...input }), name: input.name, color: input.color });
        await audit(trx, actor, row.id, "create", undefined, row);
        return row;
      });
      ctx.bus.emit("queue.created", { companyId: actor.companyId, queueId: queue.id });
      return serializeQueue(queue);
    },

    async update(actor: Actor, id: number, input: UpdateQueueInput) {
      assertCan(actor, "queues:manage");
      const queue = await ctx.db.transaction().execute(async (trx) => {
        const before = await findQueue(trx, actor.companyId, id);
        if (!before) throw queueNotFound();
        if (input.color !== undefined && (await colorTaken(trx, actor.companyId, input.color, id))) throw colorExists();
        const row = await updateQueue(trx, actor.companyId, id, { ...toColumns(input), updatedAt: now() });
        await audit(trx, actor, id, "update", before, row);
        return row;
      });
      ctx.bus.emit("queue.updated", { companyId: actor.companyId, queueId: id });
      return serializeQueue(queue);
    },

    /** Users lose the queue with it; tickets (a later module) keep their history with the queue set to null. */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "queues:manage");
      await ctx.db.transaction().execute(async (trx) => {
        const before = await findQueue(trx, actor.companyId, id);
        if (!before) throw queueNotFound();
        await deleteQueue(trx, actor.companyId, id);
        await audit(trx, actor, id, "delete", before);
      });
      ctx.bus.emit("queue.deleted", { companyId: actor.companyId, queueId: id });
    },
  };
}
