import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParamAs, idParams, row } from "../../http/schemas";
import { seenConnection } from "../connections/schema";
import { messageAnswer } from "../messages/schema";
import { facebookLoginBody, templateMessageBody } from "./schema";
import { createMetaService } from "./service";

const META_ERRORS = { 400: "ERR_META_TOKEN_EXPIRED", 403: "ERR_META_NOT_CONFIGURED", 429: "ERR_RATE_LIMITED", 502: "ERR_META_REQUEST_FAILED" } as const;

/**
 * The Meta channels' routes: POST /facebook (the Facebook/Instagram login flow), GET /facebook/webhook (what the
 * App Dashboard needs), GET /whatsapp/:id/templates and
 * POST /messages/:id/template (the template picker once the 24-hour window has closed). The webhooks are mounted by
 * the channels core (/api/webhooks/whatsappapi/:connectionId, /api/webhooks/meta). Path parameters are named `id`
 * like the other routes under /whatsapp and /messages (the router needs one name per position).
 */
export const metaRoutes = (ctx: AppContext) => {
  const meta = createMetaService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Meta channels"] })
    .use(authPlugin(ctx))
    .post("/facebook", ({ actor, body }) => meta.connectFacebook(actor, body), {
      auth: true,
      body: facebookLoginBody,
      response: answers({
        200: z.object({
          connections: z.array(seenConnection),
          renewed: z.array(seenConnection),
          skipped: z.array(row({ pageId: z.string(), name: z.string(), reason: z.string() })),
        }),
      }),
      detail: doc("Connect the Facebook Pages (or with addInstagram their Instagram accounts) of a Facebook login", {
        permission: "connections-page:addConnection, and the plan's useFacebook / useInstagram",
        errors: { ...META_ERRORS, 403: ["ERR_META_NOT_CONFIGURED", "ERR_NO_PERMISSION", "ERR_PLAN_FEATURE_DISABLED", "ERR_PLAN_LIMIT_CONNECTIONS"] },
      }),
    })
    .get("/facebook/webhook", ({ actor }) => meta.webhook(actor), {
      auth: true,
      response: answers({ 200: z.object({ path: z.string(), url: z.string().nullable(), verifyToken: z.string().nullable() }) }),
      detail: doc("The callback URL and verify token to paste in the Meta App Dashboard", {
        permission: "platform:manage (the super user)",
        errors: { 403: "ERR_NO_PERMISSION" },
      }),
    })
    .get("/whatsapp/:id/templates", ({ actor, params }) => meta.templates(actor, params.id), {
      auth: true,
      params: idParams("id"),
      response: answers({
        200: z.array(row({ id: z.string(), name: z.string(), language: z.string(), status: z.string(), components: z.array(z.unknown()) })),
      }),
      detail: doc("The approved message templates of a WhatsApp Cloud API connection", {
        errors: { ...META_ERRORS, 400: ["ERR_META_TOKEN_EXPIRED", "ERR_CHANNEL_UNSUPPORTED"], 404: "ERR_NO_WAPP_FOUND" },
      }),
    })
    .post("/messages/:id/template", ({ actor, params, body }) => meta.sendTemplate(actor, params.id, body), {
      auth: true,
      params: idParamAs("id", "ticketId"),
      body: templateMessageBody,
      response: answers({ 200: z.object({ message: messageAnswer, messages: z.array(messageAnswer) }) }),
      detail: doc("Send an approved template on a ticket (id is the ticket's), e.g. once the 24-hour window has closed", {
        permission: "the ticket must be one the user may see and write in",
        errors: { ...META_ERRORS, 400: ["ERR_META_TOKEN_EXPIRED", "ERR_CHANNEL_UNSUPPORTED", "ERR_OUTSIDE_WINDOW"], 404: "ERR_NO_TICKET_FOUND" },
      }),
    });
};
