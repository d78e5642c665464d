/**
 * Webhook deliveries the way Meta sends them: the JSON serialised with Meta's escapes ("/" as "\/", every
 * non-ASCII UTF-16 unit as \uXXXX), X-Hub-Signature-256 = "sha256=" + HMAC-SHA256 over exactly those bytes.
 */
import { createHmac } from "node:crypto";

/** The X-Hub-Signature-256 header Meta sends for `rawBody`: "sha256=" + hex HMAC-SHA256 with the app secret. */
export function signBody(rawBody: string | Uint8Array, appSecret: string): string {
  return (
    "sha256=" +
    createHmac("sha256", appSecret)
      .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
      .digest("hex")
  );
}

/** JSON.stringify with Meta's escaping (what arrives at a webhook). */
export function metaStringify(payload: unknown): string {
  return JSON.stringify(payload)
    .replace(/\//g, "\\/")
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export interface SignedDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** The body and headers of a delivery (signature: the default, a given header value, or null for none). */
export function signedDelivery(payload: unknown, appSecret: string, opts: { signature?: string | null; rawBody?: string } = {}): SignedDelivery {
  const rawBody = opts.rawBody ?? metaStringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "facebookexternalua" };
  const sig = opts.signature === undefined ? signBody(rawBody, appSecret) : opts.signature;
  if (sig !== null) headers["x-hub-signature-256"] = sig;
  return { rawBody, headers };
}

/** POSTs a signed delivery to `url`, as Meta's webhook sender does. */
export async function deliver(url: string, payload: unknown, appSecret: string, opts: { signature?: string | null; rawBody?: string } = {}): Promise<Response> {
  const { rawBody, headers } = signedDelivery(payload, appSecret, opts);
  return fetch(url, { method: "POST", headers, body: rawBody });
}

/** Meta's verification request: GET url?hub.mode=subscribe&hub.verify_token=...&hub.challenge=... */
export async function verifySubscription(url: string, verifyToken: string, challenge = "1158201444"): Promise<Response> {
  const u = new URL(url);
  u.searchParams.set("hub.mode", "subscribe");
  u.searchParams.set("hub.challenge", challenge);
  u.searchParams.set("hub.verify_token", verifyToken);
  return fetch(u);
}
