/**
 * Rate limits of the public visitor API, per visitor and per client address:
 *
 *   WEBCHAT_RATE_PER_MIN          messages a visitor may post per minute (default 30)
 *   WEBCHAT_RATE_PER_MIN_IP       messages one address may post per minute, all visitors together (default 120)
 *   WEBCHAT_SESSIONS_PER_MIN_IP   visitor sessions one address may start per minute (default 10)
 *
 * History reads (GET messages) count in their own per-address bucket at four times the message rate.
 * Over a limit the API answers 429 ERR_RATE_LIMITED with Retry-After. Counters live in memory (one process).
 */
import type { ChannelHost } from "../../../src/channels/adapter";
import type { Config } from "../../../src/config";

/** The core's clock, as the host hands it over. */
type Clock = ChannelHost["clock"];

export interface WebchatLimits {
  messagesPerVisitor: number;
  messagesPerIp: number;
  sessionsPerIp: number;
  readsPerIp: number;
}

/** The limits from the app's configuration (src/config.ts validates them and holds the defaults). */
export function webchatLimits(config: Pick<Config, "WEBCHAT_RATE_PER_MIN" | "WEBCHAT_RATE_PER_MIN_IP" | "WEBCHAT_SESSIONS_PER_MIN_IP">): WebchatLimits {
  return {
    messagesPerVisitor: config.WEBCHAT_RATE_PER_MIN,
    messagesPerIp: config.WEBCHAT_RATE_PER_MIN_IP,
    sessionsPerIp: config.WEBCHAT_SESSIONS_PER_MIN_IP,
    readsPerIp: config.WEBCHAT_RATE_PER_MIN_IP * 4,
  };
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
