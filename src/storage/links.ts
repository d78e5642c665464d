import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Expiries are rounded up to this step so the same file gets the same link for a while: a list
 * rendered again within the step reuses the browser's cached copy instead of fetching anew.
 */
const EXPIRY_STEP_S = 300;

export const MEDIA_KEY = /^[0-9a-f]{32}$/;

export function expiryFor(nowMs: number, ttlS: number): number {
  return Math.ceil((Math.floor(nowMs / 1000) + ttlS) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
}

/** HMAC-SHA256 over key, company and expiry: the link is the credential for exactly that file of that company until then. */
export function signLink(secret: string, key: string, companyId: number, exp: number): string {
  return createHmac("sha256", secret).update(`media:${key}:${companyId}:${exp}`).digest("base64url");
}

export function linkSignatureValid(secret: string, key: string, companyId: number, exp: number, sig: string): boolean {
  const expected = Buffer.from(signLink(secret, key, companyId, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
