import type { ChannelErrorCode } from "../../../src/channels/adapter";
import { GraphError, type GraphErrorInfo } from "./graph-error";

/**
 * Turns a Graph API error into the channel error the core understands.
 *
 * Body shape: {"error": {"message", "type", "code", "error_subcode", "error_user_msg", "error_data": {"details"},
 * "fbtrace_id"}} (https://developers.facebook.com/docs/graph-api/guides/error-handling). Mapping:
 *   190, 102, 0 (token expired, revoked or app user unauthenticated)      -> AUTH_EXPIRED
 *   4, 17, 32, 613, 80007, 130429, 131056                                  -> RATE_LIMITED (with a retry hint)
 *   131026 (undeliverable), 551 (person unavailable), 100/2018001 (no matching user), 230 -> NOT_ON_CHANNEL
 *   131047 (re-engagement), 10/2018278 and 10/2018065 (outside allowed window) -> OUTSIDE_WINDOW
 *   HTTP 5xx, 1, 2, 131000, 131016, Meta unreachable                       -> TEMPORARY (a timeout: UNKNOWN, see networkError)
 *   anything else                                                          -> UNKNOWN, with Meta's text kept
 */
export function mapGraphError(input: { status?: number; body?: unknown; headers?: Headers }): GraphError {
  const raw = errorObject(input.body);
  const info: GraphErrorInfo = {
    status: input.status,
    code: num(raw?.code),
    subcode: num(raw?.error_subcode),
    type: str(raw?.type),
    fbtraceId: str(raw?.fbtrace_id),
    message: str(raw?.message) ?? str(raw?.title),
    details: str(raw?.error_user_msg) ?? str((raw?.error_data as Record<string, unknown> | undefined)?.details),
  };
  const code = classify(info);
  const retryAfterMs = code === "RATE_LIMITED" || code === "TEMPORARY" ? retryHint(info, input.headers) : undefined;
  return new GraphError(code, readable(info), info, retryAfterMs);
}

/** An error of a WhatsApp status webhook ({code, title, message, error_data: {details}}) as a channel error. */
export function mapStatusError(err: unknown): GraphError {
  const e = (err && typeof err === "object" ? err : {}) as Record<string, unknown>;
  return mapGraphError({ body: { error: { code: e.code, message: e.message ?? e.title, error_data: e.error_data } } });
}

/**
 * A fetch that got no answer. Unreachable (DNS, refused, reset) is TEMPORARY: Meta did not take the request, so the
 * core may send it again. A timeout is UNKNOWN: the request went out and Meta may have carried it out (a message may
 * have been delivered), so only a person decides to send it again.
 */
export function networkError(err: unknown): GraphError {
  const message = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new GraphError("UNKNOWN", `Meta did not answer in time; the request may have been carried out: ${message}`, { message });
  }
  return new GraphError("TEMPORARY", `Meta unreachable: ${message}`, { message }, 5_000);
}

const RATE_LIMIT_DEFAULT_MS: Record<number, number> = {
  4: 60_000, // application request limit
  17: 60_000, // user request limit
  32: 60_000, // page request limit
  613: 60_000, // calls to this API exceeded the rate limit
  80007: 60_000, // WABA rate limit
  130429: 5_000, // Cloud API throughput
  131056: 6_000, // business/consumer pair limit: about one message every 6 s to the same person
};

function classify(i: GraphErrorInfo): ChannelErrorCode {
  const c = i.code;
  if (c === 190 || c === 102 || c === 0) return "AUTH_EXPIRED";
  if (c !== undefined && c in RATE_LIMIT_DEFAULT_MS) return "RATE_LIMITED";
  if (c === 131026 || c === 551 || c === 230 || (c === 100 && i.subcode === 2018001)) return "NOT_ON_CHANNEL";
  if (c === 131047 || (c === 10 && (i.subcode === 2018278 || i.subcode === 2018065))) return "OUTSIDE_WINDOW";
  if (c === 1 || c === 2 || c === 131000 || c === 131016) return "TEMPORARY";
  if (i.status !== undefined && i.status >= 500) return "TEMPORARY";
  if (i.status === 429) return "RATE_LIMITED";
  if (c === undefined && i.status === 401) return "AUTH_EXPIRED";
  return "UNKNOWN";
}

function readable(i: GraphErrorInfo): string {
  const text = i.details && i.message && !i.message.includes(i.details) ? `${i.message}: ${i.details}` : (i.details ?? i.message);
  if (text) return i.code !== undefined && !text.includes(`#${i.code}`) ? `${text} (#${i.code})` : text;
  if (i.status) return `Meta answered HTTP ${i.status}`;
  return "Meta reported an error";
}

function retryHint(i: GraphErrorInfo, headers?: Headers): number {
  const ra = headers?.get("retry-after");
  if (ra && /^\d+$/.test(ra.trim())) return Number(ra.trim()) * 1000;
  // X-Business-Use-Case-Usage / X-App-Usage carry estimated_time_to_regain_access in minutes.
  for (const name of ["x-business-use-case-usage", "x-app-usage", "x-page-usage"]) {
    const minutes = regainMinutes(headers?.get(name));
    if (minutes) return minutes * 60_000;
  }
  if (i.code !== undefined && RATE_LIMIT_DEFAULT_MS[i.code]) return RATE_LIMIT_DEFAULT_MS[i.code]!;
  return i.status === 429 ? 60_000 : 5_000;
}

function regainMinutes(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  try {
    let best = 0;
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          if (k === "estimated_time_to_regain_access" && typeof x === "number") best = Math.max(best, x);
          else walk(x);
        }
      }
    };
    walk(JSON.parse(header));
    return best || undefined;
  } catch {
    return undefined;
  }
}

function errorObject(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== "object") return undefined;
  const e = (body as Record<string, unknown>).error;
  return e && typeof e === "object" ? (e as Record<string, unknown>) : undefined;
}

function num(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
  return undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}
