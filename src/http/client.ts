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
