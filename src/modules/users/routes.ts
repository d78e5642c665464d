import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createUserBody, listQuery, pickerQuery, profileImageBody, updateUserBody, userAnswer, userPickerAnswer, usersPageAnswer, widthBody } from "./schema";
import { createUsersService } from "./service";

const params = idParams("id");
const MANAGE = "users:manage (admins); a user may read and edit only themselves";

export const usersRoutes = (ctx: AppContext) => {
  const users = createUsersService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Users"] })
    .use(authPlugin(ctx))
    .get("/users", ({ actor, query }) => users.list(actor, query), {
      auth: true,
      query: listQuery,
      response: answers({ 200: usersPageAnswer }),
      detail: doc("List the company's users, 20 a page", { permission: "users:manage (admins)", errors: { 403: "ERR_NO_PERMISSION" } }),
    })
    .get("/users/list", ({ actor, query }) => users.picker(actor, query.companyId), {
      auth: true,
      query: pickerQuery,
      response: answers({ 200: userPickerAnswer }),
      detail: doc("Id and name of every user, for pickers", { description: "The super user may name another company." }),
    })
    .get("/users/:id", ({ actor, params }) => users.get(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: userAnswer }),
      detail: doc("One user", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NO_USER_FOUND" } }),
    })
    .post(
      "/users",
      async ({ actor, body, set }) => {
        const user = await users.create(actor, body);
        set.status = 201;
        return user;
      },
      {
        auth: true,
        body: createUserBody,
        response: answers({ 201: userAnswer }),
        detail: doc("Create a user", {
          permission: "users:manage (admins)",
          errors: { 403: ["ERR_NO_PERMISSION", "ERR_PLAN_LIMIT_USERS", "ERR_USER_CREATION_DISABLED"], 409: "ERR_EMAIL_ALREADY_EXISTS" },
        }),
      },
    )
    .put("/users/:id", ({ actor, params, body }) => users.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateUserBody,
      response: answers({ 200: userAnswer }),
      detail: doc("Edit a user", {
        permission: `${MANAGE} (name, email, password, theme, menu, width)`,
        errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NO_USER_FOUND", 409: ["ERR_LAST_ADMIN", "ERR_EMAIL_ALREADY_EXISTS"] },
      }),
    })
    .delete(
      "/users/:id",
      async ({ actor, params }) => {
        await users.remove(actor, params.id);
        return { message: "User deleted" };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a user; their tickets return to pending", {
          permission: "users:manage (admins)",
          errors: { 403: ["ERR_NO_PERMISSION", "ERR_CANNOT_DELETE_SELF"], 404: "ERR_NO_USER_FOUND", 409: "ERR_LAST_ADMIN" },
        }),
      },
    )
    .put("/users/toggleChangeWidht/:id", ({ actor, params, body }) => users.setPanelWidth(actor, params.id, body.defaultTicketsManagerWidth), {
      auth: true,
      params,
      body: widthBody,
      response: answers({ 200: userAnswer }),
      detail: doc("Set the width of the user's tickets panel (404 to 700 px)", { permission: MANAGE }),
    })
    .post("/users/:id/media-upload", async ({ actor, params, body }) => ({ user: await users.setProfileImage(actor, params.id, body.profileImage) }), {
      auth: true,
      params,
      body: profileImageBody,
      response: answers({ 200: z.object({ user: userAnswer }) }),
      detail: doc("Upload the user's profile image (multipart field profileImage)", {
        permission: MANAGE,
        errors: { 413: "ERR_MEDIA_TOO_LARGE", 415: "ERR_MEDIA_TYPE_NOT_ALLOWED" },
      }),
    });
};
