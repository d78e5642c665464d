import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { createQuickMessageBody, listQuickMessagesQuery, mediaUploadBody, updateQuickMessageBody } from "./schema";
import { createQuickMessagesService } from "./service";

/** Quick messages (spec 3 §7; spec 1 §7 GET /quick-messages/list for the message input). */
export const quickMessagesRoutes = (ctx: AppContext) => {
  const quick = createQuickMessagesService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/quick-messages", ({ actor, query }) => quick.list(actor, parse(listQuickMessagesQuery, query)), { auth: true })
    .get("/quick-messages/list", ({ actor }) => quick.usable(actor), { auth: true })
    .get("/quick-messages/:id", ({ actor, params }) => quick.show(actor, parseId(params.id)), { auth: true })
    .post(
      "/quick-messages",
      async ({ actor, body, set }) => {
        const record = await quick.create(actor, parse(createQuickMessageBody, body));
        set.status = 201;
        return record;
      },
      { auth: true },
    )
    .put("/quick-messages/:id", ({ actor, params, body }) => quick.update(actor, parseId(params.id), parse(updateQuickMessageBody, body)), { auth: true })
    .delete(
      "/quick-messages/:id",
      async ({ actor, params }) => {
        await quick.remove(actor, parseId(params.id));
        return { message: "Quick message deleted" };
      },
      { auth: true },
    )
    .post("/quick-messages/:id/media-upload", ({ actor, params, body }) => quick.setMedia(actor, parseId(params.id), parse(mediaUploadBody, body).file), {
      auth: true,
    })
    .delete("/quick-messages/:id/media-upload", ({ actor, params }) => quick.clearMedia(actor, parseId(params.id)), { auth: true });
};
