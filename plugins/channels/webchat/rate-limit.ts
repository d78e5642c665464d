/**
 * Rate limits of the public visitor API, per visitor and per client address, per minute:
 *
 *   messagesPerVisitor   messages a visitor may post (WEBCHAT_RATE_PER_MIN, default 30)
 *   messagesPerIp        messages one address may post, all visitors together (WEBCHAT_RATE_PER_MIN_IP, default 120)
 *   sessionsPerIp        visitor sessions one address may start (WEBCHAT_SESSIONS_PER_MIN_IP, default 10)
 *
 * The rates come from the app's configuration through plugins/index.ts (src/config.ts validates them and holds the
 * defaults), so the plugin reads no configuration itself. History reads (GET messages) and socket opens count in their
 * own per-address bucket at four times the message rate. Over a limit the API answers 429 ERR_RATE_LIMITED with
 * Retry-After. Counters live in memory (one process).
 */
import type { ChannelHost } from "../../../src/channels/adapter";

/** The core's clock, as the host hands it over. */
type Clock = ChannelHost["clock"];

export interface WebchatLimits {
  messagesPerVisitor: number;
  messagesPerIp: number;
  sessionsPerIp: number;
  readsPerIp: number;
}

/** The configured rates; the read bucket follows from them. */
export type WebchatRates = Omit<WebchatLimits, "readsPerIp">;

export function webchatLimits(rates: WebchatRates): WebchatLimits {
  return { ...rates, readsPerIp: rates.messagesPerIp * 4 };
}

const WINDOW_MS = 60_000;
/** Above this many keys, expired windows are swept out on the next hit. */
const SWEEP_ABOVE = 10_000;

/**
 * Sliding-window counter (the previous fixed window weighted by how much of it still overlaps the last minute):
 * smooth like a log of hits, with two numbers per key.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number; previous: number }>();

  constructor(private clock: Clock) {}

  /** Counts one hit for each key against its limit; answers the seconds to wait when any key is over (nothing counted then). */
  take(keys: readonly { key: string; limit: number }[]): { ok: true } | { ok: false; retryAfterS: number } {
    const now = this.clock.now().getTime();
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    let retryAfterS = 0;
    const current = keys.map(({ key, limit }) => {
      const w = this.window(key, now);
      const elapsed = (now - w.start) / WINDOW_MS;
      const used = w.previous * (1 - elapsed) + w.count;
      if (used + 1 > limit) retryAfterS = Math.max(retryAfterS, Math.ceil(((1 - elapsed) * WINDOW_MS) / 1000) || 1);
      return w;
    });
    if (retryAfterS > 0) return { ok: false, retryAfterS };
    for (const w of current) w.count++;
    return { ok: true };
  }

  private window(key: string, now: number) {
    let w = this.windows.get(key);
    const start = now - (now % WINDOW_MS);
    if (!w) {
      w = { start, count: 0, previous: 0 };
      this.windows.set(key, w);
    } else if (w.start !== start) {
      w.previous = start - w.start === WINDOW_MS ? w.count : 0;
      w.count = 0;
      w.start = start;
    }
    return w;
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= 2 * WINDOW_MS) this.windows.delete(key);
  }
}
