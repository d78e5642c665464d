import type { AppContext } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { assertBelowPlanLimit } from "../plans/limits";
import { colorTaken, countQueues, deleteQueue, findQueue, insertQueue, listQueues, updateQueue } from "./queries";
import { type CreateQueueInput, DEFAULT_SCHEDULES, type UpdateQueueInput } from "./schema";
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
        return insertQueue(trx, actor.companyId, { ...toColumns({ schedules: DEFAULT_SCHEDULES, ...input }), name: input.name, color: input.color });
      });
      ctx.bus.emit("queue.created", { companyId: actor.companyId, queueId: queue.id });
      return serializeQueue(queue);
    },

    async update(actor: Actor, id: number, input: UpdateQueueInput) {
      assertCan(actor, "queues:manage");
      const queue = await ctx.db.transaction().execute(async (trx) => {
        if (!(await findQueue(trx, actor.companyId, id))) throw queueNotFound();
        if (input.color !== undefined && (await colorTaken(trx, actor.companyId, input.color, id))) throw colorExists();
        return updateQueue(trx, actor.companyId, id, { ...toColumns(input), updatedAt: now() });
      });
      ctx.bus.emit("queue.updated", { companyId: actor.companyId, queueId: id });
      return serializeQueue(queue);
    },

    /** Users lose the queue with it; tickets (a later module) keep their history with the queue set to null. */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "queues:manage");
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await findQueue(trx, actor.companyId, id))) throw queueNotFound();
        await deleteQueue(trx, actor.companyId, id);
      });
      ctx.bus.emit("queue.deleted", { companyId: actor.companyId, queueId: id });
    },
  };
}
