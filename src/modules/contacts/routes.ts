import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { blockBody, createContactBody, listContactsQuery, pickerQuery, updateContactBody } from "./schema";
import { createContactsService } from "./service";

/** Contacts (spec 1 §7 Contacts; spec 2 §7 Contacts). */
export const contactsRoutes = (ctx: AppContext) => {
  const contacts = createContactsService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/contacts", ({ actor, query }) => contacts.list(actor, parse(listContactsQuery, query)), { auth: true })
    .get("/contacts/list", ({ actor, query }) => contacts.picker(actor, parse(pickerQuery, query).searchParam), { auth: true })
    .get("/contacts/profile/:number", ({ actor, params }) => contacts.profilePicture(actor, params.number), { auth: true })
    .get("/contacts/:id", ({ actor, params }) => contacts.show(actor, parseId(params.id)), { auth: true })
    .post(
      "/contacts",
      async ({ actor, body, set }) => {
        const contact = await contacts.create(actor, parse(createContactBody, body));
        set.status = 201;
        return contact;
      },
      { auth: true },
    )
    .put("/contacts/block/:id", ({ actor, params, body }) => contacts.setActive(actor, parseId(params.id), parse(blockBody, body).active), { auth: true })
    .put("/contacts/toggleDisableBot/:id", ({ actor, params }) => contacts.toggleDisableBot(actor, parseId(params.id)), { auth: true })
    .put("/contacts/toggleAcceptAudio/:id", ({ actor, params }) => contacts.toggleAcceptAudio(actor, parseId(params.id)), { auth: true })
    .put("/contacts/:id", ({ actor, params, body }) => contacts.update(actor, parseId(params.id), parse(updateContactBody, body)), { auth: true })
    .delete(
      "/contacts/:id",
      async ({ actor, params }) => {
        await contacts.remove(actor, parseId(params.id));
        return { message: "Contact deleted" };
      },
      { auth: true },
    )
    .get("/contactTags/:contactId", ({ actor, params }) => contacts.tags(actor, parseId(params.contactId, "contactId")), { auth: true });
};
