import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { validationError } from "../../http/errors";
import { parse, parseId } from "../../http/validate";
import { createTicketsService } from "../tickets/service";
import { createMessageActions } from "./actions";
import { createForwarding, registerForwardJob } from "./forward";
import { editMessageBody, forwardBody, listMessagesQuery, reactionBody, sendMessageBody, sendMultipartFields } from "./schema";
import { createMessagesService, type SendInput } from "./service";

/**
 * The conversation's message routes (spec 1 §7 Messages); every one goes through canSeeTicket.
 * The path parameter is named `id` everywhere under /messages (the router needs one name per position):
 * a ticket id for GET/POST /messages/:id, a message id everywhere else. transcribeAudio's `{file}` is a message id.
 */
export const messagesRoutes = (ctx: AppContext) => {
  const messages = createMessagesService(ctx);
  const tickets = createTicketsService(ctx);
  const actions = createMessageActions(ctx, tickets);
  const forwarding = createForwarding(ctx, tickets);
  registerForwardJob(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/messages/:id", ({ actor, params, query }) => messages.list(actor, parseId(params.id, "ticketId"), parse(listMessagesQuery, query)), { auth: true })
    .post("/messages/:id", ({ actor, params, body, request }) => messages.send(actor, parseId(params.id, "ticketId"), sendInput(request, body)), {
      auth: true,
    })
    .post("/messages/:id/retry", ({ actor, params }) => messages.retry(actor, parseId(params.id)), { auth: true })
    .post(
      "/messages/edit/:id",
      async ({ actor, params, body }) => {
        const id = parseId(params.id);
        await actions.edit(actor, id, parse(editMessageBody, body).body);
        return messages.viewFor(actor, id);
      },
      { auth: true },
    )
    .delete(
      "/messages/:id",
      async ({ actor, params }) => {
        const id = parseId(params.id);
        await actions.remove(actor, id);
        return messages.viewFor(actor, id);
      },
      { auth: true },
    )
    .post(
      "/messages/:id/reactions",
      async ({ actor, params, body }) => {
        const id = parseId(params.id);
        await actions.react(actor, id, parse(reactionBody, body).type);
        return messages.viewFor(actor, id);
      },
      { auth: true },
    )
    .get("/messages/transcribeAudio/:id", ({ actor, params }) => messages.transcribe(actor, parseId(params.id)), { auth: true })
    .post("/message/forward", ({ actor, body }) => forwarding.forward(actor, parse(forwardBody, body)), { auth: true });
};

/** JSON {body, quotedMsg?, isPrivate?, vCard?, signMessage?} or multipart (medias + body, isPrivate, quotedMsg, signMessage). */
function sendInput(request: Request, raw: unknown): SendInput {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const b = parse(sendMessageBody, raw);
    return { body: b.body, isPrivate: b.isPrivate, quotedMsg: b.quotedMsg ?? null, vCard: b.vCard ?? null, signMessage: b.signMessage, files: [] };
  }
  const form = (raw ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined);
  const f = parse(sendMultipartFields, {
    body: text(form.body),
    isPrivate: text(form.isPrivate),
    quotedMsg: text(form.quotedMsg),
    signMessage: text(form.signMessage),
  });
  const medias = form.medias ?? form["medias[]"] ?? form.media;
  const files = (Array.isArray(medias) ? medias : medias === undefined ? [] : [medias]).filter((m): m is File => m instanceof File);
  if (medias !== undefined && !files.length) throw validationError({ medias: "Expected files" });
  if (files.length > 10) throw validationError({ medias: "At most 10 files at once" });
  return { body: f.body, isPrivate: f.isPrivate, quotedMsg: f.quotedMsg ?? null, signMessage: f.signMessage, files };
}
