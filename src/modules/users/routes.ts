import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { createUserBody, listQuery, pickerQuery, profileImageBody, updateUserBody, widthBody } from "./schema";
import { createUsersService } from "./service";

export const usersRoutes = (ctx: AppContext) => {
  const users = createUsersService(ctx);

  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/users", ({ actor, query }) => users.list(actor, parse(listQuery, query)), { auth: true })
    .get("/users/list", ({ actor, query }) => users.picker(actor, parse(pickerQuery, query).companyId), { auth: true })
    .get("/users/:id", ({ actor, params }) => users.get(actor, parseId(params.id)), { auth: true })
    .post(
      "/users",
      async ({ actor, body, set }) => {
        const user = await users.create(actor, parse(createUserBody, body));
        set.status = 201;
        return user;
      },
      { auth: true },
    )
    .put("/users/:id", ({ actor, params, body }) => users.update(actor, parseId(params.id), parse(updateUserBody, body)), { auth: true })
    .delete(
      "/users/:id",
      async ({ actor, params }) => {
        await users.remove(actor, parseId(params.id));
        return { message: "User deleted" };
      },
      { auth: true },
    )
    .put(
      "/users/toggleChangeWidht/:id",
      ({ actor, params, body }) => users.setPanelWidth(actor, parseId(params.id), parse(widthBody, body).defaultTicketsManagerWidth),
      { auth: true },
    )
    .post(
      "/users/:id/media-upload",
      async ({ actor, params, body }) => ({ user: await users.setProfileImage(actor, parseId(params.id), parse(profileImageBody, body).profileImage) }),
      { auth: true },
    );
};
