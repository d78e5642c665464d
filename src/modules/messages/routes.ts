import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { formFields, isMultipart } from "../../http/forms";
import { answers, doc, errorAnswer, idParamAs, idParams, row } from "../../http/schemas";
import { ticketAnswer } from "../tickets/schema";
import { createTicketsService } from "../tickets/service";
import { createMessageActions } from "./actions";
import { createForwarding, registerForwardJob } from "./forward";
import { editMessageBody, forwardBody, listMessagesQuery, messageAnswer, reactionBody, SEND_FORM_FIELDS, sendMessageBody } from "./schema";
import { createMessagesService } from "./service";

const SEE = "the message's ticket must be one the user may see";
const SEND = `${SEE}; agents send only on open or group tickets (private notes on any)`;
const params = idParams("id");
/** GET/POST /messages/:id name a ticket: a refused id is reported as `ticketId`. */
const ticketParams = idParamAs("id", "ticketId");
const notFound = { 404: ["ERR_NOT_FOUND", "ERR_NO_TICKET_FOUND"] } as const;

/**
 * The conversation's message routes; every one goes through canSeeTicket.
 * The path parameter is named `id` everywhere under /messages (the router needs one name per position):
 * a ticket id for GET/POST /messages/:id, a message id everywhere else. transcribeAudio's `{file}` is a message id.
 */
export const messagesRoutes = (ctx: AppContext) => {
  const messages = createMessagesService(ctx);
  const tickets = createTicketsService(ctx);
  const actions = createMessageActions(ctx, tickets);
  const forwarding = createForwarding(ctx, tickets);
  registerForwardJob(ctx);
  return new Elysia({ prefix: "/api", tags: ["Messages"] })
    .use(authPlugin(ctx))
    .get("/messages/:id", ({ actor, params, query }) => messages.list(actor, params.id, query), {
      auth: true,
      params: ticketParams,
      query: listMessagesQuery,
      response: answers({ 200: row({ messages: z.array(messageAnswer), hasMore: z.boolean(), ticket: ticketAnswer }) }),
      detail: doc("A ticket's messages, 20 a page, newest page first (id is the ticket's); marks the ticket read", { permission: SEE, errors: notFound }),
    })
    .post(
      "/messages/:id",
      ({ actor, params, body }) =>
        messages.send(actor, params.id, {
          body: body.body,
          isPrivate: body.isPrivate,
          quotedMsg: body.quotedMsg ?? null,
          vCard: body.vCard ?? null,
          signMessage: body.signMessage,
          files: body.medias ?? [],
        }),
      {
        auth: true,
        params: ticketParams,
        transform(c) {
          if (isMultipart(c.request))
            c.body = formFields(c.body as Record<string, unknown>, SEND_FORM_FIELDS, {
              into: "medias",
              from: ["medias", "medias[]", "media"],
            }) as typeof c.body;
        },
        body: sendMessageBody,
        response: answers({ 200: z.object({ message: messageAnswer, messages: z.array(messageAnswer) }) }),
        detail: doc("Send a message, a private note, a contact card or files on a ticket (id is the ticket's); JSON or multipart", {
          permission: SEND,
          errors: {
            400: ["ERR_OUTSIDE_WINDOW", "ERR_WAPP_NOT_INITIALIZED"],
            403: "ERR_NO_PERMISSION",
            ...notFound,
            413: "ERR_MEDIA_TOO_LARGE",
            415: "ERR_MEDIA_TYPE_NOT_ALLOWED",
          },
        }),
      },
    )
    .post("/messages/:id/retry", ({ actor, params }) => messages.retry(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: messageAnswer }),
      detail: doc("Send a failed message again", { permission: SEND, errors: { 403: "ERR_NO_PERMISSION", ...notFound } }),
    })
    .post(
      "/messages/edit/:id",
      async ({ actor, params, body }) => {
        await actions.edit(actor, params.id, body.body);
        return messages.viewFor(actor, params.id);
      },
      {
        auth: true,
        params,
        body: editMessageBody,
        response: answers({ 200: messageAnswer }),
        detail: doc("Edit an agent's message, where the channel can", {
          permission: SEND,
          errors: { 400: ["ERR_MESSAGE_NOT_EDITABLE", "ERR_CHANNEL_UNSUPPORTED"], ...notFound },
        }),
      },
    )
    .delete(
      "/messages/:id",
      async ({ actor, params }) => {
        await actions.remove(actor, params.id);
        return messages.viewFor(actor, params.id);
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete an agent's message for everyone, where the channel can", {
          permission: SEND,
          errors: { 400: "ERR_MESSAGE_NOT_DELETABLE", ...notFound },
        }),
      },
    )
    .post(
      "/messages/:id/reactions",
      async ({ actor, params, body }) => {
        await actions.react(actor, params.id, body.type);
        return messages.viewFor(actor, params.id);
      },
      {
        auth: true,
        params,
        body: reactionBody,
        response: answers({ 200: messageAnswer }),
        detail: doc("React to a message (an empty type takes the agent's reaction off)", {
          permission: SEND,
          errors: { 400: "ERR_CHANNEL_UNSUPPORTED", ...notFound },
        }),
      },
    )
    .get("/messages/transcribeAudio/:id", ({ actor, params }) => messages.transcribe(actor, params.id), {
      auth: true,
      params,
      response: answers({ 501: errorAnswer }),
      detail: doc("Transcribe an audio message: no transcription integration exists yet", {
        permission: SEE,
        errors: { ...notFound, 501: "ERR_TRANSCRIPTION_UNAVAILABLE" },
      }),
    })
    .post("/message/forward", ({ actor, body }) => forwarding.forward(actor, body), {
      auth: true,
      body: forwardBody,
      response: answers({ 200: z.object({ ticket: ticketAnswer, messageIds: z.array(z.number()) }) }),
      detail: doc("Forward messages to a contact (its open ticket, or a new one)", { permission: SEND, errors: { 400: "ERR_OUTSIDE_WINDOW", ...notFound } }),
    });
};
