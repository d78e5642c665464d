import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { tagRef } from "../tags/schema";
import { blockBody, contactAnswer, contactsPageAnswer, createContactBody, listContactsQuery, pickerQuery, updateContactBody } from "./schema";
import { createContactsService } from "./service";

const params = idParams("id");
const notFound = { 404: "ERR_NO_CONTACT_FOUND" } as const;

/** Contacts: the contacts page, the pickers and the conversation's contact drawer. */
export const contactsRoutes = (ctx: AppContext) => {
  const contacts = createContactsService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Contacts"] })
    .use(authPlugin(ctx))
    .get("/contacts", ({ actor, query }) => contacts.list(actor, query), {
      auth: true,
      query: listContactsQuery,
      response: answers({ 200: contactsPageAnswer }),
      detail: doc("List contacts, 20 a page, by name, number, email or tag"),
    })
    .get("/contacts/list", ({ actor, query }) => contacts.picker(actor, query.searchParam), {
      auth: true,
      query: pickerQuery,
      response: answers({ 200: z.array(contactAnswer) }),
      detail: doc("Contacts for pickers, by name"),
    })
    .get("/contacts/profile/:number", ({ actor, params }) => contacts.profilePicture(actor, params.number), {
      auth: true,
      params: z.object({ number: z.string() }),
      response: answers({ 200: z.object({ contactId: z.number(), urlPicture: z.string().nullable() }) }),
      detail: doc("Fetch a contact's picture through a connected session of its channel", {
        errors: { 400: ["ERR_WAPP_NOT_INITIALIZED", "ERR_CHANNEL_UNSUPPORTED"], ...notFound, 502: "ERR_WAPP_CHECK_CONTACT" },
      }),
    })
    .get("/contacts/:id", ({ actor, params }) => contacts.show(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: contactAnswer }),
      detail: doc("One contact with its extra fields", { errors: notFound }),
    })
    .post(
      "/contacts",
      async ({ actor, body, set }) => {
        const contact = await contacts.create(actor, body);
        set.status = 201;
        return contact;
      },
      {
        auth: true,
        body: createContactBody,
        response: answers({ 201: contactAnswer }),
        detail: doc("Create a contact", { errors: { 409: "ERR_DUPLICATED_CONTACT" } }),
      },
    )
    .put("/contacts/block/:id", ({ actor, params, body }) => contacts.setActive(actor, params.id, body.active), {
      auth: true,
      params,
      body: blockBody,
      response: answers({ 200: contactAnswer }),
      detail: doc("Block or unblock a contact", { errors: notFound }),
    })
    .put("/contacts/toggleDisableBot/:id", ({ actor, params }) => contacts.toggleDisableBot(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: contactAnswer }),
      detail: doc("Turn the chatbot off or on for a contact", { errors: notFound }),
    })
    .put("/contacts/toggleAcceptAudio/:id", ({ actor, params }) => contacts.toggleAcceptAudio(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: contactAnswer }),
      detail: doc("Accept or refuse a contact's audio messages", { errors: notFound }),
    })
    .put("/contacts/:id", ({ actor, params, body }) => contacts.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateContactBody,
      response: answers({ 200: contactAnswer }),
      detail: doc("Edit a contact", { errors: { ...notFound, 409: "ERR_DUPLICATED_CONTACT" } }),
    })
    .delete(
      "/contacts/:id",
      async ({ actor, params }) => {
        await contacts.remove(actor, params.id);
        return { message: "Contact deleted" };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a contact without history", {
          permission: "contacts-page:deleteContact (admins)",
          errors: { 403: "ERR_NO_PERMISSION", ...notFound, 409: "ERR_CONTACT_HAS_TICKETS" },
        }),
      },
    )
    .get("/contactTags/:contactId", ({ actor, params }) => contacts.tags(actor, params.contactId), {
      auth: true,
      params: idParams("contactId"),
      response: answers({ 200: z.array(tagRef) }),
      detail: doc("A contact's tags", { errors: notFound }),
    });
};
