import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import type { Queue } from "../../db/schema";
import { AppError, notFound, validationError } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { DEFAULT_SCHEDULES } from "../business-hours/schema";
import { forgetTicketOptions, queueOptions } from "../chatbot/queries";
import { assertBelowPlanLimit } from "../plans/limits";
import { liveTicketsOfQueue } from "../tickets/queries";
import { announceReleased, moveQueueTickets } from "../tickets/release";
import { colorTaken, countQueues, deleteQueue, findQueue, insertQueue, listQueues, queueLinks, queueUses, updateQueue } from "./queries";
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

    /**
     * Refused while a connection or another queue's chatbot option points at the queue (ERR_QUEUE_IN_USE, naming
     * them), and while it holds tickets that are not closed unless `targetQueueId` names another queue of the company
     * to move them to. Users and connections lose the queue from their lists, its chatbot options go with it, and
     * closed tickets keep their history without a queue — all in one transaction.
     */
    async remove(actor: Actor, id: number, targetQueueId?: number) {
      assertCan(actor, "queues:manage");
      const done = await ctx.db.transaction().execute(async (trx) => {
        const before = await findQueue(trx, actor.companyId, id);
        if (!before) throw queueNotFound();
        if (targetQueueId !== undefined && (targetQueueId === id || !(await findQueue(trx, actor.companyId, targetQueueId))))
          throw validationError({ targetQueueId: "Not found" });
        const usedBy = await queueUses(trx, actor.companyId, id);
        if (usedBy.length) throw new AppError("ERR_QUEUE_IN_USE", 409, "Something still points at this queue", { usedBy });
        const live = await liveTicketsOfQueue(trx, actor.companyId, id);
        if (live.length && targetQueueId === undefined)
          throw new AppError("ERR_QUEUE_HAS_TICKETS", 409, "The queue has tickets that are not closed; choose a queue to move them to", {
            tickets: live.length,
          });
        const links = await queueLinks(trx, actor.companyId, id);
        await forgetTicketOptions(
          trx,
          actor.companyId,
          (await queueOptions(trx, actor.companyId, id)).map((o) => o.id),
        );
        const moved = targetQueueId === undefined ? [] : await moveQueueTickets(trx, actor.companyId, live, targetQueueId, actor.userId, now());
        for (const m of moved) {
          await recordAudit(trx, ctx.clock.now(), actor, {
            companyId: actor.companyId,
            entity: "ticket",
            entityId: m.ticketId,
            action: "transfer",
            before: { queueId: id },
            after: { queueId: targetQueueId },
          });
        }
        await deleteQueue(trx, actor.companyId, id);
        await audit(trx, actor, id, "delete", before);
        return { moved, links };
      });
      ctx.bus.emit("queue.deleted", { companyId: actor.companyId, queueId: id });
      announceReleased(ctx, actor.companyId, done.moved);
      for (const userId of done.links.userIds) ctx.bus.emit("user.updated", { companyId: actor.companyId, userId });
      for (const connectionId of done.links.connectionIds) ctx.bus.emit("connection.saved", { companyId: actor.companyId, connectionId });
    },
  };
}
