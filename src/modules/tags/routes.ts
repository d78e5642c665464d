import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createTagBody, listTagsQuery, pickerQuery, syncBody, tagAnswer, tagRef, tagsPageAnswer, updateTagBody } from "./schema";
import { createTagsService } from "./service";

const params = idParams("id");
const KANBAN = "kanban lanes need the plan's useKanban";

/** Tags and kanban lanes. */
export const tagsRoutes = (ctx: AppContext) => {
  const tags = createTagsService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Tags"] })
    .use(authPlugin(ctx))
    .get("/tags", ({ actor, query }) => tags.list(actor, query), {
      auth: true,
      query: listTagsQuery,
      response: answers({ 200: tagsPageAnswer }),
      detail: doc("List tags or kanban lanes, 20 a page"),
    })
    .get("/tags/list", ({ actor, query }) => tags.picker(actor, query.kanban), {
      auth: true,
      query: pickerQuery,
      response: answers({ 200: z.array(tagRef) }),
      detail: doc("Every tag of a kind, for pickers"),
    })
    .get("/tags/:id", ({ actor, params }) => tags.show(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: tagAnswer }),
      detail: doc("One tag", { errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .post(
      "/tags",
      async ({ actor, body, set }) => {
        const tag = await tags.create(actor, body);
        set.status = 201;
        return tag;
      },
      {
        auth: true,
        body: createTagBody,
        response: answers({ 201: tagAnswer }),
        detail: doc("Create a tag or a kanban lane", { permission: KANBAN, errors: { 403: "ERR_PLAN_FEATURE_DISABLED" } }),
      },
    )
    .post("/tags/sync", async ({ actor, body }) => ({ tags: await tags.sync(actor, body) }), {
      auth: true,
      body: syncBody,
      response: answers({ 200: z.object({ tags: z.array(tagRef) }) }),
      detail: doc("Set a contact's tags to exactly these; unknown names are created", { errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .put("/tags/:id", ({ actor, params, body }) => tags.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateTagBody,
      response: answers({ 200: tagAnswer }),
      detail: doc("Edit a tag", { permission: KANBAN, errors: { 403: "ERR_PLAN_FEATURE_DISABLED", 404: "ERR_NOT_FOUND" } }),
    })
    .delete(
      "/tags/:id",
      async ({ actor, params }) => {
        await tags.remove(actor, params.id);
        return { message: "Tag deleted" };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a tag", { permission: "contacts:manage (admins)", errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } }),
      },
    )
    .delete(
      "/tags-contacts/:tagId/:contactId",
      async ({ actor, params }) => {
        await tags.unlink(actor, params.tagId, params.contactId);
        return { message: "Tag removed from the contact" };
      },
      {
        auth: true,
        params: idParams("tagId", "contactId"),
        response: answers({ 200: messageAnswer }),
        detail: doc("Remove a tag from a contact", { errors: { 404: "ERR_NOT_FOUND" } }),
      },
    );
};
