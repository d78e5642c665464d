/**
 * GET  /api/webhooks/whatsappapi/:connectionId   Meta's verification (hub.verify_token = the connection's verifyToken)
 * POST /api/webhooks/whatsappapi/:connectionId   deliveries, signed with the connection's app secret
 *
 * A delivery is processed only after its X-Hub-Signature-256 matches the raw body (missing: 401, wrong: 403, both
 * logged). Changes are routed by metadata.phone_number_id to the live sessions of that number using the same app
 * secret. The answer is 200 once every event is recorded by the core (media files are fetched afterwards); a signed
 * body of the wrong shape answers 200 and is logged, its well-formed changes processed; a failure to store answers
 * 500 so Meta delivers again (inbound is idempotent by message id). A connection without a live session answers 404.
 */
import type { WebhookRouter, WebhookRequest } from "../../../src/channels/adapter";
import { answerVerification, hubParams } from "../_meta-graph/answer-verification";
import { verifySignature } from "../_meta-graph/verify-signature";
import { issuePath } from "../_meta-graph/issue-path";
import { waChangeSchema, waDeliverySchema, waEntrySchema } from "./payload";
import type { WaSessionRegistry } from "./registry";

export function registerWhatsAppWebhooks(router: WebhookRouter, registry: WaSessionRegistry): void {
  router.get("/:connectionId", (req) => verifyWhatsAppSubscription(req, registry), {
    summary: "WhatsApp Cloud API: Meta's verification of the connection's webhook",
    description: "GET ?hub.mode=subscribe&hub.verify_token=<the connection's verify token>&hub.challenge=<n> answers the challenge as text.",
  });
  router.post("/:connectionId", (req) => receiveWhatsAppDelivery(req, registry), {
    summary: "WhatsApp Cloud API: Meta's deliveries for the connection's number (messages and statuses)",
    description: "Signed with the connection's app secret in X-Hub-Signature-256 (sha256=<HMAC of the raw body>).",
    example: DELIVERY_EXAMPLE,
  });
}

/** A text message as Meta documents the delivery. */
const DELIVERY_EXAMPLE = {
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
            contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: "16505551234" }],
            messages: [
              {
                from: "16505551234",
                id: "wamid.HBgLMTY1MDUwNzY1MjAVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
                timestamp: "1749416383",
                type: "text",
                text: { body: "Does it come in another color?" },
              },
            ],
          },
        },
      ],
    },
  ],
};

export function verifyWhatsAppSubscription(req: WebhookRequest, registry: WaSessionRegistry): Response {
  const session = registry.get(Number(req.params.connectionId));
  if (!session) return text(404, "Unknown connection");
  const res = answerVerification(hubParams(req.request, req.query), session.config.verifyToken);
  if (res.status !== 200) session.host.log.warn("webhook verification refused", { ip: req.ip });
  return res;
}

export async function receiveWhatsAppDelivery(req: WebhookRequest, registry: WaSessionRegistry): Promise<Response> {
  const session = registry.get(Number(req.params.connectionId));
  if (!session) return text(404, "Unknown connection");
  const header = req.request.headers.get("x-hub-signature-256");
  if (!header) {
    session.host.log.warn("webhook refused: no X-Hub-Signature-256", { ip: req.ip });
    return text(401, "Missing signature");
  }
  if (!verifySignature(req.rawBody, header, session.config.appSecret)) {
    session.host.log.warn("webhook refused: bad X-Hub-Signature-256", { ip: req.ip });
    return text(403, "Invalid signature");
  }
  let body: unknown;
  try {
    body = JSON.parse(req.rawBody);
  } catch {
    session.host.log.warn("webhook refused: body is not JSON", { ip: req.ip });
    return text(400, "Invalid JSON");
  }
  // A signed body of the wrong shape will not improve on redelivery: it is acknowledged, logged, and only its
  // well-formed parts are processed.
  const delivery = waDeliverySchema.safeParse(body);
  if (!delivery.success) {
    session.host.log.warn("webhook body malformed; nothing stored", { ip: req.ip, at: issuePath(delivery.error) });
    return text(200, "OK");
  }
  if (delivery.data.object !== "whatsapp_business_account") {
    session.host.log.debug("webhook ignored", { object: String(delivery.data.object) });
    return text(200, "OK");
  }
  try {
    for (const [i, rawEntry] of (delivery.data.entry ?? []).entries()) {
      const entry = waEntrySchema.safeParse(rawEntry);
      if (!entry.success) {
        session.host.log.warn("webhook entry malformed; skipped", { at: `entry.${i}.${issuePath(entry.error)}` });
        continue;
      }
      for (const [j, rawChange] of (entry.data.changes ?? []).entries()) {
        const change = waChangeSchema.safeParse(rawChange);
        if (!change.success) {
          session.host.log.warn("webhook change malformed; skipped", { at: `entry.${i}.changes.${j}.${issuePath(change.error)}` });
          continue;
        }
        const { field, value } = change.data;
        const phoneId = value.metadata?.phone_number_id;
        const targets = phoneId !== undefined ? registry.byPhoneNumberId(String(phoneId), session.config.appSecret) : [];
        if (!targets.length) {
          session.host.log.warn("webhook change for an unknown phone number id skipped", { phoneNumberId: phoneId, field });
          continue;
        }
        for (const t of targets) await t.handleChange(field, value);
      }
    }
  } catch (err) {
    session.host.log.error("webhook processing failed; Meta will deliver again", { err: err instanceof Error ? err.message : String(err) });
    return text(500, "Retry later");
  }
  return text(200, "OK");
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
