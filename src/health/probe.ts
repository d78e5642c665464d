import type { Config } from "../config";

/** Where the server of this machine answers: 127.0.0.1 when it listens on every interface, else its own address. */
function localAddress(host: string): string {
  if (host === "" || host === "0.0.0.0" || host === "::" || host === "[::]") return "127.0.0.1";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * `multi100 healthcheck` (the container's HEALTHCHECK: the runtime image has no curl): GET /api/health of the server
 * on PORT. Answers the line to print when it answers 200; throws (exit 1) on any other answer or none within 10 s.
 */
export async function healthcheck(config: Pick<Config, "PORT" | "HOST">): Promise<string> {
  const url = `http://${localAddress(config.HOST)}:${config.PORT}/api/health`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new Error(`unhealthy: no answer from ${url} (${err instanceof Error ? err.message : String(err)})`);
  }
  const body = (await res.text()).slice(0, 500);
  if (res.status !== 200) throw new Error(`unhealthy: ${url} answered ${res.status} ${body}`);
  return `healthy: ${body}`;
}
