import type { Db } from "../../db/database";
import { AppError } from "../../http/errors";
import { releaseThrottle, restartThrottle, setThrottleCount, throttleRow } from "./queries";

export interface ThrottleRule {
  max: number;
  windowS: number;
}

/** What reserve() took: handed back to release() when the attempt turns out to be a success. */
export interface Reservation {
  keys: string[];
  windowStart: Map<string, string>;
}

/**
 * Counts attempts per key (an account or a client IP) in a fixed window kept in SQLite, so a restart does not reset
 * an attacker's budget. An attempt is reserved before the secret is checked, in one transaction that reads and
 * counts every key: a burst of parallel guesses is held to the budget exactly as a sequence is, because no request
 * can be checked on a count that another request has not yet written.
 */
export class Throttle {
  constructor(
    private db: Db,
    private rule: ThrottleRule,
  ) {}

  /** Takes one attempt from each key's budget, or throws 429 without taking any. */
  async reserve(keys: string[], now: Date): Promise<Reservation> {
    const iso = now.toISOString();
    const cutoff = new Date(now.getTime() - this.rule.windowS * 1000).toISOString();
    const windowStart = new Map<string, string>();
    await this.db.transaction().execute(async (trx) => {
      for (const key of keys) {
        const row = await throttleRow(trx, key);
        if (!row || row.windowStart < cutoff) {
          await restartThrottle(trx, key, iso);
          windowStart.set(key, iso);
        } else if (row.count >= this.rule.max) {
          const retryAfter = Math.ceil(this.rule.windowS - (now.getTime() - Date.parse(row.windowStart)) / 1000);
          throw new AppError("ERR_RATE_LIMITED", 429, "Too many attempts, try again later", { retryAfter });
        } else {
          await setThrottleCount(trx, key, row.count + 1);
          windowStart.set(key, row.windowStart);
        }
      }
    });
    return { keys, windowStart };
  }

  /** A success gives back only its own attempt (in the window it was taken from); failures before it still count. */
  async release(reservation: Reservation): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const key of reservation.keys) {
        const start = reservation.windowStart.get(key);
        if (start) await releaseThrottle(trx, key, start);
      }
    });
  }
}
