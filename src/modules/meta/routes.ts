import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { facebookLoginBody, templateMessageBody } from "./schema";
import { createMetaService } from "./service";

/**
 * The Meta channels' routes: POST /facebook (the Facebook/Instagram login flow), GET /facebook/webhook (what the
 * App Dashboard needs), GET /whatsapp/:id/templates and
 * POST /messages/:id/template (the template picker once the 24-hour window has closed). The webhooks are mounted by
 * the channels core (/api/webhooks/whatsappapi/:connectionId, /api/webhooks/meta). Path parameters are named `id`
 * like the other routes under /whatsapp and /messages (the router needs one name per position).
 */
export const metaRoutes = (ctx: AppContext) => {
  const meta = createMetaService(ctx);
  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .post("/facebook", ({ actor, body }) => meta.connectFacebook(actor, parse(facebookLoginBody, body)), { auth: true })
    .get("/facebook/webhook", ({ actor }) => meta.webhook(actor), { auth: true })
    .get("/whatsapp/:id/templates", ({ actor, params }) => meta.templates(actor, parseId(params.id)), { auth: true })
    .post("/messages/:id/template", ({ actor, params, body }) => meta.sendTemplate(actor, parseId(params.id, "ticketId"), parse(templateMessageBody, body)), { auth: true });
};
