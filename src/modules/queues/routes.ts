import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createQueueBody, deleteQueueQuery, queueAnswer, updateQueueBody } from "./schema";
import { createQueuesService } from "./service";

const params = idParams("id");
const MANAGE = "queues:manage (admins)";

export const queuesRoutes = (ctx: AppContext) => {
  const queues = createQueuesService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Queues"] })
    .use(authPlugin(ctx))
    .get("/queue", ({ actor }) => queues.list(actor), {
      auth: true,
      response: answers({ 200: z.array(queueAnswer) }),
      detail: doc("Every queue of the company"),
    })
    .get("/queue/:id", ({ actor, params }) => queues.get(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: queueAnswer }),
      detail: doc("One queue", { errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .post(
      "/queue",
      async ({ actor, body, set }) => {
        const queue = await queues.create(actor, body);
        set.status = 201;
        return queue;
      },
      {
        auth: true,
        body: createQueueBody,
        response: answers({ 201: queueAnswer }),
        detail: doc("Create a queue", {
          permission: MANAGE,
          errors: { 403: ["ERR_NO_PERMISSION", "ERR_PLAN_LIMIT_QUEUES"], 409: "ERR_QUEUE_COLOR_ALREADY_EXISTS" },
        }),
      },
    )
    .put("/queue/:id", ({ actor, params, body }) => queues.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateQueueBody,
      response: answers({ 200: queueAnswer }),
      detail: doc("Edit a queue", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND", 409: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } }),
    })
    .delete(
      "/queue/:id",
      async ({ actor, params, query }) => {
        await queues.remove(actor, params.id, query.targetQueueId);
        return { message: "Queue deleted" };
      },
      {
        auth: true,
        params,
        query: deleteQueueQuery,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a queue, moving its tickets that are not closed to targetQueueId", {
          permission: MANAGE,
          description:
            "Refused with ERR_QUEUE_IN_USE and `usedBy` [{kind, id, name}] while a connection (sendIdQueue, queueIdImportMessages) or a chatbot option of another queue points at it; with ERR_QUEUE_HAS_TICKETS and `tickets` (the count) while it holds tickets that are not closed and no targetQueueId is given.",
          errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND", 409: ["ERR_QUEUE_IN_USE", "ERR_QUEUE_HAS_TICKETS"] },
        }),
      },
    );
};
