import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createQuickMessageBody, listQuickMessagesQuery, mediaUploadBody, quickMessageAnswer, quickMessagesPageAnswer, updateQuickMessageBody } from "./schema";
import { createQuickMessagesService } from "./service";

const params = idParams("id");
const OWN = "the author or the company's admins; a personal message with visibility (visao) on is edited by its author alone";
const errors = { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } as const;
const mediaErrors = { ...errors, 413: "ERR_MEDIA_TOO_LARGE", 415: "ERR_MEDIA_TYPE_NOT_ALLOWED" } as const;

/** Quick messages: the management page's routes and the message input's list. */
export const quickMessagesRoutes = (ctx: AppContext) => {
  const quick = createQuickMessagesService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Quick messages"] })
    .use(authPlugin(ctx))
    .get("/quick-messages", ({ actor, query }) => quick.list(actor, query), {
      auth: true,
      query: listQuickMessagesQuery,
      response: answers({ 200: quickMessagesPageAnswer }),
      detail: doc("List the quick messages the user may manage, 20 a page"),
    })
    .get("/quick-messages/list", ({ actor }) => quick.usable(actor), {
      auth: true,
      response: answers({ 200: z.array(quickMessageAnswer) }),
      detail: doc("The quick messages the user may use in the message input"),
    })
    .get("/quick-messages/:id", ({ actor, params }) => quick.show(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: quickMessageAnswer }),
      detail: doc("One quick message", { errors }),
    })
    .post(
      "/quick-messages",
      async ({ actor, body, set }) => {
        const record = await quick.create(actor, body);
        set.status = 201;
        return record;
      },
      {
        auth: true,
        body: createQuickMessageBody,
        response: answers({ 201: quickMessageAnswer }),
        detail: doc("Create a quick message", { permission: OWN, errors }),
      },
    )
    .put("/quick-messages/:id", ({ actor, params, body }) => quick.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateQuickMessageBody,
      response: answers({ 200: quickMessageAnswer }),
      detail: doc("Edit a quick message", { permission: OWN, errors }),
    })
    .delete(
      "/quick-messages/:id",
      async ({ actor, params }) => {
        await quick.remove(actor, params.id);
        return { message: "Quick message deleted" };
      },
      { auth: true, params, response: answers({ 200: messageAnswer }), detail: doc("Delete a quick message", { permission: OWN, errors }) },
    )
    .post("/quick-messages/:id/media-upload", ({ actor, params, body }) => quick.setMedia(actor, params.id, body.file), {
      auth: true,
      params,
      body: mediaUploadBody,
      response: answers({ 200: quickMessageAnswer }),
      detail: doc("Attach a file to a quick message (multipart field file)", { permission: OWN, errors: mediaErrors }),
    })
    .delete("/quick-messages/:id/media-upload", ({ actor, params }) => quick.clearMedia(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: quickMessageAnswer }),
      detail: doc("Remove a quick message's file", { permission: OWN, errors }),
    });
};
