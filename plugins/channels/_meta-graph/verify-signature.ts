import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Checks Meta's X-Hub-Signature-256 header: "sha256=" + hex HMAC-SHA256 of the request body with the app secret.
 *
 * The HMAC is computed over the body exactly as received. Meta serialises with its own escapes ("\/" for "/",
 * "\u00e9" for non-ASCII), so parsing and re-serialising the JSON before hashing would change the bytes and refuse
 * genuine deliveries: always hand this the raw body. The comparison is constant-time.
 *
 * Source: https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads
 */
export function verifySignature(rawBody: string | Uint8Array, header: string | null | undefined, appSecret: string | null | undefined): boolean {
  if (!appSecret || typeof header !== "string") return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret)
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest();
  const given = Buffer.from(match[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
