import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { createTagBody, listTagsQuery, pickerQuery, syncBody, updateTagBody } from "./schema";
import { createTagsService } from "./service";

/** Tags and kanban lanes (spec 1 §7; spec 2 §7 Tags). */
export const tagsRoutes = (ctx: AppContext) => {
  const tags = createTagsService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/tags", ({ actor, query }) => tags.list(actor, parse(listTagsQuery, query)), { auth: true })
    .get("/tags/list", ({ actor, query }) => tags.picker(actor, parse(pickerQuery, query).kanban), { auth: true })
    .get("/tags/:id", ({ actor, params }) => tags.show(actor, parseId(params.id)), { auth: true })
    .post(
      "/tags",
      async ({ actor, body, set }) => {
        const tag = await tags.create(actor, parse(createTagBody, body));
        set.status = 201;
        return tag;
      },
      { auth: true },
    )
    .post("/tags/sync", async ({ actor, body }) => ({ tags: await tags.sync(actor, parse(syncBody, body)) }), { auth: true })
    .put("/tags/:id", ({ actor, params, body }) => tags.update(actor, parseId(params.id), parse(updateTagBody, body)), { auth: true })
    .delete(
      "/tags/:id",
      async ({ actor, params }) => {
        await tags.remove(actor, parseId(params.id));
        return { message: "Tag deleted" };
      },
      { auth: true },
    )
    .delete(
      "/tags-contacts/:tagId/:contactId",
      async ({ actor, params }) => {
        await tags.unlink(actor, parseId(params.tagId, "tagId"), parseId(params.contactId, "contactId"));
        return { message: "Tag removed from the contact" };
      },
      { auth: true },
    );
};
