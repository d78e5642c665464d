import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { createQueueBody, updateQueueBody } from "./schema";
import { createQueuesService } from "./service";

export const queuesRoutes = (ctx: AppContext) => {
  const queues = createQueuesService(ctx);

  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/queue", ({ actor }) => queues.list(actor), { auth: true })
    .get("/queue/:id", ({ actor, params }) => queues.get(actor, parseId(params.id)), { auth: true })
    .post(
      "/queue",
      async ({ actor, body, set }) => {
        const queue = await queues.create(actor, parse(createQueueBody, body));
        set.status = 201;
        return queue;
      },
      { auth: true },
    )
    .put("/queue/:id", ({ actor, params, body }) => queues.update(actor, parseId(params.id), parse(updateQueueBody, body)), { auth: true })
    .delete(
      "/queue/:id",
      async ({ actor, params }) => {
        await queues.remove(actor, parseId(params.id));
        return { message: "Queue deleted" };
      },
      { auth: true },
    );
};
