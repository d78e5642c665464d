/**
 * GET  /api/webhooks/meta   verification (hub.verify_token = metaVerifyToken(env))
 * POST /api/webhooks/meta   deliveries for object "page" (Messenger) and "instagram", signed with META_APP_SECRET
 *
 * One endpoint for every Facebook and Instagram connection of the app: entry[].id (Page id or Instagram account id)
 * picks the live sessions. Refused unless X-Hub-Signature-256 matches the raw body (missing 401, wrong 403, logged).
 * Without META_APP_SECRET no signature can be checked, so nothing is processed: 403 ERR_META_NOT_CONFIGURED (a
 * refusal, not a server failure: the request is never processed, whatever it holds). 200 once every event is
 * recorded (media files are fetched afterwards); a signed body of the wrong shape is answered 200 and logged, its
 * well-formed entries and events processed; 500 (only for a failure while storing a verified delivery) makes Meta
 * deliver again.
 */
import type { WebhookRequest, WebhookRouter } from "../../../../src/channels/adapter";
import { answerVerification, hubParams } from "../answer-verification";
import type { MetaEnv } from "../env";
import { verifySignature } from "../verify-signature";
import type { MessengerHub } from "./hub";
import { issuePath } from "../issue-path";
import { deliverySchema, entrySchema, messagingEventSchema } from "./payload";
import { metaVerifyToken } from "./verify-token";

export function registerMetaWebhooks(router: WebhookRouter, hub: MessengerHub, env: MetaEnv): void {
  router.get("", (req) => answerVerification(hubParams(req.request, req.query), metaVerifyToken(env)), {
    summary: "Facebook and Instagram: Meta's verification of the app's webhook",
    description: "GET ?hub.mode=subscribe&hub.verify_token=<GET /api/facebook/webhook's verifyToken>&hub.challenge=<n> answers the challenge as text.",
  });
  router.post("", (req) => receiveMetaDelivery(req, hub, env), {
    summary: "Facebook and Instagram: Meta's deliveries for every Page and Instagram account (object page or instagram)",
    description: "Signed with META_APP_SECRET in X-Hub-Signature-256 (sha256=<HMAC of the raw body>); entry[].id picks the connection.",
    example: DELIVERY_EXAMPLE,
  });
}

/** A Messenger text message as Meta documents the delivery. */
const DELIVERY_EXAMPLE = {
  object: "page",
  entry: [
    {
      id: "PAGE_ID",
      time: 1458692752478,
      messaging: [
        {
          sender: { id: "PSID" },
          recipient: { id: "PAGE_ID" },
          timestamp: 1458692752478,
          message: { mid: "m_1457764197618:41d102a3e1ae206a38", text: "hello, world!" },
        },
      ],
    },
  ],
};

export async function receiveMetaDelivery(req: WebhookRequest, hub: MessengerHub, env: MetaEnv): Promise<Response> {
  const log = hub.anyLog() ?? env.log;
  const warn = (msg: string, data?: Record<string, unknown>) => (log ? log.warn(msg, data) : console.warn(JSON.stringify({ level: "warn", msg, ...data })));
  if (!env.appSecret) {
    warn("Meta webhook refused: META_APP_SECRET is not configured", { ip: req.ip });
    return Response.json({ error: "ERR_META_NOT_CONFIGURED", message: "META_APP_SECRET is not configured on this server" }, { status: 403 });
  }
  const header = req.request.headers.get("x-hub-signature-256");
  if (!header) {
    warn("Meta webhook refused: no X-Hub-Signature-256", { ip: req.ip });
    return text(401, "Missing signature");
  }
  if (!verifySignature(req.rawBody, header, env.appSecret)) {
    warn("Meta webhook refused: bad X-Hub-Signature-256", { ip: req.ip });
    return text(403, "Invalid signature");
  }
  let body: unknown;
  try {
    body = JSON.parse(req.rawBody);
  } catch {
    warn("Meta webhook refused: body is not JSON", { ip: req.ip });
    return text(400, "Invalid JSON");
  }
  // A signed body of the wrong shape is Meta's (or a bug's) and will not improve on redelivery: it is acknowledged,
  // logged, and only its well-formed parts are processed.
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) {
    warn("Meta webhook body malformed; nothing stored", { ip: req.ip, at: issuePath(delivery.error) });
    return text(200, "EVENT_RECEIVED");
  }
  const object = delivery.data.object;
  if (object !== "page" && object !== "instagram") return text(200, "OK");
  try {
    for (const [i, rawEntry] of (delivery.data.entry ?? []).entries()) {
      const parsed = entrySchema.safeParse(rawEntry);
      if (!parsed.success) {
        warn("Meta webhook entry malformed; skipped", { object, at: `entry.${i}.${issuePath(parsed.error)}` });
        continue;
      }
      const entry = parsed.data;
      const sessions = entry.id ? hub.find(object, entry.id) : [];
      if (!sessions.length) {
        if (entry.messaging?.length) warn("Meta webhook entry for an account without a live connection skipped", { object, accountId: entry.id });
        continue;
      }
      for (const [j, rawEvent] of (entry.messaging ?? []).entries()) {
        const ev = messagingEventSchema.safeParse(rawEvent);
        if (!ev.success) {
          warn("Meta webhook event malformed; skipped", { object, accountId: entry.id, at: `entry.${i}.messaging.${j}.${issuePath(ev.error)}` });
          continue;
        }
        for (const s of sessions) await s.handleEvent(ev.data);
      }
      if (entry.standby?.length)
        for (const s of sessions) s.host.log.debug("standby events ignored (another app has the thread)", { count: entry.standby.length });
    }
  } catch (err) {
    warn("Meta webhook processing failed; Meta will deliver again", { err: err instanceof Error ? err.message : String(err) });
    return text(500, "Retry later");
  }
  return text(200, "EVENT_RECEIVED");
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
