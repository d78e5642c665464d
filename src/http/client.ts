import type { Config } from "../config";

type Server = { requestIP(req: Request): { address: string } | null } | null | undefined;

/** The client's address: X-Forwarded-For's first hop only when TRUST_PROXY says a proxy sets it. */
export function clientIp(config: Config, request: Request, server: Server): string {
  if (config.TRUST_PROXY) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "local";
}

/** Whether the browser reached us over https (directly, through PUBLIC_URL, or a trusted proxy). */
export function isHttps(config: Config, request: Request): boolean {
  if (config.PUBLIC_URL?.startsWith("https://")) return true;
  if (config.TRUST_PROXY && request.headers.get("x-forwarded-proto") === "https") return true;
  return new URL(request.url).protocol === "https:";
}

/**
 * The Origin a request names when it is another site's than ours; undefined for our own pages (its host is the
 * request's Host, PUBLIC_URL's or, behind a trusted proxy, X-Forwarded-Host) and for clients that send none.
 */
export function foreignOrigin(config: Config, request: Request): string | undefined {
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return origin; // "null" (a sandboxed or opaque page) or garbage: not one of ours
  }
  const ours = [new URL(request.url).host, request.headers.get("host")];
  if (config.PUBLIC_URL) ours.push(new URL(config.PUBLIC_URL).host);
  if (config.TRUST_PROXY) ours.push(request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? null);
  return ours.includes(host) ? undefined : origin;
}
