/**
 * GET  /api/webhooks/whatsappapi/:connectionId   Meta's verification (hub.verify_token = the connection's verifyToken)
 * POST /api/webhooks/whatsappapi/:connectionId   deliveries, signed with the connection's app secret
 *
 * A delivery is processed only after its X-Hub-Signature-256 matches the raw body (missing: 401, wrong: 403, both
 * logged). Changes are routed by metadata.phone_number_id to the live sessions of that number using the same app
 * secret. The answer is 200 once every event is committed by the core; a failure answers 500 so Meta delivers again
 * (inbound is idempotent by message id). A connection without a live session answers 404.
 */
import type { WebhookRouter, WebhookRequest } from "../../../src/channels/adapter";
import { answerVerification, hubParams } from "../_meta-graph/answer-verification";
import { verifySignature } from "../_meta-graph/verify-signature";
import type { WaChangeValue } from "./normalize";
import type { WaSessionRegistry } from "./registry";

export function registerWhatsAppWebhooks(router: WebhookRouter, registry: WaSessionRegistry): void {
  router.get("/:connectionId", (req) => verifyWhatsAppSubscription(req, registry));
  router.post("/:connectionId", (req) => receiveWhatsAppDelivery(req, registry));
}

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
  let payload: { object?: string; entry?: { id?: string; changes?: { field?: string; value?: WaChangeValue }[] }[] };
  try {
    payload = JSON.parse(req.rawBody);
  } catch {
    session.host.log.warn("webhook refused: body is not JSON", { ip: req.ip });
    return text(400, "Invalid JSON");
  }
  if (payload?.object !== "whatsapp_business_account") {
    session.host.log.debug("webhook ignored", { object: payload?.object });
    return text(200, "OK");
  }
  try {
    for (const entry of payload.entry ?? []) {
      for (const change of entry.changes ?? []) {
        const value = change.value;
        const phoneId = value?.metadata?.phone_number_id;
        if (!value || !change.field) continue;
        const targets = phoneId ? registry.byPhoneNumberId(String(phoneId), session.config.appSecret) : [];
        if (!targets.length) {
          session.host.log.warn("webhook change for an unknown phone number id skipped", { phoneNumberId: phoneId, field: change.field });
          continue;
        }
        for (const t of targets) await t.handleChange(change.field, value);
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
