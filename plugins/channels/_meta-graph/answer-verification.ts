import { timingSafeEqual } from "node:crypto";

/**
 * Answers Meta's webhook verification request (GET with hub.mode=subscribe, hub.verify_token, hub.challenge):
 * the challenge echoed as text/plain 200 when the token matches, 403 otherwise.
 *
 * Source: https://developers.facebook.com/docs/graph-api/webhooks/getting-started#verification-requests
 */
export function answerVerification(params: URLSearchParams | Record<string, string | undefined>, expectedToken: string | null | undefined): Response {
  const get = (k: string) => (params instanceof URLSearchParams ? (params.get(k) ?? undefined) : params[k]);
  const mode = get("hub.mode");
  const token = get("hub.verify_token");
  const challenge = get("hub.challenge");
  if (mode !== "subscribe" || !expectedToken || typeof token !== "string" || challenge === undefined || !sameText(token, expectedToken)) {
    return new Response("Forbidden", { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  return new Response(challenge, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** hub.* parameters from the request URL (the query object of a router may nest dotted keys). */
export function hubParams(request: Request, query: Record<string, string> = {}): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [k, v] of Object.entries(query)) if (!params.has(k) && typeof v === "string") params.set(k, v);
  return params;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
