import { createHmac } from "node:crypto";
import type { MetaEnv } from "../env";

/**
 * The verify token of the shared /api/webhooks/meta endpoint: META_VERIFY_TOKEN when set, otherwise derived from
 * META_APP_SECRET (stable across restarts, nothing to store; the super user copies it into the App Dashboard).
 */
export function metaVerifyToken(env: Pick<MetaEnv, "verifyToken" | "appSecret">): string | undefined {
  if (env.verifyToken) return env.verifyToken;
  if (!env.appSecret) return undefined;
  return createHmac("sha256", env.appSecret).update("multi100:meta-webhook-verify-token").digest("hex").slice(0, 32);
}
